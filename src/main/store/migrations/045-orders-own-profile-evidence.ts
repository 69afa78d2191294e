// An order counted a notification verified under any profile's token, and an answer from any
// profile's service: an order_authorised verified under Local's token moved an order of Live's.
// Only the order's own profile's evidence counts now (shared/orders/order-profile.ts), so every
// order is derived again; rows read as before until then.
export default /* sql */ `
UPDATE orders SET stale = stale + 1;
`;
