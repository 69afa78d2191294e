import { randomUUID } from 'node:crypto';
import { relative, resolve } from 'node:path';
import type { RunProgress, RunReport, ScenarioOutline } from '../../shared/scenarios/scenario-results';
import { ConsoleError } from '../console-error';
import type { EventBus } from '../event-bus';
import { baseUrlClause } from '../../shared/profile-readiness';
import { assertLiveConfirmationStands } from '../profiles/live-confirmation-stands';
import { assertLiveConfirmed } from '../profiles/live-guard';
import type { LiveConfirmation } from '../../shared/live-confirmation';
import type { StoredProfile } from '../store/profiles-repository';
import type { ScenarioRunsRepository } from '../store/scenario-runs-repository';
import { diskFullWords } from '../store/disk-full-words';
import type { RunSource, RunSummary, StoredRun } from '../../shared/scenarios/stored-runs';
import type { RunUnderWayHere } from '../../shared/scenarios/runs-under-way';
import type { ScenarioFileProblem } from '../../shared/scenarios/scenario-file-problems';
import { assertLiveSendsConfirmed } from './live-send-targets';
import { loadScenarios, outlineOf, type LoadedScenario, type LoadedSuite } from './load-scenarios';
import { grepScenarios, runSuite } from './run-suite';
import { namesBaseOf, sameScenarioPaths, scenarioFileKey } from './same-scenario-file';
import { expandScenarioPaths } from './scenario-paths';
import type { EarlierResult } from '../../shared/scenarios/run-again';
import type { ScenarioServices } from './step-context';
import { errorWords } from '../../shared/error-words';

export interface ScenarioRunInput {
  scenarios: readonly LoadedScenario[];
  paths: readonly string[];
  /** Where the files are named from; by default the paths, from the working directory. */
  source?: RunSource;
  profile?: StoredProfile;
  confirmLive: boolean;
  parallel?: number;
  bail?: boolean;
  env?: Record<string, string | undefined>;
  signal?: AbortSignal;
  prompt?: (text: string) => void;
  onProgress?: (progress: RunProgress) => void;
}

/** A folder (named relative to it), or files and folders named relative to the working directory. */
export type ScenarioSource = { folder: string } | { paths: readonly string[] };

export type ScenarioStartInput = ScenarioSource & {
  files?: readonly string[];
  /** The files are those that did not pass in this stored run (said of one that is gone). */
  chosenFrom?: number;
  grep?: string;
  /** The profile a window confirmed the run for; the active one when left out. */
  profileId?: number;
  confirmLive: boolean;
  /** What that confirmation named: the run starts only while it still holds. */
  liveConfirmation?: LiveConfirmation;
  parallel?: number;
  bail?: boolean;
};

export interface OpenedFolder {
  folder: string;
  scenarios: ScenarioOutline[];
  problems: ScenarioFileProblem[];
}

/** A run started, or refused with the problems that stop it (nothing ran). */
export type StartedRun = { runId: string } | { problems: ScenarioFileProblem[] };

export interface ScenarioService {
  /** The scenarios of a folder (or file, or paths) on this machine, with every problem found in them. */
  open(source: ScenarioSource): OpenedFolder;
  /** Runs to the end (the CLI), reporting progress as it goes. */
  run(input: ScenarioRunInput): Promise<RunReport>;
  /**
   * Starts in the background (the app, and the CLI's `test`); `scenarios.progress` pushes follow
   * it, and `scenarios.prompt` for each action a person must take.
   */
  start(input: ScenarioStartInput): StartedRun;
  cancel(runId: string): boolean;
  /**
   * Cancels every run under way here and resolves once each is stored as it ended (cancelled),
   * refusing new ones: the console closes its database only after this, or a run went on
   * writing to a closed database and ended the process.
   */
  close(): Promise<void>;
  /**
   * The runs under way in this console process (started by any of its windows), with what only
   * it knows of them: how many scenarios each runs, and which are running now. A window can
   * cancel these, and only these.
   */
  runsUnderWayHere(): RunUnderWayHere[];
  /** A stored run with its scenarios and steps, however it was started (the view, `test`). */
  storedRun(id: number): StoredRun | undefined;
  /** Stored runs newest first, a page at a time (`beforeId`: the last one of the page before). */
  runSummaries(page: { beforeId: number | null; limit: number }): RunSummary[];
  /**
   * The newest run that ended of these paths, named from this working directory (the runs of
   * `test [paths…]` here), with its scenarios; undefined when there is none.
   */
  latestEndedRunOf(paths: readonly string[]): StoredRun | undefined;
  /**
   * For the scenarios now in these paths that `latest` did not run: each one's result in the
   * newest earlier ended run of the same paths that ran it; `neverRun`, those none ran.
   */
  earlierResultsOf(
    paths: readonly string[],
    latest: StoredRun,
  ): { earlier: EarlierResult[]; neverRun: string[] };
}

