/**
 * Headers that describe one hop, not the message (RFC 9110 §7.6.1), plus those the next hop
 * computes itself (Host, Content-Length) and Expect (the body is already whole). Dropped when a
 * stored or received request is sent on: forwards and replays.
 */
export const HOP_BY_HOP_HEADERS: ReadonlySet<string> = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'content-length',
  'expect',
]);
