// An order this console did not create (a POST /checkout sent to the emulator with curl) was
// listed as "created" at its first verified notification's arrival, under a strip whose New step
// said "no record": a notification is no record of the creation. created_ms is now the
// create-checkout answer's alone (shared/orders/order-facts.ts); every order is derived again so
// an order stored under the rule before says "first seen" too.
export default /* sql */ `
UPDATE orders SET stale = stale + 1;
`;
