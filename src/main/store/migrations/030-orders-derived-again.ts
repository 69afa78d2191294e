// The derivation changed what moves an order and what dates it: a 2xx the console judges no
// answer (an HTML page, an error body, an empty body) moves nothing; a second create answer for
// the same order id contradicts it; a create answer says new whatever status it claims; an
// order's created time is the service's first record, not an older imported copy. A summary
// derived before still said what the old rules gave (authorised by an HTML login page): every
// order is marked stale, to be derived again before the list is read.
export default /* sql */ `
UPDATE orders SET stale = stale + 1;
`;
