import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createConsole } from '../src/main/app';
import { migrations } from '../src/main/store/migrations';
import { seedEvents } from '../tests/e2e/fixtures/seed-events';
import { percentile, type BenchResult } from './bench-kit';

const COUNT = 1_000_000;
const WORK = join(import.meta.dirname, '.work', 'search-1m');

/** A data directory with a million records, seeded once and kept (keyed by the schema) under bench/.work. */
export function seededDir(): string {
  const schema = migrations.map((migration) => `${migration.id}:${migration.sql.length}`).join(',');
  const marker = join(WORK, 'schema.txt');
  if (existsSync(marker) && readFileSync(marker, 'utf8') === `${schema}/${COUNT}`) return WORK;
  mkdirSync(WORK, { recursive: true });
  for (const file of ['console.sqlite', 'console.sqlite-wal', 'console.sqlite-shm'])
    if (existsSync(join(WORK, file))) writeFileSync(join(WORK, file), '');
  const started = Date.now();
  seedEvents(WORK, COUNT);
  process.stderr.write(
    `  seeded ${COUNT} records in ${Math.round((Date.now() - started) / 1000)} s (cached in bench/.work)\n`,
  );
  writeFileSync(marker, `${schema}/${COUNT}`);
  return WORK;
}

const QUERIES = [
  { text: 'order_captured', kinds: ['webhook' as const] },
  { text: 'order_approved', tokenVerdicts: ['valid' as const] },
  { text: 'REF', statuses: ['2xx' as const] },
  { text: 'webhooks', kinds: ['webhook' as const, 'replay' as const] },
  { text: '00000000-0000-4000-8000-0000000123' },
];

/**
 * The reference: the same searches as a tool without a text index runs them, a LIKE scan over
 * every text column and both bodies, newest first, the same filters in SQL, first 200 hits.
 */
function naiveScanTimes(dir: string, rounds: number): number[] {
  const db = new Database(join(dir, 'console.sqlite'), { readonly: true });
  try {
    const times: number[] = [];
    for (let round = 0; round < rounds; round++)
      for (const query of QUERIES) {
        const where = [
          `(CAST(request_body AS TEXT) LIKE @text OR CAST(response_body AS TEXT) LIKE @text OR url LIKE @text
            OR order_id LIKE @text OR order_reference_id LIKE @text OR event_type LIKE @text OR uid LIKE @text
            OR error LIKE @text OR token_verdict LIKE @text OR body_verdict LIKE @text)`,
        ];
        if ('kinds' in query && query.kinds !== undefined)
          where.push(`kind IN (${query.kinds.map((kind) => `'${kind}'`).join(', ')})`);
        if ('tokenVerdicts' in query && query.tokenVerdicts !== undefined)
          where.push(`token_verdict IN (${query.tokenVerdicts.map((verdict) => `'${verdict}'`).join(', ')})`);
        if ('statuses' in query) where.push('status BETWEEN 200 AND 299');
        const started = performance.now();
        db.prepare(`SELECT id FROM events WHERE ${where.join(' AND ')} ORDER BY id DESC LIMIT 200`).all({
          text: `%${query.text}%`,
        });
        times.push(performance.now() - started);
      }
    return times;
  } finally {
    db.close();
  }
}

/** A text search plus a filter through the bridge's dispatcher (zod in, zod out), first 200 hits. */
export async function historySearch(): Promise<BenchResult[]> {
  const dir = seededDir();
  const core = await createConsole({ dataDir: dir, frontDoor: 'browser', keychain: 'off' });
  try {
    const times: number[] = [];
    for (let round = 0; round < 40; round++)
      for (const filter of QUERIES) {
        const started = performance.now();
        const result = await core.dispatcher('listEvents', { filter, limit: 200 }, { transport: 'direct' });
        times.push(performance.now() - started);
        if (!result.ok) throw new Error(JSON.stringify(result.error));
      }
    const p95 = percentile(times, 95);
    const reference = naiveScanTimes(dir, 3);
    const referenceP95 = percentile(reference, 95);
    return [
      {
        name: 'history-search-1m',
        title: 'History search at 1,000,000 records (text + filter, first 200)',
        goal: 'p95 < 50 ms',
        console: {
          records: core.events.count(),
          queries: times.length,
          p50Ms: Number(percentile(times, 50).toFixed(2)),
          p95Ms: Number(p95.toFixed(2)),
        },
        reference: {
          queries: reference.length,
          p50Ms: Number(percentile(reference, 50).toFixed(2)),
          p95Ms: Number(referenceP95.toFixed(2)),
        },
        ratio: Number((referenceP95 / Math.max(p95, 0.01)).toFixed(1)),
        pass: p95 < 50,
        notes:
          'Console: through the dispatcher every transport uses (input and output parsed by the contract), FTS5 + filter indexes. Reference: the same searches as a LIKE scan of the same file with no text index (what a tool without one does). Ratio: reference p95 ÷ console p95.',
      },
    ];
  } finally {
    await core.close();
  }
}
