import { ConsoleError } from '../console-error';
import { pickLocalProfile } from '../../shared/local-profile';
import type {
  EmulatorDelivery,
  EmulatorOrder,
  EmulatorSettings,
  EmulatorSettingsUpdate,
  EmulatorSettingsView,
  EmulatorStatus,
  Faults,
} from '../../shared/emulator';
import { DEFAULT_EMULATOR_SETTINGS, emulatorSettingsSchema, NO_FAULTS } from '../../shared/emulator';
import { EMULATOR_SETTINGS_SETTING } from '../../shared/stored-settings';
import type { CustomerAction } from '../../shared/orders/order-states';
import type { EventBus } from '../event-bus';
import type { HmacKeyCache } from '../jwt/hmac-key-cache';
import type { Logger } from '../log';
import { parseInput } from '../parse-input';
import { refuseChangedElsewhere } from '../changed-elsewhere';
import type { ProfileService } from '../profiles/profile-service';
import type { EmulatorOrderRow } from '../store/emulator-repository';
import type { Store } from '../store/open-store';
import type { StoredProfile } from '../store/profiles-repository';
import type { SettingsRepository } from '../store/settings-repository';
import type { EventRecorder } from '../timeline/event-recorder';
import { deliveryView, orderView } from './emulator-views';
import { createEmulatorEngine, type EmulatorEngine } from './emulator-engine';
import { startEmulatorServer, type RunningEmulatorServer } from './emulator-server';
import { createWebhookDispatcher } from './webhook-dispatcher';
import { refuseWebhookAtItself } from './webhook-url-self';
import { errorWords } from '../../shared/error-words';
import { followFromOtherProcesses, type OtherProcessesHandler } from '../other-processes-watch';
import { createHeldPortWatch } from '../running-addresses/held-port-watch';

const SETTINGS_KEY = EMULATOR_SETTINGS_SETTING.key;

export interface EmulatorServiceDependencies {
  /** Its repositories (orders, outbox, money movements) and the writer its changes go through. */
  store: Pick<Store, 'emulatorOrders' | 'emulatorOutbox' | 'emulatorTransactions' | 'writer' | 'events'>;
  profiles: ProfileService;
  recorder: EventRecorder;
  keys: HmacKeyCache;
  settings: SettingsRepository;
  bus: EventBus;
  log: Logger;
  /**
   * Tokens of its own in place of the Local profile's, each kind on its own: a `test` session for
   * another local profile gives both (it then stands in for no profile), `emulator` in a terminal
   * those its flags give. A kind not given follows the Local profile, changed here or by another
   * process on the data directory, as the emulator of the desktop and `serve` does.
   */
  tokens?: Partial<EmulatorTokens>;
  /**
   * `emulator` in a terminal: what it accepts or signs with while the Local profile has no token
   * of that kind (or there is no local profile); it prints them, made at random, once.
   */
  fallbackTokens?: EmulatorTokens;
  /**
   * False: it stays on the port it was started on, whatever the Local profile's base URL says
   * (`emulator` in a terminal printed its address).
   */
  followsBaseUrl?: boolean;
  /**
   * Which console on this data directory says it runs its emulator on `port` (its address
   * record: `checkout-console serve (pid 123)`), or null: a held port is then named precisely.
   */
  emulatorHeldBy?: (port: number) => string | null;
  /** The emulator of one run (`test`): closing, it lets a notification on its way be answered first. */
  ownedByRun?: boolean;
  /**
   * How this front door starts it on a free port, said when its port is held (`emulator` in a
   * terminal: `pass --port 0`); the views offer a button for it ("Start on a free port").
   */
  freePortHow?: string;
}

export interface EmulatorTokens {
  apiToken: string;
  notificationToken: string;
}

