import type { ListenerSettings, ListenerStatus } from '../../shared/listener';
import { ConsoleError } from '../console-error';
import { namesListenerLiterally } from './forward-guard';
import { createIngestWriter } from './ingest-writer';
import type { VerificationKey } from './judge-webhook';
import type { ListenerDependencies } from './listener-dependencies';
import { createListenerForwards } from './listener-forwards';
import { createLiveForwardHold } from './live-forward-hold';
import { createListenerTargets, verificationOf, type Target } from './listener-target';
import { startWebhookServer, type RunningWebhookServer } from './webhook-server';
import {
  damagedPortWords,
  describeBindError,
  heldByConsoleWords,
  holderGoneWords,
  otherHolderGoneWords,
  type Holder,
} from './listener-port-words';
import { createHeldPortWatch } from '../running-addresses/held-port-watch';
import { portStillHeld } from './port-still-held';

export interface ListenerService {
  status(): ListenerStatus;
  settings(): ListenerSettings;
  /** `settings()`, with what of the stored value could not be read, for the Listener view to say. */
  settingsAsRead(): ListenerSettings & { unreadable: string[] };
  /**
   * With `expected`, refused (conflict) where a patched field was changed elsewhere since;
   * `confirmedLive`: the forward-to given was confirmed for a live profile's address.
   */
  updateSettings(
    patch: Partial<ListenerSettings>,
    expected?: Partial<ListenerSettings>,
    confirmedLive?: boolean,
  ): ListenerSettings;
  /** Why forwards to the forward-to are held now (a live profile's address not confirmed), or null. */
  forwardHeld(): string | null;
  /** Starts it, or stops and starts it again, on the active profile's port. */
  restart(): Promise<ListenerStatus>;
  /**
   * The status once every start, stop and restart asked for so far has ended: a profile save
   * waits for it, so the save's answer comes after the listener has followed the saved port.
   */
  settled(): Promise<ListenerStatus>;
  /**
   * Keeps the listener on `profileId` (its port, its token) until the returned release is called,
   * whatever the active profile becomes meanwhile. A scenario run holds it for its profile: a
   * switch mid-run moved the listener to another port and token while the run went on on the
   * profile it started with, and its notifications had no listener to reach.
   */
  holdFor(profileId: number): () => void;
  close(): Promise<void>;
}

/**
 * The app's webhook listener: follows the active profile (its port, its notification token),
 * restarts when either the profile or its port changes, and reports what it is doing as a
 * status pushed to every front door. A taken port is a status, never a crash.
 */
