// The trailing-row reference's worker thread (trailing-row.mjs): migrates the file to the
// console's schema, then moves the inbox's records into the console's `events` table in batches,
// through the console's own store writer and events repository (every index and trigger), with
// the console's own background text indexer running on this connection. Each batch inserts the
// rows and deletes them from the inbox in one transaction, so a record is always in exactly one
// of the two tables.
import { parentPort, workerData } from 'node:worker_threads';
// A worker thread does not inherit tsx's loader from `--import tsx` on Node 20: registered here.
import { register } from 'tsx/esm/api';
import { INBOX_TABLE_SQL } from './trailing-row-inbox.mjs';

register();
const [
  { openDatabase },
  { migrate },
  { migrations },
  { createStoreWriter },
  { createEventsRepository },
  { createSearchIndex },
] = await Promise.all([
  import('../../src/main/store/connection.ts'),
  import('../../src/main/store/migrate.ts'),
  import('../../src/main/store/migrations/index.ts'),
  import('../../src/main/store/store-writer.ts'),
  import('../../src/main/store/events-repository.ts'),
  import('../../src/main/store/search-index.ts'),
]);

const BATCH = 1000;
const EVERY_MS = 50;

const db = openDatabase(workerData.databasePath, { consoleFile: true });
migrate(db, migrations);
db.exec(INBOX_TABLE_SQL);
const writer = createStoreWriter(db);
const events = createEventsRepository(db);
const stopIndexing = createSearchIndex(db, writer).startBackground((error) => {
  process.stderr.write(`text index: ${String(error)}\n`);
});
const waiting = db.prepare('SELECT id, at_ms, record, body, answer FROM listener_inbox ORDER BY id LIMIT ?');
const remove = db.prepare('DELETE FROM listener_inbox WHERE id <= ?');
const lags = [];

/** One batch moved; how many rows it held. */
function moveBatch() {
  return writer.writeNow(() => {
    const rows = waiting.all(BATCH);
    if (rows.length === 0) return 0;
    const builders = rows.map((row) => (id) => {
      if (id !== row.id) throw new Error(`The record ${row.id} would be stored as ${id}.`);
      const record = JSON.parse(row.record);
      return {
        ...record,
        requestBody: row.body,
        responseBody: Buffer.from(row.answer),
        durationMs: 0,
      };
    });
    events.insertNumbered(builders);
    remove.run(rows.at(-1).id);
    const now = Date.now();
    for (const row of rows) lags.push(now - row.at_ms);
    return rows.length;
  });
}

let moving = true;
const timer = setInterval(() => {
  if (!moving) return;
  try {
    while (moveBatch() === BATCH);
  } catch (error) {
    // The main thread held the lock past the wait: the next tick tries again.
    if (!/locked|busy/i.test(String(error))) throw error;
  }
}, EVERY_MS);

parentPort.on('message', (message) => {
  if (message !== 'drain') return;
  moving = false;
  clearInterval(timer);
  while (moveBatch() > 0);
  stopIndexing();
  lags.sort((a, b) => a - b);
  const at = (q) => lags[Math.min(lags.length - 1, Math.floor(q * lags.length))] ?? 0;
  parentPort.postMessage({
    moved: lags.length,
    lagP50Ms: at(0.5),
    lagP95Ms: at(0.95),
    lagMaxMs: lags.at(-1) ?? 0,
  });
  db.close();
});

parentPort.postMessage('ready');
