import type { StoredRunStatus } from '@shared/scenarios/stored-runs';

/** The colour of a stored run's status, wherever a run is shown: Earlier runs, and a notice of one that ended. */
export const RUN_STATUS_COLOR: Record<StoredRunStatus, string> = {
  running: 'blue',
  passed: 'teal',
  failed: 'red',
  cancelled: 'gray',
  interrupted: 'orange',
};
