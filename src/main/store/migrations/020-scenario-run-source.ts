// Where a run read its files from, so its scenarios can be run again (`test --last-failed`,
// `--rerun N`, the view's "Run these again"): a stored scenario's `file` is named relative to the
// folder the view opened, or to the working directory `test` ran in, and neither was kept. JSON
// (shared/scenarios/stored-runs.ts, runSourceSchema), read through zod; runs stored before this
// have none, and are never taken for a run of the same paths.
export default /* sql */ `
ALTER TABLE scenario_runs ADD COLUMN source TEXT;
`;
