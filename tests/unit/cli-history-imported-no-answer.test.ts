import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConsole } from '../../src/main/app';
import type { NewEvent } from '../../src/main/store/events-repository';
import { matchSummary } from '../../src/renderer/src/features/timeline/summary-matches-filter';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir } from './helpers/temp-console';

/**
 * A request still waiting for its answer when its console exported it, imported into another
 * data directory: nothing is coming to this console. `history` printed `-` in its STATUS column
 * and `--json` gave `status_word: "waiting"`, the words of a request this console still waits
 * on, where the Timeline's row reads `no answer`.
 */

/** A request as recorded-exchange.ts stores it before its request leaves: no answer yet. */
const pending = (path: string): NewEvent => ({
  kind: 'request',
  // Young: the interrupted sweep of a CLI's start leaves it waiting (interrupted-exchanges.ts).
  atMs: Date.now(),
  method: 'POST',
  url: `http://127.0.0.1:9${path}`,
  path,
  requestBody: Buffer.from('{}'),
  details: { operation: 'authorise' },
});

interface Listed {
  id: number;
  path: string | null;
  imported: boolean;
  status: number | null;
  error: string | null;
  status_word: string;
}

const temp = makeTempDir();
const exporter = join(temp.dir, 'exporter');
const importer = join(temp.dir, 'importer');
const cli = (dataDir: string, ...args: string[]) => runCliCaptured(['--data-dir', dataDir, ...args]);

beforeAll(async () => {
  const first = await createConsole({ dataDir: exporter, frontDoor: 'browser', keychain: 'off' });
  first.recorder.record(pending('/exported-waiting'));
  await first.close();
  const file = join(temp.dir, 'waiting.json');
  expect((await cli(exporter, 'export', '--format', 'json', '--out', file)).code).toBe(0);
  expect((await cli(importer, 'import', file)).code).toBe(0);
  // This console's own request, still waiting: the one `-`/`waiting` is for.
  const second = await createConsole({ dataDir: importer, frontDoor: 'browser', keychain: 'off' });
  second.recorder.record(pending('/own-waiting'));
  await second.close();
});
afterAll(() => temp.remove());

const rowOf = (stdout: string, path: string) =>
  stdout.split('\n').find((line) => line.includes(path)) ?? `(no row for ${path})`;

describe('an imported request with no answer in its file, listed', () => {
  it('reads `no answer` in the table, as its Timeline row; this console’s own wait stays `-`', async () => {
    const run = await cli(importer, 'history');
    expect(run.code).toBe(0);
    expect(rowOf(run.stdout, '/exported-waiting')).toMatch(/\s\/exported-waiting\s+no answer\s+-\s/);
    expect(rowOf(run.stdout, '/own-waiting')).toMatch(/\s\/own-waiting\s+-\s+-\s/);
  });

  it('says so in --json: imported, no status, no error, status_word "no answer" (not "waiting")', async () => {
    const run = await cli(importer, 'history', '--json');
    const records = JSON.parse(run.stdout) as Listed[];
    const imported = records.find((record) => record.path === '/exported-waiting');
    const own = records.find((record) => record.path === '/own-waiting');
    expect(imported).toMatchObject({ imported: true, status: null, error: null, status_word: 'no answer' });
    expect(own).toMatchObject({ imported: false, status: null, error: null, status_word: 'waiting' });
  });

  it('is found by --status none (no answer of any kind), never by --status unanswered', async () => {
    const none = await cli(importer, 'history', '--status', 'none', '--json');
    const paths = (JSON.parse(none.stdout) as Listed[]).map((record) => record.path).sort();
    expect(paths).toEqual(['/exported-waiting', '/own-waiting']);
    const unanswered = await cli(importer, 'history', '--status', 'unanswered');
    expect([unanswered.code, unanswered.stdout]).toEqual([0, 'No matching records.\n']);
  });

  it('matches the Timeline’s filter in the window as the database does', async () => {
    const core = await createConsole({ dataDir: importer, frontDoor: 'browser', keychain: 'off' });
    try {
      const [summary] = core.eventsQuery.page({ imported: true }, { limit: 10 }).items;
      if (summary === undefined) throw new Error('seed');
      for (const statuses of [['none'], ['unanswered'], ['2xx'], [200]] as const) {
        const inDatabase = core.eventsQuery.count({ statuses: [...statuses], ids: [summary.id] }) === 1;
        expect(matchSummary(summary, { statuses: [...statuses] }) === 'match', JSON.stringify(statuses)).toBe(
          inDatabase,
        );
      }
      expect(matchSummary(summary, { statuses: ['none'] })).toBe('match');
    } finally {
      await core.close();
    }
  });
});
