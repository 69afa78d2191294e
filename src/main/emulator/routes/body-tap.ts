import type { IncomingMessage } from 'node:http';

/** What a tap keeps at most: the request entry refuses larger bodies anyway. */
const TAP_LIMIT = 1024 * 1024 + 64 * 1024;

/**
 * A second listener on a request body, attached before the request entry's reader, so a route
 * gets the text as received (a name given twice in one object is only visible there) while
 * reading and limiting the body stays the entry's one job.
 */
export function tapBody(req: IncomingMessage): { text: () => string } {
  const chunks: Buffer[] = [];
  let size = 0;
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size <= TAP_LIMIT) chunks.push(chunk);
  });
  return { text: () => Buffer.concat(chunks).toString('utf8') };
}