export function createListenerService(deps: ListenerDependencies): ListenerService {
  const { profiles, bus, log, keys } = deps;
  // A 503 (the database stayed locked) is counted and shown at once.
  const writer = createIngestWriter(
    deps.recorder,
    (message) => log.error(message),
    () => announce(),
  );
  let server: RunningWebhookServer | null = null;
  let target: Target | null = null;
  let error: string | null = deps.runsListener
    ? null
    : `The listener runs in the desktop app and in browser mode (serve); use "${deps.consoleCommand('listen')}" from a terminal.`;
  let portTakenBy: ListenerStatus['portTakenBy'] = null;
  // The console named as the port's holder when the listener last failed to bind (null: none).
  // Believed only while its process runs: looked at again on every status read, and on a timer
  // so an open view is told (held-port-watch.ts). Another program's hold is looked at on the
  // same timer, by trying the port (recheckOtherHolder).
  let holder: (Holder & { port: number }) | null = null;
  const holderWatch = createHeldPortWatch(() => {
    if (portTakenBy === 'other') recheckOtherHolder();
    else if (recheckHolder()) announce();
  });
  /** Whether the holder's words changed: it stopped, or another console holds the port now. */
  const recheckHolder = (): boolean => {
    if (holder === null || server !== null || closed) return false;
    const now = deps.listenerHeldBy?.(holder.port) ?? null;
    if (
      now !== null &&
      now.runBy === holder.runBy &&
      now.profileId === holder.profileId &&
      now.profileName === holder.profileName
    )
      return false;
    if (now !== null) {
      holder = { ...now, port: holder.port };
      error = heldByConsoleWords(holder.port, now, target ?? readTarget());
      return true;
    }
    error = holderGoneWords(holder.port, holder);
    log.warn(error);
    portTakenBy = null;
    holder = null;
    holderWatch.stop();
    return true;
  };
  /**
   * Another program held the port: whether it still does, said and pushed once it has let it go
   * (or a console of this data directory holds it now). In the queue, so that the look never
   * takes the port from under a restart binding it.
   */
  const recheckOtherHolder = () => {
    const look = queue.then(async () => {
      const port = target?.port;
      if (port === undefined || server !== null || closed || portTakenBy !== 'other') return;
      const consoleHolder = deps.listenerHeldBy?.(port) ?? null;
      if (consoleHolder !== null) {
        holder = { ...consoleHolder, port };
        portTakenBy = 'console';
        error = heldByConsoleWords(port, consoleHolder, target ?? readTarget());
      } else {
        if (await portStillHeld(port)) return;
        error = otherHolderGoneWords(port);
        portTakenBy = null;
        holderWatch.stop();
      }
      log.warn(error);
      announce();
    });
    queue = look.catch(() => undefined);
  };
  let verification: Promise<VerificationKey> = Promise.resolve({ key: null, label: 'no profile' });
  let queue: Promise<unknown> = Promise.resolve();
  let closed = false;
  const forwards = createListenerForwards(deps.recorder, log);

  const overrides = deps.overrides ?? {};
  const settingsNow = (): ListenerSettings => ({ ...deps.settings.get(), ...overrides.settings });
  const liveHold = createLiveForwardHold({ profiles, settings: deps.settings, overrides, log });

  const targets = createListenerTargets(profiles, overrides);
  const readTarget = targets.read;
  const useKeyOf = (next: Target) => {
    verification = verificationOf(next, keys);
  };

  const status = (): ListenerStatus => {
    recheckHolder();
    const current = target ?? (closed ? null : readTarget());
    return {
      running: server !== null,
      port: server?.port ?? null,
      configuredPort: current?.port ?? 0,
      url: server?.origin ?? null,
      publicUrl: current?.publicUrl ?? null,
      error,
      portTakenBy,
      profileId: current?.profileId ?? null,
      profileName: current?.profileName ?? null,
      hasNotificationToken: current?.secret != null,
      notificationTokenUnopened: current?.secretUnopened ?? null,
      notStored: writer.notStored(),
      notStoredReason: writer.notStoredReason(),
      forwardHold: liveHold.holdOf(settingsNow().forwardTo),
    };
  };
  const announce = () => bus.publish('listener.status', status());

  const stop = async () => {
    const running = server;
    server = null;
    if (running !== null) await running.close();
  };

  const start = async (next: Target) => {
    target = next;
    useKeyOf(next);
    if (next.portDamaged !== null) {
      error = damagedPortWords(next.portDamaged, next.profileName);
      portTakenBy = null;
      holder = null;
      holderWatch.stop();
      if (overrides.callerReportsStartFailure === true) log.info(error);
      else log.warn(error);
      return;
    }
    try {
      server = await startWebhookServer({
        port: next.port,
        ...(deps.limits === undefined ? {} : { limits: deps.limits }),
        settings: settingsNow,
        verification: () => verification,
        profile: () => ({ id: target?.profileId ?? null, name: target?.profileName ?? null }),
        writer,
        ...(deps.replayByUid === undefined ? {} : { replayByUid: deps.replayByUid }),
        ...(deps.craftedToken === undefined ? {} : { craftedToken: deps.craftedToken }),
        forward: (webhook, forwardTo) => {
          const held = liveHold.holdForward(forwardTo);
          forwards.forward(webhook, forwardTo, held);
          // The Listener view counts the webhooks held.
          if (held !== null) announce();
        },
        logError: (message) => log.error(message),
      });
      error = null;
      portTakenBy = null;
      holder = null;
      holderWatch.stop();
      log.info(`Webhook listener on ${server.origin} for profile "${next.profileName}".`);
      liveHold.sayHold(settingsNow().forwardTo);
    } catch (bindError) {
      const heldBy = deps.listenerHeldBy?.(next.port) ?? null;
      error = describeBindError(bindError, next.port, heldBy, next);
      const code = (bindError as { code?: string }).code;
      portTakenBy = code !== 'EADDRINUSE' ? null : heldBy === null ? 'other' : 'console';
      holder = portTakenBy === 'console' && heldBy !== null ? { ...heldBy, port: next.port } : null;
      if (portTakenBy === null) holderWatch.stop();
      else holderWatch.start();
      if (overrides.callerReportsStartFailure === true) log.info(error);
      else log.warn(error);
    }
  };

  const serialized = (task: () => Promise<void>): Promise<ListenerStatus> => {
    const run = queue.then(task).then(() => {
      announce();
      return status();
    });
    queue = run.catch(() => undefined);
    return run;
  };

  const restart = () =>
    serialized(async () => {
      if (!deps.runsListener || closed) return;
      await stop();
      await start(readTarget());
    });

  const reconcile = () =>
    serialized(async () => {
      if (!deps.runsListener || closed) return;
      const read = readTarget();
      const previous = target;
      const kept = overrides.keepPort === true && previous !== null && server !== null;
      const next = kept ? { ...read, port: previous.port } : read;
      if (
        previous === null ||
        (!kept && (next.profileId !== previous.profileId || next.port !== previous.port))
      ) {
        await stop();
        await start(next);
        return;
      }
      if (
        next.secret !== previous.secret ||
        next.secretUnopened !== previous.secretUnopened ||
        next.profileId !== previous.profileId
      )
        useKeyOf(next);
      target = next;
    });

  const unsubscribe = bus.subscribe((event) => {
    if (event.name === 'profiles.changed') void reconcile();
  });

  return {
    status,
    settings: settingsNow,
    settingsAsRead: () => ({ ...settingsNow(), unreadable: deps.settings.unreadable() }),
    updateSettings(patch, expected, confirmedLive) {
      const port = server?.port;
      const target = URL.parse(patch.forwardTo?.trim() ?? '');
      if (target !== null && port !== undefined && namesListenerLiterally(target, port))
        throw ConsoleError.invalid(
          'forwardTo',
          // Named by its host: a user name and password in it are refused too, never echoed.
          `${target.protocol}//${target.host}${target.pathname} is this listener itself (port ${port}): every webhook would be forwarded back to it without end. Forward to the merchant's endpoint instead.`,
        );
      const next = deps.settings.update(patch, expected, confirmedLive);
      if (server !== null) liveHold.sayHold(next.forwardTo);
      bus.publish('listener.settings', next);
      // A forward-to saved (confirmed or not) holds or releases forwarding: the status says which.
      if (patch.forwardTo !== undefined) announce();
      return next;
    },
    forwardHeld: () => {
      const { forwardTo } = settingsNow();
      return forwardTo === null ? null : liveHold.heldBecause(forwardTo);
    },
    restart,
    settled: () => queue.then(() => status()),
    holdFor: (profileId) => targets.hold(profileId, () => void reconcile()),
    async close() {
      unsubscribe();
      await queue;
      closed = true;
      holderWatch.stop();
      await stop();
      await forwards.close();
    },
  };
}
