import { z } from 'zod';
import { resultStatusSchema, runProgressSchema, scenarioOutlineSchema } from '../scenarios/scenario-results';
import {
  endpointCaseResultSchema,
  endpointCheckConfigSchema,
  endpointCheckReportSchema,
  endpointUrlSchema,
} from '../scenarios/endpoint-check';
import { SCENARIO_FILE_MAX_BYTES } from '../scenarios/scenario-file-limit';
import { folderStoredRunSchema, runSummarySchema, storedRunSchema } from '../scenarios/stored-runs';
import { runUnderWayHereSchema } from '../scenarios/runs-under-way';
import { liveConfirmationSchema } from '../live-confirmation';
import { defineCommand, noInput } from './define';

const folderPath = z
  .string()
  .trim()
  .min(1, 'Enter a folder of scenario files')
  .max(4096, 'A path is at most 4096 characters');

export const scenarioFileProblemSchema = z.object({
  file: z.string(),
  line: z.number().int().nullable(),
  column: z.number().int().nullable(),
  field: z.string().nullable(),
  message: z.string(),
  /** The path names nothing at all (a folder not made yet), rather than a file that is broken. */
  missing: z.boolean().optional(),
});
export type ScenarioFileProblemView = z.infer<typeof scenarioFileProblemSchema>;

/**
 * Or files and folders named relative to where the console runs (the command line's
 * `test [paths…]`): a scenario is named by its path from there.
 */
const scenarioPaths = z.array(folderPath).min(1, 'Name a file or folder').max(1000);

/** Scenarios come from a folder or from paths: one of the two. */
const oneSource = (input: { folder?: string | undefined; paths?: string[] | undefined }) =>
  (input.folder === undefined) !== (input.paths === undefined);
const sourceIssue = { message: 'Give a folder or paths (one of the two)', path: ['folder'] };

