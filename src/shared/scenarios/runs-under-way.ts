import { z } from 'zod';

/**
 * A run under way in the console process a window talks to (started by any of its windows):
 * what only that process knows of it, beside what is stored. A run under way elsewhere (another
 * console on the data directory, `test` in a terminal) is known only by its stored line, and
 * only there can it be cancelled.
 */
export const runUnderWayHereSchema = z.object({
  /** The stored run's number ("run #12"). */
  id: z.number().int().positive(),
  /** Its id in progress pushes, and what cancelScenarioRun takes. */
  runId: z.string(),
  /** How many scenarios it runs. */
  planned: z.number().int().nonnegative(),
  finished: z.number().int().nonnegative(),
  /** The names of the scenarios running now, in run order. */
  running: z.array(z.string()),
});
export type RunUnderWayHere = z.infer<typeof runUnderWayHereSchema>;
