import type { EmulatorOrder, EmulatorSettings, EmulatorStatus } from '../../shared/emulator';
import { DamagedRowError } from '../store/emulator-columns';
import { DEFAULT_EMULATOR_SETTINGS, emulatorSettingsSchema, NO_FAULTS } from '../../shared/emulator';
import { EMULATOR_SETTINGS_SETTING } from '../../shared/stored-settings';
import { errorWords } from '../../shared/error-words';
import { parseInput } from '../parse-input';
import { refuseChangedElsewhere } from '../changed-elsewhere';
import { followFromOtherProcesses } from '../other-processes-watch';
import type { EmulatorOrderRow } from '../store/emulator-orders-repository';
import { deliveryView, orderView } from './emulator-views';
import { createEmulatorEngine } from './emulator-engine';
import { startEmulatorServer, type RunningEmulatorServer } from './emulator-server';
import { createPortHolder, emulatorPortOf } from './emulator-port';
import type { EmulatorService, EmulatorServiceDependencies } from './emulator-service-types';
import { createLocalProfileTokens } from './local-profile-tokens';
import { createWebhookDispatcher } from './webhook-dispatcher';
import { refuseWebhookAtItself } from './webhook-url-self';

const SETTINGS_KEY = EMULATOR_SETTINGS_SETTING.key;

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
  const holder = createPortHolder({
    heldBy: deps.emulatorHeldBy,
    freePortHow: deps.freePortHow,
    log: deps.log,
    changed: (words) => {
      if (server !== null) return;
      error = words;
      changed();
    },
  });
  /** Whether the words changed: the holder stopped, or another console holds the port now. */
  const recheckHolder = (): boolean => {
    if (server !== null) return false;
    const words = holder.recheck();
    if (words === undefined) return false;
    error = words;
    return true;
  };

  const identity = createLocalProfileTokens(deps.profiles, deps.tokens ?? {}, deps.fallbackTokens);
  const standalone = identity.standalone;
  deps.bus.subscribe((event) => {
    if (event.name !== 'profiles.changed') return;
    identity.forget();
    void followBaseUrl();
  });
  const local = identity.profile;
  const secrets = identity.secrets;
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
    // A damaged order (emulator-columns.ts) is as none here: its delivery's own row says where it goes.
    orderOf: (orderId) => {
      try {
        return orders.get(orderId);
      } catch (error) {
        if (error instanceof DamagedRowError) return undefined;
        throw error;
      }
    },
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
        missingCountryCode: current.missingCountryCode,
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
    holder.forget();
    const unopened = identity.unopened();
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
          // Read at each request: a saved change applies to the next call without a restart.
          bodyLimitBytes: () => service.settings().requestBodyLimitBytes,
          rateLimitPerSecond: () => service.settings().rateLimitPerSecond,
          consoleUrl: () => consoleUrl,
          moneyChoices: () => {
            const current = service.settings();
            return { moneyAmounts: current.moneyAmounts, absentMoney: current.absentMoney };
          },
        },
        target,
      );
      error = null;
      engine.start();
      dispatcher.resume();
    } catch (failure) {
      const code = (failure as { code?: unknown }).code;
      error =
        code === 'EADDRINUSE'
          ? holder.heldAt(target)
          : `The emulator could not start on port ${target}: ${errorWords(failure)}`;
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
        holder.forget();
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
    damagedOrders: (limit) => orders.newestWithDamaged(limit).damaged.map((damaged) => damaged.words),
    ordersWithDamaged(limit) {
      const read = orders.newestWithDamaged(limit);
      return { orders: read.orders.map(viewOf), damaged: read.damaged };
    },
    deliveries: (limit) => outbox.newest(limit).map(deliveryView),
    customerAction: (orderId, action) => viewOf(engine.customer(orderId, action)),
    setConsoleUrl(url) {
      consoleUrl = url === null ? null : url.replace(/\/+$/, '');
    },
    setOrderOptions: (orderId, options) => viewOf(engine.setOrderOptions(orderId, options)),
    close: () =>
      inTurn(() => {
        wanted = false;
        holder.forget();
        return stopServer('close');
      }),
  };
  return service;
}
