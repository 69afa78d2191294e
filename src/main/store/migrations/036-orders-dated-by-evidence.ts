// An order's last activity (and so its place in Orders and `orders`) was its newest record of any
// kind: a replay, a forward, a crafted or unverified webhook of an old order brought it to the top,
// though it moved nothing. It is now the service's own evidence's; every order is derived again.
export default /* sql */ `
UPDATE orders SET stale = stale + 1;
`;
