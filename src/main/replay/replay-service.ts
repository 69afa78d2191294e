import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import {
  MAX_REPLAY_SENDS,
  replayRunOptionsOf,
  startingProgress,
  type ReplayConsoleOwn,
  type ReplayLeftOut,
  type ReplayPlanRequest,
  type ReplayProgress,
  type ReplayRun,
} from '../../shared/replay';
import { ConsoleError } from '../console-error';
import type { EventBus } from '../event-bus';
import type { JwtToolkit } from '../jwt/jwt-toolkit';
import type { ListenerService } from '../listener/listener-service';
import type { ProfileService } from '../profiles/profile-service';
import type { EventRow, EventsRepository } from '../store/events-repository';
import type { EventsQuery } from '../store/events-query';
import type { EventRecorder } from '../timeline/event-recorder';
import { liveAddressReachedBy } from '../../shared/live-address';
import { assertLiveAddressConfirmed } from '../profiles/live-guard';
import { replayRequest, replayTokens, type ReplayPath } from './replay-request';
import { sendReplay } from './replay-send';
import { replaySequence } from './replay-sequence';
import { errorWords } from '../../shared/error-words';
import { everyProfileSecret } from '../timeline/record-secrets';
import { ReplayError } from './replay-error';
import {
  refuseClaimsNotResignable,
  refuseCutBodies,
  refuseDamagedHeaders,
  refuseOnlyLeftOut,
  refuseRawRequests,
  refuseRedactedTokens,
} from './replay-refusals';

export interface ReplayServiceDependencies {
  events: EventsRepository;
  eventsQuery: EventsQuery;
  recorder: EventRecorder;
  listener: ListenerService;
  profiles: ProfileService;
  jwt: JwtToolkit;
  bus: EventBus;
}

export interface ReplayPlan {
  webhooks: number;
  leftOut: ReplayLeftOut;
  consoleOwn: ReplayConsoleOwn;
  sends: number;
  targetUrl: string;
  /** The target is a live profile's address: sending needs confirmation. */
  live: boolean;
}

/** A plan is told the body will be edited (`bodyEdited`, replayPlanInputSchema); a start sends it. */
type PlanRequest = ReplayPlanRequest & { bodyEdited?: boolean };

/** The stored bodies are not what goes: the start's own body, or the one a plan is told of. */
const bodyEdited = (request: PlanRequest): boolean => request.body !== null || request.bodyEdited === true;

export interface ReplayService {
  plan(request: PlanRequest): ReplayPlan;
  /** Starts in the background; progress comes as `replay.progress` pushes. */
  start(request: ReplayPlanRequest): { runId: string; total: number };
  /** Runs to the end (the CLI), reporting progress as it goes. */
  run(request: ReplayPlanRequest, onProgress?: (progress: ReplayProgress) => void): Promise<ReplayProgress>;
  cancel(runId: string): boolean;
  /** The runs started here and not ended, each as its latest progress and what it was started with (oldest first). */
  running(): ReplayRun[];
  /**
   * Cancels every run and waits until each has recorded its end: a send waiting for its answer
   * is recorded as cancelled before the store closes, not left pending.
   */
  close(): Promise<void>;
}

const PROGRESS_EVERY_MS = 100;

/**
 * Which of the console's own doings a stored webhook is (shared/replay.ts, ReplayConsoleOwn), or
 * null for one a filter takes: the service's own, an imported one, another listener's forward
 * (the service's request, passed on). A webhook signed with a token the console made is
 * crafted without a replay's marker (handle-webhook.ts marks it so only then); every other
 * replay or crafted one is the arrival of a replay.
 */
function consoleOwnOf(row: EventRow): keyof ReplayConsoleOwn | null {
  if (row.provenance !== 'replay' && row.provenance !== 'crafted') return null;
  return row.provenance === 'crafted' && hasCraftedToken(row.details) ? 'craftedTokens' : 'replays';
}

function hasCraftedToken(details: string): boolean {
  try {
    const parsed: unknown = JSON.parse(details);
    return typeof parsed === 'object' && parsed !== null && 'craftedToken' in parsed;
  } catch {
    return false;
  }
}
/** Distinct failure causes a run keeps (a run of 100,000 sends to a dead target has one). */
const CAUSES_KEPT = 5;

/**
 * Replays stored webhooks: selected by ids or a filter, in order, reversed or shuffled, repeated,
 * with a delay and a concurrency limit, to this console's listener, the forward-to URL or any
 * URL, with the original token, a fresh signature, none, or a preset. Each send is a `replay`
 * record linked to its original, written before it leaves and carrying its own uid as a
 * marker (REPLAY_MARKER_HEADER), so the listener that receives it links its record back to it:
 * the two records of one send, never evidence about an order. Sent to this console's listener
 * it carries the verdicts and the body judgement the listener gave it. Cancellable; progress
 * is pushed as it goes.
 */
