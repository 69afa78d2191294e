// The reference for the listener benchmark: node:http reading each body and answering 200,
// nothing else. Run in its own process, as the listener is; prints its URL when bound.
import { createServer } from 'node:http';

const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}'));
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`Bare server listening on http://127.0.0.1:${address.port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
