// The design issue 20 leaves open for the listener, built as a reference so that it is measured
// rather than estimated: "answer once the raw request and its verdicts are durable in an
// index-free table, and write the timeline row behind it". Run in its own process under tsx
// (it loads the console's TypeScript): `node --import tsx trailing-row.mjs <database> <secret>`;
// prints its URL when bound.
//
// The main thread does what the judged floor does (minimal-durable.mjs --judged) and what the
// listener's answer needs: each request judged by the console's own `judgeWebhook`, its answer
// planned by the listener's own `planResponse` / `webhookAnswer` (the answer names the record's
// id), and the whole record (request, verdicts, details, answer) appended to an index-free table
// by the console's own store writer, answered after that group's commit. A worker thread with its
// own connection (trailing-row-mover.mjs) moves what was appended into the console's real `events`
// table (every index, the orders trigger, the text index fed by the console's own background
// indexer) in batches, in one transaction with the inbox's high-water mark. What this leaves out
// of the listener: the push of each summary to the views, the `listen` terminal line, forwards,
// replay links and the crafted-token lookup, the second write of each answer's duration (here
// written with the row), and every reader (a view reading `events` would miss the inbox's rows
// until they are moved). So this is a ceiling for the design, not the design.
//
// On SIGTERM it stops taking requests, lets the mover move everything, writes the lag of each
// moved row (arrival to its row in `events`) to `<database>.lag.json`, and exits.
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { Worker } from 'node:worker_threads';
import { openDatabase } from '../../src/main/store/connection.ts';
import { createStoreWriter } from '../../src/main/store/store-writer.ts';
import { judgeWebhook } from '../../src/main/listener/judge-webhook.ts';
import { planResponse } from '../../src/main/listener/plan-response.ts';
import { webhookAnswer } from '../../src/main/listener/webhook-answer.ts';
import { createHmacKeyCache } from '../../src/main/jwt/hmac-key-cache.ts';
import { headerPairs } from '../../src/main/http/header-pairs.ts';
import { DEFAULT_LISTENER_SETTINGS } from '../../src/shared/listener.ts';
import { INBOX_TABLE_SQL } from './trailing-row-inbox.mjs';

const [databasePath, secret] = process.argv.slice(2);
if (databasePath === undefined || secret === undefined) {
  process.stderr.write('usage: node --import tsx trailing-row.mjs <database> <secret>\n');
  process.exit(2);
}

// The mover migrates the file to the console's schema before this thread writes to it.
const mover = new Worker(new URL('./trailing-row-mover.mjs', import.meta.url), {
  workerData: { databasePath },
  execArgv: process.execArgv,
});
const [ready] = await once(mover, 'message');
if (ready !== 'ready') throw new Error(`The mover did not start: ${String(ready)}`);

const db = openDatabase(databasePath);
db.exec(INBOX_TABLE_SQL);
const writer = createStoreWriter(db);
const append = db.prepare(
  'INSERT INTO listener_inbox (id, at_ms, record, body, answer) VALUES (?, ?, ?, ?, ?)',
);
const nextId = db.prepare(
  'SELECT max(coalesce((SELECT max(id) FROM events), 0), coalesce((SELECT max(id) FROM listener_inbox), 0)) + 1 AS id',
);

const verification = { key: await createHmacKeyCache().get(secret), label: 'bench' };
const settings = DEFAULT_LISTENER_SETTINGS;
const origin = () => `http://127.0.0.1:${server.address().port}`;

async function handle(req, res, bytes) {
  const atMs = Date.now();
  const rawUrl = req.url ?? '/';
  const at = rawUrl.indexOf('?');
  const path = at < 0 ? rawUrl : rawUrl.slice(0, at);
  const query = at < 0 ? null : rawUrl.slice(at + 1);
  const headers = headerPairs(req.rawHeaders);
  const body = { bytes, size: bytes.byteLength, outcome: 'complete', stillSending: false, stopped: null };
  const plan = planResponse(req.method, body, settings);
  const judged = await judgeWebhook(
    { query, headers, body: bytes, truncated: false, incomplete: null, atMs },
    verification,
    settings.clockToleranceSeconds,
  );
  const record = {
    kind: 'webhook',
    atMs,
    profileId: null,
    profileName: null,
    method: req.method,
    url: `${origin()}${rawUrl}`,
    path,
    query,
    remoteAddress: req.socket.remoteAddress ?? null,
    requestHeaders: headers,
    requestSize: bytes.byteLength,
    requestTruncated: false,
    status: plan.status,
    error: plan.error,
    tokenVerdict: judged.tokenVerdict,
    bodyVerdict: judged.body.verdict,
    orderId: judged.body.orderId,
    orderReferenceId: judged.body.orderReferenceId,
    eventType: judged.body.eventType,
    details: { ...judged.details, response: { status: plan.status, delayMs: plan.delayMs } },
  };
  // The answer names the record's id: taken under the write lock, as the listener's is.
  const answer = await writer.write(() => {
    const id = nextId.get().id;
    const planned = webhookAnswer({ ...plan, status: plan.status }, req.method, id);
    record.status = planned.answered.status;
    record.responseHeaders = planned.answered.responseHeaders;
    append.run(id, atMs, JSON.stringify(record), bytes, planned.payload);
    return planned;
  });
  res.writeHead(answer.status, Object.fromEntries(answer.headers)).end(answer.payload);
}

const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    handle(req, res, Buffer.concat(chunks)).catch((error) => {
      res.writeHead(503).end(String(error));
    });
  });
});

server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`Trailing-row server listening on http://127.0.0.1:${server.address().port}\n`);
});

process.once('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  void writer
    .committed()
    .catch(() => undefined)
    .then(() => {
      mover.postMessage('drain');
      return once(mover, 'message');
    })
    .then(([lag]) => {
      writeFileSync(`${databasePath}.lag.json`, JSON.stringify(lag));
      db.close();
      process.exit(0);
    });
});