export function createReplayService(deps: ReplayServiceDependencies): ReplayService {
  const runs = new Map<string, AbortController>();
  /**
   * Of each run started in the background, its latest progress and what it was started with: a
   * window opened later takes it up.
   */
  const latest = new Map<string, ReplayRun>();
  const ending = new Set<Promise<unknown>>();

  const originals = (
    request: PlanRequest,
  ): { rows: EventRow[]; leftOut: ReplayLeftOut; consoleOwn: ReplayConsoleOwn } => {
    const rows: EventRow[] = [];
    const leftOut: ReplayLeftOut = { raw: 0, cut: 0 };
    const consoleOwn: ReplayConsoleOwn = { replays: 0, craftedTokens: 0 };
    if (request.ids !== undefined) {
      for (const id of request.ids) {
        const row = deps.events.getRow(id);
        // Said as every other command says a missing record (the CLI's exit 1: it ran and failed).
        if (row === undefined) throw ConsoleError.notFound(`Timeline record ${id}`);
        if (row.kind !== 'webhook')
          throw new ReplayError(
            `Record #${id} is a ${row.kind}, not a webhook; only received webhooks are replayed.`,
          );
        rows.push(row);
      }
    } else if (request.filter !== undefined) {
      for (const row of deps.eventsQuery.rows({ ...request.filter, kinds: ['webhook'] }, 'oldest-first')) {
        // The listener's record of a replay the console sent is a copy of a stored webhook (or
        // bytes the console made): taken by a filter, every run would replay the last run's
        // arrivals too, doubling each time. One signed with a console-made token is bytes the
        // service never sent. Each is counted by what it is; named by id, one is replayed as asked.
        const own = consoleOwnOf(row);
        if (own !== null) {
          consoleOwn[own] += 1;
          continue;
        }
        // Named by id, either is refused, saying why (refuseRawRequests, refuseCutBodies); taken
        // by a filter ("every stored webhook"), one of them refused the whole run, leaving no
        // way to replay the rest. They are left out, and the plan counts them.
        if (row.method === null) {
          leftOut.raw += 1;
          continue;
        }
        if (row.request_truncated === 1 && !bodyEdited(request)) {
          leftOut.cut += 1;
          continue;
        }
        rows.push(row);
        if (rows.length > MAX_REPLAY_SENDS)
          throw new ReplayError(`More than ${MAX_REPLAY_SENDS} webhooks match; narrow the filter.`);
      }
      if (rows.length === 0) refuseOnlyLeftOut(leftOut, consoleOwn);
    } else throw new ReplayError('Choose webhooks to replay: ids or a filter.');
    if (rows.length === 0) throw new ReplayError('No stored webhook matches; nothing to replay.');
    return { rows, leftOut, consoleOwn };
  };

  const target = (request: ReplayPlanRequest): { base: string; path: ReplayPath } => {
    switch (request.target.kind) {
      case 'listener': {
        // This process's listener, or else the active profile's port on this machine: a CLI
        // process has none of its own, and the app or `listen` on this data directory runs it.
        const status = deps.listener.status();
        const url =
          status.url ?? (status.configuredPort > 0 ? `http://127.0.0.1:${status.configuredPort}` : null);
        if (url === null)
          throw new ReplayError("This console's listener is not running; start it under Listener.");
        return { base: url, path: 'stored' };
      }
      case 'forward': {
        const url = deps.listener.settings().forwardTo;
        if (url === null)
          throw new ReplayError(
            'The listener has no forward-to URL; set one under Listener, or replay to a URL.',
          );
        return { base: url, path: 'forwarded' };
      }
      case 'url':
        return { base: request.target.url, path: 'target' };
    }
  };

  const liveAddress = (url: string) => liveAddressReachedBy(url, deps.profiles.snapshot().profiles);

  /**
   * Nothing goes to a live profile's address unconfirmed: refused by the live guard every send to
   * a given URL goes through (an endpoint check's, a forward-to's), in the same words.
   */
  const refuseUnconfirmedLive = (request: ReplayPlanRequest, targetUrl: string): void =>
    assertLiveAddressConfirmed(targetUrl, request.confirmLive, 'a replay', deps.profiles.snapshot().profiles);

  const plan = (request: PlanRequest): ReplayPlan => {
    const { rows, leftOut, consoleOwn } = originals(request);
    refuseRawRequests(rows);
    refuseDamagedHeaders(rows);
    if (!bodyEdited(request)) refuseCutBodies(rows);
    if (request.tokenMode === 'original' || request.tokenMode === 'resign') refuseRedactedTokens(rows);
    if (request.tokenMode === 'resign') refuseClaimsNotResignable(rows);
    const { base } = target(request);
    const sends = rows.length * request.repeat;
    if (sends > MAX_REPLAY_SENDS)
      throw new ReplayError(`${sends} sends is more than ${MAX_REPLAY_SENDS}; repeat fewer times.`);
    return {
      webhooks: rows.length,
      leftOut,
      consoleOwn,
      sends,
      targetUrl: base,
      live: liveAddress(base) !== null,
    };
  };

  async function run(
    request: ReplayPlanRequest,
    runId: string,
    signal: AbortSignal,
    onProgress: (progress: ReplayProgress) => void,
  ): Promise<ReplayProgress> {
    refuseUnconfirmedLive(request, plan(request).targetUrl);
    // Each worker listens for the cancel twice at most (its send in flight, its pause): more
    // than Node's default 10 is no leak, and said as one it printed a warning on every run.
    setMaxListeners(2 * request.concurrency + 2, signal);
    const destination = target(request);
    const profileId = request.profileId ?? deps.profiles.active().id;
    const profile = deps.profiles.get(profileId);
    const secrets = everyProfileSecret(deps.profiles);
    const sequence = replaySequence(originals(request).rows, request);
    const started = Date.now();
    const progress = startingProgress(runId, sequence.length);
    let lastReport = 0;
    const report = (force = false) => {
      const now = Date.now();
      if (!force && now - lastReport < PROGRESS_EVERY_MS) return;
      lastReport = now;
      progress.rate = progress.done / Math.max((now - started) / 1000, 0.001);
      onProgress(snapshot(progress));
    };
    report(true);

    const sendOne = async (row: EventRow, index: number) => {
      const tokens = await replayTokens(
        row,
        { mode: request.tokenMode, preset: request.preset, profileId },
        deps.jwt,
      );
      const outcome = await sendReplay(deps, {
        row,
        outgoing: replayRequest(row, destination, tokens, request.body),
        request,
        profile: { id: profile.id, name: profile.fields.name },
        secrets,
        signal,
        details: { runId, position: index + 1, of: sequence.length },
      });
      progress.done++;
      if (outcome.sent) progress.sent++;
      if (outcome.failed) progress.failures++;
      if (outcome.unanswered) progress.unanswered++;
      if (outcome.notSent) progress.notSent++;
      // Kept apart by what became of the send: a cancel after sending is no failure, and a send
      // of which nothing left (a CONNECT refused) none either.
      const causes = outcome.unanswered
        ? progress.unansweredCauses
        : outcome.notSent
          ? progress.notSentCauses
          : progress.causes;
      const cause = outcome.error;
      if (cause !== null && causes.length < CAUSES_KEPT && !causes.includes(cause)) causes.push(cause);
      progress.lastRecordIds = [...progress.lastRecordIds.slice(-19), outcome.recordId];
      report();
    };

    let next = 0;
    const worker = async () => {
      while (!signal.aborted) {
        const index = next++;
        const row = sequence[index];
        if (row === undefined) return;
        if (index >= request.concurrency && request.delayMs > 0) await sleep(request.delayMs, signal);
        if (signal.aborted) return;
        await sendOne(row, index);
      }
    };
    await Promise.all(Array.from({ length: Math.min(request.concurrency, sequence.length) }, worker));
    progress.finished = true;
    // Cancelled while it ran, whatever was left: a send cut short counts as done (unanswered, or
    // not sent when cut before it was sent whole) too,
    // so done = total said "done" for a run whose only send was cancelled.
    progress.cancelled = signal.aborted;
    report(true);
    return snapshot(progress);
  }

  return {
    plan,
    start(request) {
      const summary = plan(request);
      refuseUnconfirmedLive(request, summary.targetUrl);
      const runId = randomUUID();
      const controller = new AbortController();
      runs.set(runId, controller);
      const startedWith = replayRunOptionsOf(request);
      const publish = (progress: ReplayProgress) => {
        if (progress.finished) latest.delete(runId);
        else latest.set(runId, { ...progress, startedWith });
        deps.bus.publish('replay.progress', progress);
      };
      const ended = run(request, runId, controller.signal, publish)
        .catch((failure: unknown) =>
          publish({ ...startingProgress(runId, summary.sends), finished: true, error: errorWords(failure) }),
        )
        .finally(() => {
          runs.delete(runId);
          latest.delete(runId);
          ending.delete(ended);
        });
      ending.add(ended);
      return { runId, total: summary.sends };
    },
    async run(request, onProgress = () => undefined) {
      const runId = randomUUID();
      const controller = new AbortController();
      runs.set(runId, controller);
      try {
        return await run(request, runId, controller.signal, onProgress);
      } finally {
        runs.delete(runId);
      }
    },
    running: () => [...latest.values()],
    async close() {
      for (const controller of runs.values()) controller.abort();
      await Promise.all(ending);
    },
    cancel(runId) {
      const controller = runs.get(runId);
      if (controller === undefined) return false;
      controller.abort();
      return true;
    },
  };
}

/** A pause that a cancel ends; its listener goes with it (one per pause piled up on the run's signal). */
/** A copy of a run's progress to hand out: the run goes on changing its own lists. */
function snapshot(progress: ReplayProgress): ReplayProgress {
  return {
    ...progress,
    lastRecordIds: [...progress.lastRecordIds],
    causes: [...progress.causes],
    unansweredCauses: [...progress.unansweredCauses],
    notSentCauses: [...progress.notSentCauses],
  };
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
