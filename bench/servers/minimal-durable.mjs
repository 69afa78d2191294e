// The second reference for the listener benchmark (issue 20): the cheapest server that still
// keeps the listener's promise "nothing acknowledged is lost". It verifies the HS256 notification
// token with node:crypto, appends the raw request to a SQLite table without secondary indexes,
// and answers each request only after the group commit that holds it (WAL, synchronous=NORMAL).
// Run in its own process, as the listener is: `node minimal-durable.mjs <database> <secret>`;
// prints its URL when bound.
//
// With `--judged` (run under `node --import tsx`, since it loads the console's TypeScript) it is
// the floor of what issue 20 allows the listener: the same server, but each request is judged by
// the console's own `judgeWebhook` (both token places, the body) before its 200 and the verdicts
// are stored with the raw request, as the listener must. No timeline row, no index, no push: the
// difference between this and the listener is what the console's row and the rest cost.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import Database from 'better-sqlite3';

const [databasePath, secret, mode] = process.argv.slice(2);
if (databasePath === undefined || secret === undefined || (mode !== undefined && mode !== '--judged')) {
  process.stderr.write('usage: minimal-durable.mjs <database> <secret> [--judged]\n');
  process.exit(2);
}
const judged = mode === '--judged' ? await loadJudge(secret) : null;

const db = new Database(databasePath);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.exec(`CREATE TABLE IF NOT EXISTS requests (
  id INTEGER PRIMARY KEY,
  received_at INTEGER NOT NULL,
  method TEXT NOT NULL,
  url TEXT NOT NULL,
  headers TEXT NOT NULL,
  body BLOB NOT NULL,
  token_valid INTEGER NOT NULL,
  status INTEGER NOT NULL,
  token_verdict TEXT,
  body_verdict TEXT,
  details TEXT
)`);
const insert = db.prepare(
  'INSERT INTO requests (received_at, method, url, headers, body, token_valid, status, token_verdict, body_verdict, details) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
);

/** The console's judging, loaded only for `--judged`. */
async function loadJudge(notificationToken) {
  const [{ judgeWebhook }, { createHmacKeyCache }, { headerPairs }] = await Promise.all([
    import('../../src/main/listener/judge-webhook.ts'),
    import('../../src/main/jwt/hmac-key-cache.ts'),
    import('../../src/main/http/header-pairs.ts'),
  ]);
  const verification = { key: await createHmacKeyCache().get(notificationToken), label: 'bench' };
  return async (req, body, atMs) => {
    const query = req.url.indexOf('?');
    const judgement = await judgeWebhook(
      {
        query: query < 0 ? null : req.url.slice(query + 1),
        headers: headerPairs(req.rawHeaders),
        body,
        truncated: false,
        atMs,
      },
      verification,
      30,
    );
    return {
      valid: judgement.tokenVerdict === 'valid',
      verdicts: [judgement.tokenVerdict, judgement.body.verdict, JSON.stringify(judgement.details)],
    };
  };
}

const key = Buffer.from(secret, 'utf8');
/** HS256 signature and `exp`/`nbf` only: what the listener checks on the hot path. */
function tokenValid(token) {
  if (token === null) return false;
  const parts = token.split('.');
  if (parts.length !== 3) return false;
  const expected = createHmac('sha256', key).update(`${parts[0]}.${parts[1]}`).digest();
  const given = Buffer.from(parts[2], 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  try {
    const header = JSON.parse(Buffer.from(parts[0], 'base64url').toString('utf8'));
    if (header.alg !== 'HS256') return false;
    const claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
    const now = Math.floor(Date.now() / 1000);
    if (typeof claims.exp === 'number' && now > claims.exp) return false;
    if (typeof claims.nbf === 'number' && now < claims.nbf) return false;
    return true;
  } catch {
    return false;
  }
}

function tokenOf(req) {
  const query = req.url.indexOf('?');
  if (query >= 0) {
    const found = new URLSearchParams(req.url.slice(query + 1)).get('serviceToken');
    if (found !== null) return found;
  }
  const header = req.headers.authorization;
  return typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7) : null;
}

// The group commit: requests that arrive in one turn of the event loop share one transaction,
// and each is answered only after it has committed.
let waiting = [];
const commitGroup = db.transaction((group) => {
  for (const row of group) row.id = insert.run(...row.values).lastInsertRowid;
});
function flush() {
  const group = waiting;
  waiting = [];
  commitGroup(group);
  for (const row of group)
    row.res
      .writeHead(row.status, { 'content-type': 'application/json' })
      .end(`{"received":${row.status === 200},"id":${row.id}}`);
}

function enqueue(req, res, body, atMs, verdict) {
  const status = verdict.valid ? 200 : 401;
  const values = [
    atMs,
    req.method,
    req.url,
    JSON.stringify(req.rawHeaders),
    body,
    verdict.valid ? 1 : 0,
    status,
    ...verdict.verdicts,
  ];
  if (waiting.length === 0) setImmediate(flush);
  waiting.push({ res, values, status, id: 0 });
}

const NOT_JUDGED = [null, null, null];
const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    const atMs = Date.now();
    const body = Buffer.concat(chunks);
    // The plain reference stays synchronous: a promise per request would slow it, flattering the ratio.
    if (judged === null)
      enqueue(req, res, body, atMs, { valid: tokenValid(tokenOf(req)), verdicts: NOT_JUDGED });
    else void judged(req, body, atMs).then((verdict) => enqueue(req, res, body, atMs, verdict));
  });
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`Minimal durable server listening on http://127.0.0.1:${address.port}\n`);
});
process.on('SIGTERM', () =>
  server.close(() => {
    db.close();
    process.exit(0);
  }),
);