export interface EmulatorService {
  status(): EmulatorStatus;
  /** The tokens it accepts and signs with now (null: none, every call is refused); main's own use. */
  tokens(): { apiToken: string | null; notificationToken: string | null };
  /**
   * Starts on `port`, or on the Local profile's base URL port (stopping first when running).
   * Started for the Local profile (no standalone tokens), it then follows the port of that
   * base URL (changed here or by another process) until stopped: restarted on the new port.
   */
  start(port?: number): Promise<EmulatorStatus>;
  stop(): Promise<EmulatorStatus>;
  /** The settings as stored (main's own use): the registered webhook's headers are not among them. */
  settings(): EmulatorSettings;
  /** The settings as a window sees them: with the registered webhook's headers, values masked. */
  settingsView(): EmulatorSettingsView;
  /** Changes some settings; `webhookHeaders` (the whole list) is sealed in the same transaction. */
  updateSettings(update: EmulatorSettingsUpdate): EmulatorSettingsView;
  /** Settings another console saved on the data directory, pushed as this one's own (`emulator.changed`). */
  otherProcesses(): OtherProcessesHandler;
  orders(limit: number): EmulatorOrder[];
  deliveries(limit: number): EmulatorDelivery[];
  customerAction(orderId: string, action: CustomerAction): EmulatorOrder;
  /**
   * The console's browser-mode address (null: none), so the local merchant page can link back
   * to an order; `serve` sets it once its server is up.
   */
  setConsoleUrl(url: string | null): void;
  setOrderOptions(
    orderId: string,
    options: { faults?: Faults | null; legacyApproved?: boolean },
  ): EmulatorOrder;
  readonly engine: EmulatorEngine;
  close(): Promise<void>;
}

/** The profile the embedded emulator stands in for: the one named Local, else the first local one. */
export function localProfileOf(profiles: ProfileService): StoredProfile | null {
  const local = pickLocalProfile(profiles.snapshot().profiles);
  return local === undefined ? null : profiles.get(local.id);
}

/**
 * The port of a loopback http base URL, or why the emulator cannot stand behind it. `profileName`:
 * the profile it is read from, named in the reason (it need not be the one called Local).
 */
export function emulatorPortOf(baseUrl: string, profileName?: string): { port: number } | { error: string } {
  const whose =
    profileName === undefined ? "The Local profile's base URL" : `The base URL of profile ${profileName},`;
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    return { error: `${whose} ${baseUrl} is not a URL.` };
  }
  if (url.protocol !== 'http:' || !['127.0.0.1', 'localhost'].includes(url.hostname))
    return {
      error: `${whose} ${baseUrl} is not http://127.0.0.1:PORT, so the emulator is not started for it.`,
    };
  return { port: url.port === '' ? 80 : Number(url.port) };
}

/**
 * Why the emulator did not start on a held port: the console on this data directory that says it
 * runs its emulator there (it answers as the same emulator: the same orders and settings), or,
 * when none says so, something this console cannot name (another program, or a console of an
 * older version or another data directory). The second never says a console of this data
 * directory may answer: it was looked for and not found, and one would have been named.
 */
function heldPortWords(port: number, heldBy: string | null, freePortHow: string | undefined): string {
  const how = freePortHow === undefined ? '' : ` (${freePortHow})`;
  if (heldBy !== null)
    return `${heldBy} runs this data directory's emulator on port ${port}, so this console's emulator is not started there; that one answers as the same emulator (the same orders and settings). Start this one on a free port${how}, or use that one.`;
  return `Something else on this machine holds port ${port} (which process is not known here), so this console's emulator is not running, and whatever holds the port answers in its place: no console on this data directory says it runs its emulator there (one that did would be named here). Start it on a free port${how}, or free the port.`;
}

/**
 * The local emulator as a service of the console: started for the Local profile (accepting its
 * API token, signing with its notification token) or standalone with given tokens; its state in
 * SQLite (orders, outbox) survives restarts; `emulator.changed` pushes keep the view current.
 */
