import { JSON_MAX_DEPTH, parseBoundedJson, type BoundedJson } from '../bounded-json';

// fatal: bytes that are not UTF-8 are no text at all (the judge's "not UTF-8 text"), never
// text with replacement characters a parse might still accept. ignoreBOM is left false, so a
// leading byte order mark is dropped, as every reader of a stored body must drop it: the judge
// read a BOM body as the notification it is, and Orders, parsing the mark along, read nothing.
const utf8 = new TextDecoder('utf-8', { fatal: true });

export type BodyJson = { text: null } | { text: string; read: BoundedJson };

/**
 * A stored body's JSON as the listener's judge reads it (judge-webhook-body.ts), for every
 * reader that must agree with its verdict (the order derivation): UTF-8 without its byte order
 * mark, then JSON within the bounds. `text: null` when the bytes are not UTF-8.
 */
export function readBodyJson(bytes: Uint8Array): BodyJson {
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return { text: null };
  }
  return { text, read: parseBoundedJson(text, { maxDepth: JSON_MAX_DEPTH }) };
}
