/**
 * A UTF-8 byte order mark (EF BB BF) before JSON text, judged one way wherever a text is judged:
 * the listener's webhook bodies (judge-webhook-body.ts) and checkout requests (validate, the
 * builder's imported file, the emulator: checkout/byte-order-mark-findings.ts). Decoders drop it
 * silently, so the console reads the JSON all the same; a merchant's or the service's parser may
 * not (PHP's json_decode refuses the body), so it is named, as a warning.
 */
export const BYTE_ORDER_MARK_WORDS =
  'The body starts with a UTF-8 byte order mark (EF BB BF), which JSON sent between systems must not have (RFC 8259); some parsers, such as PHP’s json_decode, refuse such a body. It was read without it.';

/** Whether bytes, or text decoded with the mark kept (U+FEFF), start with a byte order mark. */
export function startsWithByteOrderMark(body: Uint8Array | string): boolean {
  if (typeof body === 'string') return body.charCodeAt(0) === 0xfeff;
  return body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf;
}
