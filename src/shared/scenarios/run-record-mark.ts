import { z } from 'zod';

/**
 * Which scenario run and step wrote a record, kept in the record's details under `scenarioRun`:
 * only the records a step writes itself (its checkout and operation requests, the customer's
 * automation call, a notification it sends), never what the listener or the emulator wrote while
 * it ran, which the step only waited for or matched (docs/scenarios.md, What a run wrote).
 */
export const runRecordMarkSchema = z.object({
  /** The stored run's number, as `runs` lists it and `history --run` takes it. */
  run: z.number().int().positive(),
  /** The scenario's place in the run (0 first) and its file, as the run's report names it. */
  scenario: z.number().int().nonnegative(),
  file: z.string(),
  /** The step's place in its scenario (0 first) and its title as it ran. */
  step: z.number().int().nonnegative(),
  title: z.string(),
});
export type RunRecordMark = z.infer<typeof runRecordMarkSchema>;

/** The details key the mark is stored under; the history filter reads `$.scenarioRun.run`. */
export const RUN_MARK_KEY = 'scenarioRun';

/** The details a step adds to each record it writes: none outside a stored run. */
export function runMarkDetails(mark: RunRecordMark | undefined): Record<string, unknown> {
  return mark === undefined ? {} : { [RUN_MARK_KEY]: mark };
}

/** A record's mark from its details, or null: not written by a run's step (or not readable). */
export function runMarkOf(details: Record<string, unknown>): RunRecordMark | null {
  const parsed = runRecordMarkSchema.safeParse(details[RUN_MARK_KEY]);
  return parsed.success ? parsed.data : null;
}
