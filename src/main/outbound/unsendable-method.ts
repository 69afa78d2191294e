/**
 * Why a request with this method is not sent, or null: CONNECT asks for a tunnel, not an answer.
 * Node's client then never emits 'response' (it emits 'connect' and hands over the socket), so
 * the exchange never settled: a replay's record stayed `waiting`, and a CLI run died with exit 13
 * at it. Sent on, a 2xx would also open a tunnel to the address it names, from this machine; so
 * it is refused before anything leaves, for every kind (replays, forwards, sends). Compared in
 * any case: Node upper-cases a method before writing it.
 */
export function unsendableMethodReason(method: string): string | null {
  if (method.toUpperCase() !== 'CONNECT') return null;
  return 'a CONNECT request asks for a tunnel to another address, not for an answer, and the console sends only requests it can record an answer to.';
}
