import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import {
  runTotals,
  SKIP_REASONS,
  type RunProgress,
  type RunReport,
  type ScenarioResult,
} from '../../shared/scenarios/scenario-results';
import { RUN_ALIVE_EVERY_MS, type RunSource } from '../../shared/scenarios/stored-runs';
import { maskWith, replaceSecretsDeep, usableSecrets } from '../../shared/secrets/redact-secrets';
import { countOf } from '../../shared/count-words';
import { errorWords } from '../../shared/error-words';
import type { ScenarioRunsRepository } from '../store/scenario-runs-repository';
import { diskFullWords } from '../store/disk-full-words';
import type { StoredProfile } from '../store/profiles-repository';
import { outlineOf, type LoadedScenario } from './load-scenarios';
import { runScenario } from './run-scenario';
import type { ScenarioServices } from './step-context';

export interface SuiteRunOptions {
  services: ScenarioServices;
  runs: ScenarioRunsRepository;
  /**
   * Runs a write of the run's record when the write lock is free (the store writer's queue): the
   * run writes between awaits, and a write made at once would wait for another process's lock
   * on the event loop.
   */
  queued: <T>(write: () => T) => Promise<T>;
  profile: StoredProfile;
  frontDoor: string;
  /** The paths the user named (stored with the run). */
  paths: readonly string[];
  /** Where the scenarios' files are named from (stored with the run, to run them again). */
  source: RunSource;
  confirmLive: boolean;
  /** Scenarios run at once (each in its own order, so they do not interfere). */
  parallel: number;
  /** Stop starting scenarios after the first that does not pass. */
  bail: boolean;
  env: Record<string, string | undefined>;
  runId?: string;
  signal: AbortSignal;
  prompt: (text: string) => void;
  onProgress: (progress: RunProgress) => void;
}

/** Only the scenarios whose name or file contains `text` (any case). */
export function grepScenarios(
  scenarios: readonly LoadedScenario[],
  text: string | undefined,
): LoadedScenario[] {
  if (text === undefined || text.trim() === '') return [...scenarios];
  const needle = text.trim().toLowerCase();
  return scenarios.filter(
    (loaded) =>
      loaded.scenario.name.toLowerCase().includes(needle) || loaded.file.toLowerCase().includes(needle),
  );
}

function skippedResult(loaded: LoadedScenario, why: string): ScenarioResult {
  const now = new Date().toISOString();
  const outline = outlineOf(loaded);
  return {
    file: loaded.file,
    name: loaded.scenario.name,
    status: 'skipped',
    startedAt: now,
    durationMs: 0,
    orderIds: [],
    steps: outline.steps.map((step, index) => ({
      index,
      kind: step.kind,
      title: step.title,
      line: step.line,
      status: 'skipped',
      startedAt: now,
      durationMs: 0,
      message: why,
      checks: [],
      recordIds: [],
    })),
  };
}

/**
 * Why a run stopped when a result could not be stored, naming what the stored run lacks: the
 * results not saved, the scenarios not run after them, and what run #N keeps.
 */
function notStoredWords(
  notStored: { error: unknown; results: readonly ScenarioResult[] },
  storedId: number,
  results: readonly (ScenarioResult | undefined)[],
): string {
  const named = notStored.results.map((result) => `${result.name} (${result.file})`);
  const finished = results.filter((result) => result !== undefined).length;
  const notRun = results.length - finished;
  const saved = finished - notStored.results.length;
  const lost = `the result${named.length === 1 ? '' : 's'} of ${named.join(', ')} ${named.length === 1 ? 'was' : 'were'} not saved${notRun === 0 ? '' : `, and ${countOf(notRun, 'scenario')} ${notRun === 1 ? 'was' : 'were'} not run`}; run #${storedId} keeps the ${saved} saved before it, as interrupted`;
  const diskFull = diskFullWords(notStored.error);
  return diskFull === null
    ? `${errorWords(notStored.error)}: ${lost}`
    : `${diskFull}: ${lost}; free some space and run the scenarios again`;
}

/**
 * Runs scenarios against one profile, `parallel` at a time, reporting progress as it goes and
 * storing the run: the run first, then each scenario with its steps as it finishes.
 */