export interface ScenarioServiceDependencies {
  runs: ScenarioRunsRepository;
  /** The store writer's queue for the run's own record (run-suite.ts). */
  queued: <T>(write: () => T) => Promise<T>;
  bus: EventBus;
  services: ScenarioServices;
  frontDoor: string;
}

/**
 * A folder as the console knows it: resolved from the working directory, so `scenarios`,
 * `./scenarios/` and its absolute path are one folder. Its runs are stored under this name and
 * open answers it, so the view finds the runs of the folder it opened: a relative folder answered
 * as typed matched no stored run, and its cards read "not run" after every reload.
 */
const folderOf = (source: { folder: string }): string => resolve(source.folder);

/** A folder's scenarios, named relative to it (a file given as the folder keeps its name). */
function loadSource(source: ScenarioSource) {
  if ('paths' in source) return loadScenarios(source.paths, process.cwd());
  const full = folderOf(source);
  return loadScenarios([full], namesBaseOf(full));
}

/**
 * The problems that stop a run. With no files chosen (the command line), every one: a suite runs
 * whole or not at all. With files chosen (the view, from a folder opened earlier), those of the
 * chosen files, and a chosen file that is no longer there: a file that broke since it was opened
 * would otherwise drop out of the run, which then said "passed" without it.
 */
function problemsOfChosen(
  suite: LoadedSuite,
  files: readonly string[] | undefined,
  chosenFrom: number | undefined,
): ScenarioFileProblem[] {
  if (files === undefined) return suite.problems;
  const chosen = new Set(files);
  const found = new Set([...suite.scenarios, ...suite.problems].map((item) => item.file));
  const gone = files
    .filter((file) => !found.has(file))
    .map((file) => ({
      file,
      line: null,
      column: null,
      field: null,
      message:
        chosenFrom === undefined
          ? 'no such file (removed or renamed since the folder was opened)'
          : `no such file: it did not pass in run #${chosenFrom}, and has been removed or renamed since`,
    }));
  return [
    ...suite.problems.filter((problem) => chosen.has(problem.file) || problem.missing === true),
    ...gone,
  ];
}

const nameOf = (source: ScenarioSource) => ('paths' in source ? process.cwd() : folderOf(source));

/** What a run stores of its source: the folder as open names it, or the working directory of its paths. */
const storedSourceOf = (source: ScenarioSource): RunSource =>
  'paths' in source ? { kind: 'paths', cwd: process.cwd() } : { kind: 'folder', folder: folderOf(source) };

/**
 * Runs of `test [paths…]` with these paths from this working directory: the same files and
 * folders, however named (`good/` and `goodlink/`, goodlink → good, are one suite).
 */
function ofPathsFromHere(paths: readonly string[]): (run: RunSummary) => boolean {
  const cwd = process.cwd();
  return (run) =>
    run.source?.kind === 'paths' &&
    // The working directory is a real path already (the system's getcwd resolves links).
    run.source.cwd === cwd &&
    sameScenarioPaths({ base: cwd, paths: run.paths }, { base: cwd, paths });
}

/**
 * Scenarios as a service of the console: loading, running (to the end for the CLI, in the
 * background with pushed progress for the app), cancelling, and the stored runs.
 */
