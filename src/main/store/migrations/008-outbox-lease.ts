// A delivery attempt of the emulator's outbox is leased by the process that makes it: several
// emulators on one data directory (the desktop app and the `emulator` command) share the
// outbox, and without a lease both sent the same attempt. A lease left by a process that died
// mid-attempt expires, and the attempt is made again by whichever process sees it.
export default /* sql */ `
ALTER TABLE emulator_outbox ADD COLUMN lease_owner TEXT;
ALTER TABLE emulator_outbox ADD COLUMN lease_until_ms INTEGER;
`;
