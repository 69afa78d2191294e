import { MIMEType } from 'node:util';

/**
 * Which Content-Type a JSON body may come with. The spec shows `Content-Type: application/json`
 * and nothing else, and how the service takes a `+json` type (`application/vnd.api+json`,
 * `application/problem+json`) or a charset is not shown: the emulator takes the spec's type only,
 * in any case and with any parameters, and a charset only when it is UTF-8 (quoted or not),
 * since it reads every body as UTF-8 (RFC 8259 §8.1). A `charset=latin1` was taken and then
 * read as UTF-8 anyway. The header is parsed as WHATWG MIME Sniffing parses a MIME type
 * (node:util's MIMEType), as a browser would.
 */

const TAKEN = 'application/json, with no charset or charset=utf-8';

/** What nearly every client sends, taken without parsing: create-checkout is the bench's hot path. */
const COMMON = new Set([
  'application/json',
  'application/json; charset=utf-8',
  'application/json;charset=utf-8',
  'application/json; charset=UTF-8',
  'application/json;charset=UTF-8',
]);

/** Null when a JSON body with this Content-Type is taken; else the sentence of its 415. */
export function jsonContentTypeRefusal(header: string | undefined): string | null {
  if (header !== undefined && COMMON.has(header)) return null;
  if (header === undefined || header.trim() === '')
    return `Content-Type is missing; the emulator takes a JSON body sent as ${TAKEN}.`;
  const named = JSON.stringify(header);
  let type: MIMEType;
  try {
    type = new MIMEType(header);
  } catch {
    return `Content-Type ${named} is not a media type; the emulator takes ${TAKEN}.`;
  }
  if (type.essence !== 'application/json')
    return `Content-Type ${named} is not application/json; the emulator takes ${TAKEN} (no +json type, as the spec shows only application/json).`;
  const charset = type.params.get('charset');
  if (charset !== null && charset.toLowerCase() !== 'utf-8')
    return `Content-Type ${named} names charset ${JSON.stringify(charset)}, but a JSON body is read as UTF-8; the emulator takes ${TAKEN}.`;
  return null;
}
