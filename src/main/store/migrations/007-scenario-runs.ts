// Runs of scenarios (`checkout-console test`, the Scenarios view): one row per run, one per
// scenario in it, one per step with its timing, result, the checks it made (expected and
// actual, as JSON) and the ids of the timeline records it produced or matched. Record ids are
// links, not foreign keys: retention may delete records, and a run keeps saying what it saw.
export default /* sql */ `
CREATE TABLE scenario_runs (
  id INTEGER PRIMARY KEY,
  uid TEXT NOT NULL UNIQUE,
  started_ms INTEGER NOT NULL,
  finished_ms INTEGER,
  front_door TEXT NOT NULL,
  profile_id INTEGER,
  profile_name TEXT NOT NULL,
  paths TEXT NOT NULL DEFAULT '[]',
  status TEXT NOT NULL DEFAULT 'running'
    CHECK (status IN ('running', 'passed', 'failed', 'cancelled', 'interrupted'))
);

CREATE TABLE scenario_results (
  id INTEGER PRIMARY KEY,
  run_id INTEGER NOT NULL REFERENCES scenario_runs (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  file TEXT NOT NULL,
  name TEXT NOT NULL,
  started_ms INTEGER NOT NULL,
  duration_ms REAL NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('passed', 'failed', 'error', 'skipped')),
  order_ids TEXT NOT NULL DEFAULT '[]'
);

CREATE TABLE scenario_steps (
  id INTEGER PRIMARY KEY,
  result_id INTEGER NOT NULL REFERENCES scenario_results (id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  kind TEXT NOT NULL,
  title TEXT NOT NULL,
  line INTEGER,
  started_ms INTEGER NOT NULL,
  duration_ms REAL NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('passed', 'failed', 'error', 'skipped')),
  message TEXT,
  checks TEXT NOT NULL DEFAULT '[]',
  record_ids TEXT NOT NULL DEFAULT '[]'
);

CREATE INDEX scenario_runs_by_time ON scenario_runs (started_ms DESC, id DESC);
CREATE INDEX scenario_results_by_run ON scenario_results (run_id, position);
CREATE INDEX scenario_steps_by_result ON scenario_steps (result_id, position);
`;
