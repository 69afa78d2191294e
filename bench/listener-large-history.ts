import { cpSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempDir } from '../tests/unit/helpers/temp-console';
import { load, type BenchResult } from './bench-kit';
import { seededDir } from './history-search';
import { acknowledgedOf, benchWebhook, measuredLoad, SECRET, storedRows } from './listener-ingest';
import { startConsoleCommand } from './processes';

const SECONDS = 8;
const CONNECTIONS = 10;

/**
 * The listener where a QA engineer's listener runs: over a long history. `listen` on a copy of
 * the search bench's data directory (1,000,000 records), against the same listener on an empty
 * one just before, the same load. Each index and trigger of the events table costs more as the
 * table grows (a uid index fed random uids wrote a page of it per row), so the empty-history
 * figures alone overstate what users get.
 */
export async function listenerLargeHistory(): Promise<BenchResult[]> {
  const { token, body, headers } = await benchWebhook();
  const run = async (dataDir: string) => {
    const listener = await startConsoleCommand(
      dataDir,
      ['listen', '--port', '0', '--notification-token', SECRET],
      /Listening on (http:\/\/\S+)/,
    );
    const before = storedRows(join(dataDir, 'console.sqlite'), 'events');
    const result = await measuredLoad(listener, () =>
      load({
        url: `${listener.url}/webhooks?serviceToken=${token}`,
        connections: CONNECTIONS,
        seconds: SECONDS,
        headers,
        body,
      }),
    );
    await listener.stop();
    const acknowledged = acknowledgedOf(result);
    const stored = storedRows(join(dataDir, 'console.sqlite'), 'events') - before;
    return { ...result, acknowledged, stored, lost: Math.max(0, acknowledged - stored), records: before };
  };

  const empty = makeTempDir('cc-bench-empty-');
  const large = makeTempDir('cc-bench-large-');
  try {
    const alone = await run(empty.dir);
    const seeded = seededDir();
    rmSync(large.dir, { recursive: true, force: true });
    cpSync(seeded, large.dir, { recursive: true });
    const console_ = await run(large.dir);
    const ratio = console_.requestsPerSecond / Math.max(alone.requestsPerSecond, 1);
    return [
      {
        name: 'listener-large-history',
        title: 'Listener ingest on a 1,000,000-record history (10 connections)',
        goal: 'p99 ≤ 20 ms, 0 lost, ≥ 80% of the same listener on an empty history',
        console: console_,
        reference: alone,
        ratio: Number(ratio.toFixed(3)),
        pass: console_.p99Ms <= 20 && console_.lost === 0 && ratio >= 0.8,
        notes:
          '`listen` in its own process on a copy of the history-search data directory (1,000,000 records; seeded once under bench/.work), the reference the same listener on an empty data directory just before; autocannon, 8 s, 10 connections, the listener bench’s signed notification; lost = acknowledged − rows added, counted after the listener exits.',
      },
    ];
  } finally {
    empty.remove();
    large.remove();
  }
}
