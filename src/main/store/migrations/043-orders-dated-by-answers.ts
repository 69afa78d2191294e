// An order's last evidence (and so its place in Orders and `orders`) was dated by the merchant's
// own calls "answered or not": a capture still waiting for its answer, one cancelled once sent
// whole or one whose connection was refused brought an order to the top, though nothing of the
// service's was read. It is now dated by what the order counted as the service's evidence (the
// judgement `orders show --json`'s `evidence` gives); every order is derived again.
export default /* sql */ `
UPDATE orders SET stale = stale + 1;
`;