export function createEmulatorService(deps: EmulatorServiceDependencies): EmulatorService {
  const {
    emulatorOrders: orders,
    emulatorOutbox: outbox,
    emulatorTransactions: transactions,
    writer,
  } = deps.store;
  // Read as stored (another console on the data directory may save them), parsed on change;
  // field by field: one damaged field put every stored setting back to its default before.
  const readStored = deps.settings.lenientReader(
    SETTINGS_KEY,
    emulatorSettingsSchema,
    DEFAULT_EMULATOR_SETTINGS,
  );
  const readSettings = (): EmulatorSettings => readStored().value;
  let consoleUrl: string | null = null;
  let server: RunningEmulatorServer | null = null;
  let error: string | null = null;
  let changeQueued = false;
  // Started and not stopped since: it may then follow the Local profile's base URL.
  let wanted = false;
  // It follows the base URL (followBaseUrl): started for it, or found running where it points
  // (after Start on a free port, the profile follows the emulator). Started on a port of its
  // own, elsewhere than the profile points, it stays there.
  let follows = false;
  // The port the last start tried (null: the base URL named none the emulator can stand behind).
  let attempted: number | null = null;
  // The console named as the port's holder when the last start failed (null: none was). Its
  // record is believed only while its process runs: looked at again on every status read, and on
  // a timer so an open view is told (held-port-watch.ts). Once it is gone, the emulator is simply
  // stopped: nothing answers on the port, Start can start it there, and what is owed waits for it.
  let holder: { port: number; runBy: string } | null = null;
  const holderWatch = createHeldPortWatch(() => {
    if (recheckHolder()) changed();
  });
  /** Whether the words changed: the holder stopped, or another console holds the port now. */
  const recheckHolder = (): boolean => {
    if (holder === null || server !== null) return false;
    const now = deps.emulatorHeldBy?.(holder.port) ?? null;
    if (now === holder.runBy) return false;
    if (now !== null) {
      holder = { port: holder.port, runBy: now };
      error = heldPortWords(holder.port, now, deps.freePortHow);
      return true;
    }
    deps.log.warn(
      `${holder.runBy}, which ran this data directory's emulator on port ${holder.port}, has stopped: this console's emulator is stopped, and Start starts it there.`,
    );
    holder = null;
    error = null;
    holderWatch.stop();
    return true;
  };

  // The Local profile and its tokens are read once and again only after a profile changes:
  // decrypting them on every request would cost more than the request itself.
  // A token that cannot be opened here (a lost vault.key) keeps the emulator from starting, said
  // in its status; the console around it still starts, so its history can be read.
  let cached: {
    profile: StoredProfile | null;
    secrets: { apiToken: string | null; notificationToken: string | null };
    unopened: string | null;
  } | null = null;
  const given = deps.tokens ?? {};
  // Both kinds its own: it stands in for no profile (its status names none, its tokens' lifetime
  // is the default one).
  const standalone = given.apiToken !== undefined && given.notificationToken !== undefined;
  const current = () => {
    if (cached !== null) return cached;
    const profile = localProfileOf(deps.profiles);
    let own: { apiToken: string | null; notificationToken: string | null } = {
      apiToken: null,
      notificationToken: null,
    };
    let unopened: string | null = null;
    if (!standalone && profile !== null) {
      try {
        own = deps.profiles.secretsOf(profile.id);
      } catch (failure) {
        if (!(failure instanceof ConsoleError)) throw failure;
        unopened = failure.message;
      }
    }
    const secrets = {
      apiToken: given.apiToken ?? own.apiToken ?? deps.fallbackTokens?.apiToken ?? null,
      notificationToken:
        given.notificationToken ?? own.notificationToken ?? deps.fallbackTokens?.notificationToken ?? null,
    };
    cached = { profile, secrets, unopened };
    return cached;
  };
  deps.bus.subscribe((event) => {
    if (event.name !== 'profiles.changed') return;
    cached = null;
    void followBaseUrl();
  });
  const local = () => current().profile;
  const secrets = () => current().secrets;
  const status = (): EmulatorStatus => {
    recheckHolder();
    return statusNow();
  };
  const statusNow = (): EmulatorStatus => ({
    running: server !== null,
    url: server?.url ?? null,
    port: server?.port ?? null,
    error,
    profileName: standalone ? null : (local()?.fields.name ?? null),
  });
  // Many changes in one tick (a move and its delivery) become one push.
  const changed = () => {
    if (changeQueued) return;
    changeQueued = true;
    queueMicrotask(() => {
      changeQueued = false;
      deps.bus.publish('emulator.changed', status());
    });
  };

  const dispatcher = createWebhookDispatcher({
    outbox,
    recorder: deps.recorder,
    keys: deps.keys,
    // A run's own emulator injects no faults saved in the settings (by the Emulator view of
    // another console on the data directory): its scenarios' expectations would then hang on
    // what someone else was trying out (docs/scenarios.md). An order's own faults still apply.
    settings: () =>
      deps.ownedByRun === true ? { ...service.settings(), faults: NO_FAULTS } : service.settings(),
    webhookHeaders: () => deps.profiles.webhookHeaders.plain(),
    orderOf: (orderId) => orders.get(orderId),
    signer: () => {
      const profile = standalone ? null : local();
      return {
        secret: secrets().notificationToken,
        // Its tokens live as long as every token the console signs for that profile.
        lifetimeMinutes: profile?.fields.signedTokenMinutes ?? null,
        profileId: profile?.id ?? null,
        profileName: profile?.fields.name ?? null,
      };
    },
    // Reads only: a delivery's answer names the listener record it produced (delivery-arrival.ts).
    arrival: (id) => deps.store.events.getSummary(id),
    onChange: changed,
    ...(deps.ownedByRun === undefined ? {} : { ownedByRun: deps.ownedByRun }),
  });
  const engine = createEmulatorEngine({
    orders,
    transactions,
    dispatcher,
    rules: () => {
      const current = service.settings();
      return {
        form: current.checkoutForm,
        singleCheckout: current.singleCheckout,
        pairs: current.countryCurrencyPairs,
        honourExpiresInMinutes: current.honourExpiresInMinutes,
        emptyOptional: current.emptyOptional,
        instalmentsRequired: current.instalmentsRequired,
      };
    },
    operationChoices: () => {
      const current = service.settings();
      return { emptyOptional: current.emptyOptional, authorisedExpiryDays: current.authorisedExpiryDays };
    },
    transaction: (fn) => writer.writeNow(fn),
    queued: (fn) => writer.write(fn),
    notificationField: () => local()?.fields.notificationField ?? 'merchant_url.notification',
    onChange: changed,
  });

  /** Where customers reach the emulator: the settings' public URL, else its own address. */
  const pageBase = () => service.settings().publicUrl ?? server?.url ?? 'http://127.0.0.1';
  const viewOf = (order: EmulatorOrderRow): EmulatorOrder => orderView(order, pageBase());

  /** `close`: for good, as the console closes (dispatcher.close). */
  const stopServer = async (end: 'stop' | 'close' = 'stop') => {
    engine.stop();
    const running = server;
    server = null;
    await (end === 'close' ? dispatcher.close() : dispatcher.stop());
    if (running !== null) await running.close();
  };

  const startNow = async (port: number | undefined): Promise<EmulatorStatus> => {
    await stopServer();
    holder = null;
    holderWatch.stop();
    const unopened = current().unopened;
    if (unopened !== null) {
      error = `The emulator cannot start: ${unopened}`;
      changed();
      return status();
    }
    let target = port;
    attempted = null;
    if (target === undefined) {
      const profile = local();
      if (profile === null) {
        error = 'There is no local profile to emulate.';
        changed();
        return status();
      }
      const found = emulatorPortOf(profile.fields.baseUrl, profile.fields.name);
      if ('error' in found) {
        error = found.error;
        changed();
        return status();
      }
      target = found.port;
    }
    attempted = target;
    try {
      server = await startEmulatorServer(
        {
          engine,
          apiToken: () => secrets().apiToken,
          writer,
          publicUrl: () => service.settings().publicUrl,
          consoleUrl: () => consoleUrl,
        },
        target,
      );
      error = null;
      engine.start();
      dispatcher.resume();
    } catch (failure) {
      const code = (failure as { code?: unknown }).code;
      const heldBy = code === 'EADDRINUSE' ? (deps.emulatorHeldBy?.(target) ?? null) : null;
      error =
        code === 'EADDRINUSE'
          ? heldPortWords(target, heldBy, deps.freePortHow)
          : `The emulator could not start on port ${target}: ${errorWords(failure)}`;
      if (heldBy !== null) {
        holder = { port: target, runBy: heldBy };
        holderWatch.start();
      }
      deps.log.warn(error);
    }
    changed();
    return status();
  };
  // Start and stop one at a time: two at once (a double click, Restart in two windows) each
  // bound a server, the second replaced the first here, and the first was never closed.
  let lifecycle: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(step: () => Promise<T>): Promise<T> => {
    const run = lifecycle.then(step, step);
    lifecycle = run.catch(() => undefined);
    return run;
  };

  /**
   * The Local profile's base URL changed (here, in another window, or in a terminal: pushed
   * within a second): an emulator started for it moves to its port, as the listener follows its
   * profile's port. Before, it stayed on the old port while the view said it ran for the
   * profile, and the profile's requests went where nothing answered. A port already tried (held
   * by something else, or no port at all) is not tried again for every other profile change.
   */
  const followBaseUrl = () =>
    inTurn(async () => {
      if (!wanted || standalone || deps.followsBaseUrl === false) return;
      const profile = local();
      const found = profile === null ? null : emulatorPortOf(profile.fields.baseUrl, profile.fields.name);
      const port = found !== null && 'port' in found ? found.port : null;
      // Running where the profile points (port 0: wherever it bound, as a test run's profile
      // points at it): it follows from now on.
      if (server !== null && (server.port === port || port === 0)) {
        follows = true;
        attempted = port;
      } else if (follows && port !== attempted) await startNow(undefined);
    });

  const service: EmulatorService = {
    engine,
    status,
    tokens: () => secrets(),
    start: (port) =>
      inTurn(() => {
        wanted = true;
        follows = port === undefined;
        return startNow(port);
      }),
    stop: () =>
      inTurn(async () => {
        wanted = false;
        await stopServer();
        holder = null;
        holderWatch.stop();
        error = null;
        changed();
        return status();
      }),
    settings: readSettings,
    settingsView: () => ({
      ...readSettings(),
      webhookHeaders: deps.profiles.webhookHeaders.masked(),
      unreadable: readStored().unreadable,
      webhookHeadersUnreadable: deps.profiles.webhookHeaders.unreadable(),
    }),
    updateSettings({ webhookHeaders, expected, ...patch }) {
      // Read, checked and written in one transaction: another console's save cannot come between.
      // The URL and its headers change together: a delivery never pairs one with the other's old value.
      refuseWebhookAtItself(patch.webhookUrl, server?.port ?? null);
      writer.writeNow(() => {
        refuseChangedElsewhere(
          'Emulator settings',
          service.settingsView(),
          { ...patch, ...(webhookHeaders === undefined ? {} : { webhookHeaders }) },
          expected,
        );
        deps.settings.set(SETTINGS_KEY, parseInput(emulatorSettingsSchema, { ...readSettings(), ...patch }));
        if (webhookHeaders !== undefined) deps.profiles.webhookHeaders.replace(webhookHeaders);
      });
      changed();
      return service.settingsView();
    },
    otherProcesses: () => followFromOtherProcesses(() => service.settingsView(), changed),
    orders: (limit) => orders.newest(limit).map(viewOf),
    deliveries: (limit) => outbox.newest(limit).map(deliveryView),
    customerAction: (orderId, action) => viewOf(engine.customer(orderId, action)),
    setConsoleUrl(url) {
      consoleUrl = url === null ? null : url.replace(/\/+$/, '');
    },
    setOrderOptions: (orderId, options) => viewOf(engine.setOrderOptions(orderId, options)),
    close: () =>
      inTurn(() => {
        wanted = false;
        holder = null;
        holderWatch.stop();
        return stopServer('close');
      }),
  };
  return service;
}