export function createScenarioService(deps: ScenarioServiceDependencies): ScenarioService {
  const { runs } = deps;
  /** The runs started here and not yet ended: how to cancel each, and its end. */
  const inFlight = new Map<string, { controller: AbortController; ended: Promise<unknown> }>();
  let closing = false;
  /** What the progress of each run started here has said so far (see runsUnderWayHere). */
  const progressOf = new Map<string, { planned: string[]; running: Set<number>; finished: number }>();
  const follow = (progress: RunProgress) => {
    if (progress.type === 'run-started') {
      const names = progress.scenarios.map((outline) => outline.name);
      progressOf.set(progress.runId, { planned: names, running: new Set(), finished: 0 });
      return;
    }
    const known = progressOf.get(progress.runId);
    if (known === undefined) return;
    if (progress.type === 'step-started') known.running.add(progress.scenario);
    else if (progress.type === 'scenario-finished') {
      known.running.delete(progress.scenario);
      known.finished += 1;
    } else if (progress.type === 'run-finished' || progress.type === 'run-failed')
      progressOf.delete(progress.runId);
  };

  /**
   * Whether the service could be told of a listener for `profile`, in the decision every checkout
   * of the run makes (its notification plan, asked for an empty payload; a plan that cannot be
   * made counts as reaching one). A sandbox profile with no public listener URL reaches none: its
   * run was refused with the port another console's listener for Local held, when no listener of
   * this console could ever have received its notifications. Such a run goes on, as it does
   * while the listener runs, and its start line and steps say the plan's reason.
   */
  const notificationsReachAListener = (profile: StoredProfile): boolean => {
    try {
      return (
        deps.services.merchantApi.prepareCheckout({
          profileId: profile.id,
          body: { kind: 'json', payload: {} },
          injectNotificationUrl: true,
        }).notification.url !== null
      );
    } catch {
      return true;
    }
  };

  /**
   * What must hold before anything is sent: a confirmed live profile, a running listener where
   * the service can be told of one.
   */
  const preflight = (profile: StoredProfile, confirmLive: boolean, scenarios: readonly LoadedScenario[]) => {
    // A profile whose base URL is still a placeholder reaches no service, live or not: its steps
    // that call the service say it is not set up (as `send` says first), rather than the run
    // first asking for --yes-live only for nothing to be sent.
    if (baseUrlClause(profile.fields) === null)
      assertLiveConfirmed(profile, confirmLive, 'Running scenarios', {
        url: profile.fields.baseUrl,
        profiles: deps.services.profiles.snapshot().profiles,
      });
    assertLiveSendsConfirmed(scenarios, confirmLive, deps.services.profiles.snapshot().profiles);
    const status = deps.services.listener.status();
    if (!status.running && notificationsReachAListener(profile))
      throw new ConsoleError(
        'unavailable',
        `The webhook listener is not running, so no webhook can be expected${status.error === null ? '' : `: ${status.error}`}`,
      );
  };

  const run = async (input: ScenarioRunInput & { runId?: string }): Promise<RunReport> => {
    const profile = input.profile ?? deps.services.profiles.active();
    preflight(profile, input.confirmLive, input.scenarios);
    // The run's notifications come to the listener of its profile: a switch of the active
    // profile meanwhile moves the listener only once the run has ended.
    const release = deps.services.listener.holdFor(profile.id);
    return runSuite(input.scenarios, {
      services: deps.services,
      runs,
      queued: deps.queued,
      profile,
      frontDoor: deps.frontDoor,
      paths: input.paths,
      source: input.source ?? { kind: 'paths', cwd: process.cwd() },
      confirmLive: input.confirmLive,
      parallel: input.parallel ?? 1,
      bail: input.bail ?? false,
      env: input.env ?? process.env,
      ...(input.runId === undefined ? {} : { runId: input.runId }),
      signal: input.signal ?? new AbortController().signal,
      prompt: input.prompt ?? (() => undefined),
      onProgress: input.onProgress ?? (() => undefined),
    }).finally(release);
  };

  return {
    open(source) {
      const suite = loadSource(source);
      return { folder: nameOf(source), scenarios: suite.scenarios.map(outlineOf), problems: suite.problems };
    },
    run,
    start(input) {
      const { files, grep, confirmLive } = input;
      const suite = loadSource(input);
      const problems = problemsOfChosen(suite, files, input.chosenFrom);
      if (problems.length > 0) return { problems };
      const grepped = grepScenarios(suite.scenarios, grep);
      if (grepped.length === 0 && suite.scenarios.length > 0 && grep !== undefined)
        throw ConsoleError.invalid('grep', `no scenario name or file contains "${grep}"`);
      const chosen = grepped.filter((loaded) => files === undefined || files.includes(loaded.file));
      if (chosen.length === 0) throw new ConsoleError('invalid_input', 'No scenario matches.');
      if (closing) throw new ConsoleError('unavailable', 'The console is closing: no run can start.');
      // The profile the window asked about, not the one active at the yes: switched meanwhile
      // (a terminal's `profiles use`, another window), the run went to a profile never named.
      const profile =
        input.profileId === undefined
          ? deps.services.profiles.active()
          : deps.services.profiles.get(input.profileId);
      assertLiveConfirmationStands(profile, input.liveConfirmation);
      preflight(profile, confirmLive, chosen);
      const runId = randomUUID();
      const controller = new AbortController();
      const publish = (progress: RunProgress) => {
        follow(progress);
        deps.bus.publish('scenarios.progress', progress);
      };
      const ended = run({
        scenarios: chosen,
        paths: 'paths' in input ? input.paths : [input.folder],
        source: storedSourceOf(input),
        profile,
        confirmLive,
        ...(input.parallel === undefined ? {} : { parallel: input.parallel }),
        ...(input.bail === undefined ? {} : { bail: input.bail }),
        runId,
        signal: controller.signal,
        prompt: (text) => deps.bus.publish('scenarios.prompt', { runId, text }),
        onProgress: publish,
      })
        .catch((error: unknown) =>
          publish({
            type: 'run-failed',
            runId,
            // A run that could not even be stored (a full disk) says it in the writer's words.
            error: diskFullWords(error) ?? errorWords(error),
          }),
        )
        .finally(() => {
          inFlight.delete(runId);
          progressOf.delete(runId);
        });
      inFlight.set(runId, { controller, ended });
      return { runId };
    },
    cancel(runId) {
      const underWay = inFlight.get(runId);
      if (underWay === undefined) return false;
      underWay.controller.abort();
      return true;
    },
    async close() {
      closing = true;
      const ends = [...inFlight.values()].map(({ controller, ended }) => {
        controller.abort();
        return ended;
      });
      // How a run failed is already said by its own run-failed push.
      await Promise.allSettled(ends);
    },
    runsUnderWayHere() {
      const here: RunUnderWayHere[] = [];
      for (const [runId, known] of progressOf) {
        // Not stored yet (its first write is queued): no window lists it yet either.
        const id = runs.idOfUid(runId);
        if (id === undefined || !inFlight.has(runId)) continue;
        here.push({
          id,
          runId,
          planned: known.planned.length,
          finished: known.finished,
          running: [...known.running].sort((a, b) => a - b).flatMap((index) => known.planned[index] ?? []),
        });
      }
      return here;
    },
    storedRun: (id) => runs.get(id),
    runSummaries: (page) => runs.summaries(page),
    latestEndedRunOf(paths) {
      return runs.latestEnded(ofPathsFromHere(paths));
    },
    earlierResultsOf(paths, latest) {
      const cwd = process.cwd();
      // Named as the latest run names them (it is what --last-failed starts again, from its
      // paths), and matched by the file each name leads to: an earlier run of the same paths
      // may have named them through a link.
      const now = new Map(
        expandScenarioPaths(latest.paths, cwd).files.map((file) => [
          scenarioFileKey(cwd, file),
          relative(cwd, file) || file,
        ]),
      );
      for (const scenario of latest.scenarios) now.delete(scenarioFileKey(cwd, scenario.file));
      const wanted = now;
      const earlier: EarlierResult[] = [];
      for (const id of wanted.size === 0 ? [] : runs.endedIds(ofPathsFromHere(paths))) {
        if (id >= latest.id) continue;
        for (const scenario of runs.get(id)?.scenarios ?? []) {
          const key = scenarioFileKey(cwd, scenario.file);
          const file = wanted.get(key);
          if (file === undefined) continue;
          wanted.delete(key);
          earlier.push({ file, status: scenario.status, runId: id });
        }
        if (wanted.size === 0) break;
      }
      return { earlier, neverRun: [...wanted.values()] };
    },
  };
}
