// The out-of-order fault holds a notification back until the order's next one has gone out
// (webhook-dispatcher.ts). A hold of a fixed time held every notification with the fault alike,
// so none ever overtook another: the row says it is held, and whichever process sends the
// order's next notification lets it go, since the outbox is shared by every emulator on the
// data directory.
export default /* sql */ `
ALTER TABLE emulator_outbox ADD COLUMN held_for_next INTEGER NOT NULL DEFAULT 0;
`;