export const scenarioCommands = {
  /** The scenarios of a folder on the machine that runs the console (in browser mode: the server's). */
  openScenarioFolder: defineCommand(
    z
      .object({ folder: folderPath.optional(), paths: scenarioPaths.optional() })
      .refine(oneSource, sourceIssue),
    z.object({
      folder: z.string(),
      scenarios: z.array(scenarioOutlineSchema),
      problems: z.array(scenarioFileProblemSchema),
    }),
  ),
  /** Runs scenarios of a folder on the active profile in the background; `scenarios.progress` follows. */
  startScenarioRun: defineCommand(
    z
      .object({
        folder: folderPath.optional(),
        paths: scenarioPaths.optional(),
        /** Only these files (as listed by openScenarioFolder); all when left out. */
        files: z.array(z.string().min(1)).max(10_000).optional(),
        /** The files are those that did not pass in this stored run: a gone one is said so. */
        chosenFrom: z.number().int().positive().optional(),
        grep: z.string().max(200).optional(),
        /**
         * The profile to run on, as a window confirmed it; the active one when left out. A run
         * confirmed for Live ran on whichever profile was active at the yes.
         */
        profileId: z.number().int().positive().optional(),
        confirmLive: z.boolean().default(false),
        /** What a window's live confirmation named; main runs only while it still holds. */
        liveConfirmation: liveConfirmationSchema.optional(),
        /** Scenarios run at once. */
        parallel: z.number().int().min(1, 'must be at least 1').max(16, 'must be at most 16').default(1),
        /** Stop after the first scenario that does not pass. */
        bail: z.boolean().default(false),
      })
      .refine(oneSource, sourceIssue),
    z.union([
      z.object({ runId: z.string() }),
      /**
       * Refused, nothing run: a file to run does not load (any file, when no `files` are
       * chosen), or a chosen file is gone. A file is never skipped quietly.
       */
      z.object({ problems: z.array(scenarioFileProblemSchema).min(1) }),
    ]),
  ),
  /** Stored runs, newest first, a page at a time: every run, from any window or `test`. */
  listScenarioRuns: defineCommand(
    z.object({
      /** The next page: runs numbered below this one (the last run of the page before). */
      beforeId: z.number().int().positive().optional(),
      limit: z.number().int().min(1, 'must be at least 1').max(200, 'must be at most 200').default(50),
    }),
    z.object({ runs: z.array(runSummarySchema), more: z.boolean() }),
  ),
  /** One stored run with its scenarios, steps, checks and record links. */
  getScenarioRun: defineCommand(
    z.object({ id: z.number().int().positive('Run numbers start at 1') }),
    storedRunSchema,
  ),
  /**
   * The stored runs with results of an opened folder's files, newest first, read until each file
   * has one it ran (a skip is not one), among the newest runs: the view's of the folder or one
   * above it, `test`'s of it or of its files from any working directory. Main says which card each
   * result is of (links resolved: a run of `goodlink/a.yaml`, goodlink → good, is good/'s card).
   */
  storedResultsOfFolder: defineCommand(
    z.object({
      folder: folderPath,
      /** The cards' files, as openScenarioFolder named them. */
      files: z.array(z.string().min(1).max(4096)).max(10_000),
    }),
    z.object({ runs: z.array(folderStoredRunSchema) }),
  ),
  /**
   * The newest run that ended of these paths, named from the working directory of the console
   * (`test [paths…]` there): what `test --last-failed` runs again. Null when there is none.
   */
  latestScenarioRunOf: defineCommand(
    z.object({ paths: scenarioPaths }),
    z.object({
      run: storedRunSchema.nullable(),
      /**
       * The scenarios now in the paths that `run` did not run (narrowed by --grep, or a run of
       * only some files), each as the newest earlier ended run of the paths left it.
       */
      earlier: z.array(
        z.object({ file: z.string(), status: resultStatusSchema, runId: z.number().int().positive() }),
      ),
      /** Scenarios now in the paths that no ended run of them ran (added since). */
      neverRun: z.array(z.string()),
    }),
  ),
  /**
   * The runs under way in this console process, which a window of it can cancel, with their
   * progress; the stored runs say what is under way anywhere else.
   */
  runsUnderWayHere: defineCommand(noInput, z.object({ runs: z.array(runUnderWayHereSchema) })),
  cancelScenarioRun: defineCommand(
    z.object({ runId: z.string().min(1) }),
    z.object({ cancelled: z.boolean() }),
  ),
  /** An order's lifecycle as the console saw it, written as a scenario ready to edit. */
  scenarioFromOrder: defineCommand(
    z.object({ orderId: z.string().trim().min(1, 'Enter an order id').max(200) }),
    z.object({ text: z.string(), fileName: z.string(), steps: z.number().int() }),
  ),
  /** Writes a scenario file (YAML) on the machine that runs the console. */
  saveScenarioFile: defineCommand(
    z.object({
      path: folderPath.refine((path) => /\.ya?ml$/i.test(path), 'A scenario file ends in .yaml or .yml'),
      // Characters first (cheap, and never more than the bytes), then the UTF-8 bytes the file will
      // hold; a text over in characters is not counted again (the limit was said twice).
      text: z
        .string()
        .max(SCENARIO_FILE_MAX_BYTES, { message: 'A scenario file is at most 1 MiB', abort: true })
        .refine(
          (text) => new TextEncoder().encode(text).length <= SCENARIO_FILE_MAX_BYTES,
          'A scenario file is at most 1 MiB',
        ),
      overwrite: z.boolean().default(false),
      /** Write it even though it would not load (its problems are said, and it blocks Run all). */
      saveInvalid: z.boolean().default(false),
    }),
    // `path` is null when nothing was written: the text would not load (its problems).
    z.object({ path: z.string().nullable(), problems: z.array(scenarioFileProblemSchema) }),
  ),
  /** Sends the endpoint the conformance battery, signed with the active profile's notification token. */
  checkEndpoint: defineCommand(
    z.object({
      url: endpointUrlSchema,
      config: endpointCheckConfigSchema.optional(),
      /**
       * Or signed with this secret, pasted for this check (the command line's
       * `--notification-token`): never stored, and the report and its records name no profile.
       */
      secret: z
        .string()
        .min(1, 'must not be empty')
        .max(4096, 'A secret is at most 4096 characters')
        .optional(),
      /** Names this check's `scenarios.endpointCase` pushes, so the caller can follow each case. */
      checkId: z.uuid().optional(),
      /** Required when the URL is a live profile's address (as a replay's target is). */
      confirmLive: z.boolean().default(false),
    }),
    endpointCheckReportSchema,
  ),
};

export const scenarioPushEvents = {
  'scenarios.progress': runProgressSchema,
  /**
   * The stored runs changed in another process on the data directory (`test` in a terminal, a
   * second console): a run started, finished a scenario, said it is alive, or ended.
   */
  'scenarios.storedRuns': z.object({}),
  /** One graded case of a `checkEndpoint` given a `checkId`, as soon as it is graded. */
  /** An action a person must take for a run to go on (open a checkout page and pay, say). */
  'scenarios.prompt': z.object({ runId: z.string(), text: z.string() }),
  'scenarios.endpointCase': z.object({ checkId: z.string(), result: endpointCaseResultSchema }),
};
