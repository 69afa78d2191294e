// A run of scenarios is stored as `running` when it starts and given its end when it ends; a
// process closed or killed in between left it `running` for ever. The process running it now
// marks it every few seconds (`alive_ms`), and a run whose mark is old reads as interrupted
// (shared/scenarios/stored-runs.ts). Runs stored before this have no mark: their start stands in.
export default /* sql */ `
ALTER TABLE scenario_runs ADD COLUMN alive_ms INTEGER;
`;
