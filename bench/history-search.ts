import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createConsole } from '../src/main/app';
import { migrations } from '../src/main/store/migrations';
import { seedEvents } from '../tests/e2e/fixtures/seed-events';
import { percentile, type BenchResult } from './bench-kit';

const COUNT = 1_000_000;
const WORK = join(import.meta.dirname, '.work', 'search-1m');

/** A data directory with a million records, seeded once and kept (keyed by the schema) under bench/.work. */
function seededDir(): string {
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
        reference: null,
        ratio: null,
        pass: p95 < 50,
        notes:
          'No peer to compare with: the goal is absolute. Measured through the dispatcher every transport uses (input and output parsed by the contract).',
      },
    ];
  } finally {
    await core.close();
  }
}
