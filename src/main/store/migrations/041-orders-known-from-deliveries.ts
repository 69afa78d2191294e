// An order known only from the emulator's deliveries (its notifications sent to an endpoint other
// than this listener) was `known_from = 'console'`, "console only", as if the deliveries were the
// console's own records. They are the service's doing (the emulator plays it; provenance.ts),
// though not evidence of the order's state: such an order is now known from the service, its
// state unknown. Every order is derived again.
export default /* sql */ `
UPDATE orders SET stale = stale + 1;
`;