export async function runSuite(
  scenarios: readonly LoadedScenario[],
  options: SuiteRunOptions,
): Promise<RunReport> {
  // A profile secret a check quotes (an expected value written `${env.…}`, an answer that echoed
  // one) is masked before a result is stored, reported or shown: no run record, report file or
  // window holds a profile's token. Read before the run is stored: a run that cannot read them
  // (its console closing as it starts) is not begun.
  const secrets = usableSecrets(options.services.profiles.secretsHere().secrets);
  const masked = <T>(value: T): T => replaceSecretsDeep(value, secrets, maskWith) as T;
  const runId = options.runId ?? randomUUID();
  // The writer throws at once, rather than rejecting, on a database already closed: as a promise
  // here, so every `.catch` below sees that throw too (a timer's callback that threw ended the
  // process, and one in a catch block replaced the error it was handling).
  const queued = async <T>(write: () => T): Promise<T> => options.queued(write);
  const startedMs = Date.now();
  const storedId = await queued(() =>
    options.runs.startRun({
      uid: runId,
      startedMs,
      frontDoor: options.frontDoor,
      profileId: options.profile.id,
      profileName: options.profile.fields.name,
      paths: options.paths,
      source: options.source,
    }),
  );
  options.onProgress({
    type: 'run-started',
    runId,
    scenarios: scenarios.map(outlineOf),
    profile: { name: options.profile.fields.name, environment: options.profile.fields.environment },
  });
  const results: (ScenarioResult | undefined)[] = new Array<ScenarioResult | undefined>(scenarios.length);
  let bailed = false;
  let next = 0;
  /** The first write of a result that failed (a full disk), and the results it and those after lost. */
  let notStored: { error: unknown; results: ScenarioResult[] } | null = null;
  const worker = async () => {
    for (;;) {
      // The disk refused a result: no more are started, whose records would be refused too.
      if (notStored !== null) return;
      const index = next++;
      const loaded = scenarios[index];
      if (loaded === undefined) return;
      const result = options.signal.aborted
        ? skippedResult(loaded, SKIP_REASONS.cancelled)
        : bailed
          ? skippedResult(loaded, SKIP_REASONS.bail)
          : masked(
              await runScenario(loaded, {
                services: options.services,
                profile: options.profile,
                confirmLive: options.confirmLive,
                env: options.env,
                signal: options.signal,
                prompt: options.prompt,
                run: { id: storedId, scenario: index, mask: masked },
                onStepStarted: (step) =>
                  options.onProgress({ type: 'step-started', runId, scenario: index, step }),
                onStepFinished: (step) =>
                  options.onProgress({
                    type: 'step-finished',
                    runId,
                    scenario: index,
                    result: masked(step),
                  }),
              }),
            );
      if (options.bail && (result.status === 'failed' || result.status === 'error')) bailed = true;
      results[index] = result;
      try {
        await queued(() => options.runs.addResult(storedId, index, result));
      } catch (error) {
        // Shown all the same, so the terminal says what ran; the run's error says it was not saved.
        if (notStored === null) notStored = { error, results: [] };
        notStored.results.push(result);
      }
      options.onProgress({ type: 'scenario-finished', runId, scenario: index, result });
    }
  };
  const workers = Math.max(1, Math.min(options.parallel, scenarios.length));
  // Each scenario under way listens for the cancel while it waits (a step's wait, its request):
  // `--parallel 16` passed Node's default of ten and printed a leak warning into the CI log.
  setMaxListeners(2 * workers + 2, options.signal);
  // Marked as under way while it runs, so a run whose process is closed or killed before its end
  // reads as interrupted rather than running for ever (stored-runs.ts). A mark that cannot be
  // written (a busy file) is simply the next one's to make. Started only here, where the finally
  // below stops it: a mark left running wrote every 10 s for as long as the process lived, to a
  // store that may have closed.
  const alive = setInterval(() => {
    queued(() => options.runs.markAlive(storedId, Date.now())).catch(() => undefined);
  }, RUN_ALIVE_EVERY_MS);
  alive.unref();
  try {
    await Promise.all(Array.from({ length: workers }, worker));
  } catch (error) {
    // The run cannot go on (its record could not be written, say): ended as interrupted, not
    // left running until its marks run out.
    await queued(() => options.runs.finishRun(storedId, Date.now(), 'interrupted')).catch(() => undefined);
    throw error;
  } finally {
    clearInterval(alive);
  }
  if (notStored !== null) {
    // Ended as interrupted with what was saved, if the disk still takes that much.
    await queued(() => options.runs.finishRun(storedId, Date.now(), 'interrupted')).catch(() => undefined);
    throw new Error(notStoredWords(notStored, storedId, results));
  }

  const done = results.filter((result): result is ScenarioResult => result !== undefined);
  const totals = runTotals(done);
  const status = options.signal.aborted
    ? 'cancelled'
    : totals.failed + totals.errors > 0
      ? 'failed'
      : 'passed';
  const finishedMs = Date.now();
  await queued(() => options.runs.finishRun(storedId, finishedMs, status));
  const report: RunReport = {
    runId,
    storedId,
    profileName: options.profile.fields.name,
    startedAt: new Date(startedMs).toISOString(),
    durationMs: finishedMs - startedMs,
    status,
    totals,
    scenarios: done,
  };
  options.onProgress({ type: 'run-finished', runId, report });
  return report;
}
