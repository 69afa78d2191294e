// The run filter (`history --run`, `export --run`, a `run=` link of the Timeline and History) read
// the run's number out of every record's details with json_extract: a run's few records among
// 200,000 took 45-65 ms to list or count, each a scan of the whole table, and five times that at
// a million. The number is a virtual column now, computed from the details as they are (a record
// written before this migration, or its details changed, needs nothing more), and only the
// records a run's step marked are in its index. A details text that is not JSON gives no run
// rather than failing the write that stores it.
export default /* sql */ `
ALTER TABLE events ADD COLUMN scenario_run GENERATED ALWAYS AS (
  CASE WHEN instr(details, '"scenarioRun"') > 0 AND json_valid(details) THEN json_extract(details, '$.scenarioRun.run') END) VIRTUAL;

CREATE INDEX events_by_scenario_run ON events (scenario_run) WHERE scenario_run IS NOT NULL;
`;
