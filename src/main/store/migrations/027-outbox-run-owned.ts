// A `test` run's emulator sends its notifications to the run's own listener, on a free port that
// dies with the run. The outbox is shared by every emulator on the data directory, so one the
// run still owed when it ended was sent by the next process with an emulator (serve, the next
// run) to that dead port, and while it ran another console could send the run's notifications
// signed with its own tokens. A row queued by a run names the run (the dispatcher's owner, and its
// process's pid and start, so a run that was killed can be told apart): only that run sends it,
// it gives up what it still owes when it ends, and an emulator that finds the run's process
// gone gives up what it left.
export default /* sql */ `
ALTER TABLE emulator_outbox ADD COLUMN run_owner TEXT;
ALTER TABLE emulator_outbox ADD COLUMN run_pid INTEGER;
ALTER TABLE emulator_outbox ADD COLUMN run_start TEXT;
`;
