// A timing script, not a test (speed is measured, never asserted): how long the lists' summary
// query takes over 100,000 webhooks, for one page of 200, 1,000 and all of them. Run it before
// and after a change to the summary columns:
//   npx tsx --tsconfig tsconfig.node.json bench/summary-columns-timing.ts
import Database from 'better-sqlite3';
import { performance } from 'node:perf_hooks';
import { summaryColumns } from '../src/main/store/event-column-sql';
import { createEventsRepository } from '../src/main/store/events-repository';
import { migrate } from '../src/main/store/migrate';
import { migrations } from '../src/main/store/migrations';

const RECORDS = 100_000;
const db = new Database(':memory:');
migrate(db, migrations);
const repository = createEventsRepository(db);
const body = (order: string) =>
  Buffer.from(`{"order_id":"${order}","event_type":"order_approved","order_reference_id":"R"}`);
db.transaction(() => {
  for (let i = 0; i < RECORDS; i++) {
    const order = `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
    repository.insert({
      kind: 'webhook',
      atMs: 1_700_000_000_000 + i,
      orderId: order,
      tokenVerdict: 'valid',
      bodyVerdict: 'event',
      requestBody: body(order),
      details: { token: { findings: [] }, body: { verdict: 'event', findings: [] } },
    });
  }
})();

const page = db.prepare(`SELECT ${summaryColumns()} FROM events ORDER BY id DESC LIMIT ?`);
for (const limit of [200, 1_000, RECORDS]) {
  const runs = limit === RECORDS ? 5 : 200;
  for (let i = 0; i < Math.min(runs, 20); i++) page.all(limit); // warm
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    page.all(limit);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(`${limit} rows: median ${times[Math.floor(times.length / 2)]?.toFixed(2)} ms`);
}
db.close();
