// An order of unknown total (the merchant's own backend created it: no create-checkout call of
// this console's gives the total) read fully captured after a partial capture by the documented
// default, and the verified order_canceled of its uncaptured rest was flagged "out of order". A
// cancel or a further capture after a capture now shows the capture before was partial
// (shared/orders/rest-shown.ts); every order is derived again. (045 is another change's.)
export default /* sql */ `
UPDATE orders SET stale = stale + 1;
`;
