/**
 * A hash (`#/timeline?q=what?`) as its view and its query. The query runs from the first `?` to
 * the end: a `?` is allowed in it as written, and `split('?', 2)` dropped everything after a
 * second one (`q=what?` searched "what", saying nothing).
 */
export function splitHash(hash: string): { view: string; query: string } {
  const address = hash.replace(/^#\/?/, '');
  const mark = address.indexOf('?');
  return mark === -1
    ? { view: address, query: '' }
    : { view: address.slice(0, mark), query: address.slice(mark + 1) };
}
