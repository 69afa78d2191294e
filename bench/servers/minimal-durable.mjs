// The second reference for the listener benchmark (issue 20): the cheapest server that still
// keeps the listener's promise "nothing acknowledged is lost". It verifies the HS256 notification
// token with node:crypto, appends the raw request to a SQLite table without secondary indexes,
// and answers each request only after the group commit that holds it (WAL, synchronous=NORMAL).
// Run in its own process, as the listener is: `node minimal-durable.mjs <database> <secret>`;
// prints its URL when bound.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import Database from 'better-sqlite3';

const [databasePath, secret] = process.argv.slice(2);
if (databasePath === undefined || secret === undefined) {
  process.stderr.write('usage: minimal-durable.mjs <database> <secret>\n');
  process.exit(2);
}

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
  status INTEGER NOT NULL
)`);
const insert = db.prepare(
  'INSERT INTO requests (received_at, method, url, headers, body, token_valid, status) VALUES (?, ?, ?, ?, ?, ?, ?)',
);

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

const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    const valid = tokenValid(tokenOf(req));
    const status = valid ? 200 : 401;
    const values = [
      Date.now(),
      req.method,
      req.url,
      JSON.stringify(req.rawHeaders),
      Buffer.concat(chunks),
      valid ? 1 : 0,
      status,
    ];
    if (waiting.length === 0) setImmediate(flush);
    waiting.push({ res, values, status, id: 0 });
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
