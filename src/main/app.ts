import { join, resolve } from 'node:path';
import { validateCheckout } from '../shared/checkout';
import { createHandlers, type Handlers } from './bridge/handlers';
import { createDispatcher, type Dispatcher } from './bridge/dispatch';
import {
  DATABASE_FILE_NAME,
  ensureDataDir,
  LOGS_DIR_NAME,
  requireExistingDataDir,
  tightenDataDir,
} from './data-dir';
import { consoleCommandOn, dataDirToName } from './console-command';
import { createEventBus } from './event-bus';
import { createHmacKeyCache } from './jwt/hmac-key-cache';
import { createJwtToolkit } from './jwt/jwt-toolkit';
import { tokenFingerprint } from './jwt/token-fingerprint';
import { createListenerService, type ListenerOverrides } from './listener/listener-service';
import { createListenerSettingsStore } from './listener/listener-settings-store';
import { createLogger } from './log';
import { notificationUrlFor } from './merchant-api/notification-target';
import { publishAddresses } from './running-addresses/address-publisher';
import {
  listenerOnPort,
  liveAddressRecords,
  runByOf,
  runningEmulators,
  runningListeners,
} from './running-addresses/address-record';
import { cachedLiveAddressRecords } from './running-addresses/address-record-cache';
import { createMerchantApiClient } from './merchant-api/merchant-api-client';
import { SENT_ERRORS_SHOWN } from './merchant-api/pre-send-verdict';
import { createOrdersService } from './orders/orders-service';
import { createHistoryService } from './history/history-service';
import { createReplayService } from './replay/replay-service';
import { createEmulatorService } from './emulator/emulator-service';
import type { EmulatorTokens } from './emulator/emulator-service-types';
import { localProfileOf } from './emulator/local-profile-tokens';
import { sessionProfiles, type ConsoleSession } from './profiles/session-profiles';
import { createScenarioService } from './scenarios/scenario-service';
import { createDraftsService } from './drafts/drafts-service';
import { openConsoleVault } from './profiles/console-vault';
import { createProfileService, type ProfileService } from './profiles/profile-service';
import { seedDefaultProfiles } from './profiles/seed-default-profiles';
import type { SecretCipher } from './profiles/sealed-secret';
import { openStore, type Store } from './store/open-store';
import { createCurlForRecord } from './timeline/curl-for-record';
import { otherProcessesRecords } from './timeline/other-processes-records';
import { otherProcessesRemovals } from './history/other-processes-removals';
import {
  createRecordSecrets,
  refuseUnopened,
  secretsHere,
  TEXT_SEARCH_INSTEAD,
} from './timeline/record-secrets';
import { createEventRecorder } from './timeline/event-recorder';
import { watchInterruptedExchanges } from './outbound/interrupted-exchanges';
import { APP_VERSION } from './version';
import { followFromOtherProcesses, watchOtherProcesses } from './other-processes-watch';
import { otherProcessesProfiles } from './profiles/other-processes-profiles';
import type { ConsoleServices, FrontDoor } from './console-services';
import { errorWords } from '../shared/error-words';
import { unreadableSettingsWarnings } from './unreadable-settings';

export type { ConsoleServices, FrontDoor } from './console-services';

export interface ConsoleOptions {
  dataDir: string;
  frontDoor: FrontDoor;
  /**
   * A command that only reads (history, export, orders…): the data directory must be one
   * already, never made here (data-dir.ts, requireExistingDataDir).
   */
  existingDataDir?: boolean;
  /**
   * A command that only reads: a database that cannot be opened for writing (a backup on
   * read-only media) is read through a copy, left as it is (openStore, `store.readOnly`).
   */
  readOnlyFallback?: boolean;
  /** Where `native/` lives (desktop only: the Electron build of better-sqlite3). */
  appRoot?: string;
  desktopCipher?: SecretCipher | null;
  /** Linux desktop: Electron's safeStorage backend; `basic_text` means its key is public. */
  safeStorageBackend?: string | null;
  keychain?: 'auto' | 'off';
  /** Also write log lines to stderr (CLI commands that run in the foreground). */
  logToStderr?: boolean;
  /**
   * Start the long-running services (webhook listener, local emulator). True for the desktop
   * and browser mode; one-shot CLI commands leave it off so they never take a port.
   */
  background?: boolean;
  /** Long-lived processes start the Local profile's emulator unless this is false. */
  startEmulator?: boolean;
  /** Long-lived processes start the webhook listener unless this is false (`emulator` alone). */
  startListener?: boolean;
  /** `listen`: its port, profile, secret and settings for this run, never stored. */
  listener?: ListenerOverrides;
  /**
   * `emulator` in a terminal: the tokens its flags give (kept for the run; a kind not given
   * follows the Local profile's), the ones it uses while that profile has none, and it stays on
   * the port it printed.
   */
  terminalEmulator?: { tokens: Partial<EmulatorTokens>; fallbackTokens: EmulatorTokens };
  /**
   * Desktop only: writes text to the system clipboard from main (a cURL command holding an API
   * token is copied this way, so the token never reaches the window).
   */
  desktopClipboard?: (text: string) => Promise<void> | void;
  /**
   * A run of its own (`checkout-console test`): the process acts for one profile without
   * storing that choice, and a local profile's listener and emulator take free ports (held in
   * memory only; see session-profiles.ts). Implies the long-running services.
   */
  session?: ConsoleSession;
  /** Desktop only: opens an address in the system browser (after the renderer's confirmation). */
  desktopOpenExternal?: (url: string) => Promise<void>;
}

/** The services plus the bridge that serves them, closed with one call. */
export interface ConsoleCore extends ConsoleServices {
  /**
   * The database's repositories and writer, for commands that compose a service of their own
   * (the `emulator` command); the bridge's handlers never see it.
   */
  readonly store: Store;
  readonly handlers: Handlers;
  readonly dispatcher: Dispatcher;
  close(): Promise<void>;
}

function sessionTokens(profiles: ProfileService, profileId: number) {
  const secrets = profiles.secretsOf(profileId);
  return { apiToken: secrets.apiToken ?? '', notificationToken: secrets.notificationToken ?? '' };
}

/** Which program this is, as a person calls it (its address record names it to the others). */
function processNameOf(frontDoor: FrontDoor, options: ConsoleOptions, isSession: boolean): string {
  if (frontDoor === 'desktop') return 'the desktop app';
  if (frontDoor === 'browser') return 'checkout-console serve';
  if (isSession) return 'checkout-console test';
  return options.listener === undefined ? 'checkout-console emulator' : 'checkout-console listen';
}

export function keychainPreference(env: NodeJS.ProcessEnv = process.env): 'auto' | 'off' {
  return env['CHECKOUT_CONSOLE_KEYCHAIN'] === 'off' ? 'off' : 'auto';
}

/** The composition root. */
export async function createConsole(options: ConsoleOptions): Promise<ConsoleCore> {
  const dataDir = resolve(options.dataDir);
  if (options.existingDataDir === true) requireExistingDataDir(dataDir, consoleCommandOn(dataDir));
  else ensureDataDir(dataDir, { sharedWithElectron: options.frontDoor === 'desktop' });
  // The database first: another program's is refused before the folder gets a mode or a logs
  // folder of the console's (data-safety.md: "refused, untouched").
  const store = openStore(join(dataDir, DATABASE_FILE_NAME), {
    ...(options.appRoot === undefined ? {} : { appRoot: options.appRoot }),
    onBackgroundError: (error) => log.error(`Could not index records for search: ${errorWords(error)}`),
    ...(options.readOnlyFallback === true ? { readOnlyFallback: true } : {}),
    // A write that gives up on the lock says which consoles run here (their running-*.json).
    runningConsoles: () =>
      liveAddressRecords(dataDir)
        .filter((record) => record.pid !== process.pid)
        .map(runByOf),
  });
  // A data directory that cannot be written (read through a copy) is left exactly as it is.
  const loosePermissions = store.readOnly !== null ? [] : tightenDataDir(dataDir);
  const log = createLogger(join(dataDir, LOGS_DIR_NAME), {
    stderr: options.logToStderr === true,
    files: store.readOnly === null,
  });
  for (const warning of loosePermissions) log.warn(warning);
  const { settings, events, eventsQuery, writer } = store;
  // A stored setting that cannot be read is said in the log at every start (serve, listen and
  // retention say theirs in the terminal too), as long as it is stored; the preferences only where
  // the UI's front doors use them.
  for (const line of unreadableSettingsWarnings(settings, [
    ...(options.frontDoor === 'cli' ? [] : (['preferences'] as const)),
    'listener',
    'retention',
    'emulator',
    'former-secrets',
    'webhook-headers',
  ]))
    log.warn(line);
  const {
    vault,
    warningIsNew: vaultWarningIsNew,
    keyringFallback,
  } = await openConsoleVault({
    dataDir,
    store,
    log,
    desktopCipher: options.desktopCipher ?? null,
    safeStorageBackend: options.safeStorageBackend ?? null,
    keychain: options.keychain ?? keychainPreference(),
  });

  const bus = createEventBus();
  // Every command this console prints for a person names its data directory unless it is the default.
  const consoleCommand = consoleCommandOn(dataDir);
  const profilesRepository = store.profiles;
  const storedProfiles = createProfileService({
    profiles: profilesRepository,
    settings,
    vault,
    bus,
    transaction: (fn) => writer.writeNow(fn),
    consoleCommand,
  });
  // Counted again inside the write that adds them: a console started at the same moment on the
  // same new data directory finds them there instead of adding a second set. The first count
  // keeps every later start from taking the write lock for nothing.
  if (profilesRepository.count() === 0)
    writer.writeNow(() => seedDefaultProfiles(storedProfiles, profilesRepository.count() === 0));
  // The emulator is made below; a session's local profile follows wherever it binds.
  let emulatorUrl: string | null = null;
  const session =
    options.session === undefined
      ? null
      : sessionProfiles(storedProfiles, options.session, () => emulatorUrl);
  const profiles = session?.profiles ?? storedProfiles;
  // The text index keeps out every secret main knows, as exports do: the same one list. One
  // this process cannot open is not hidden in what it indexes, so a text search is refused
  // while there is one (the console that can open it cleans the index of it).
  store.searchIndex.hideSecrets(
    () => secretsHere(profiles).secrets,
    () => {
      const { secrets, unopened } = secretsHere(profiles);
      refuseUnopened(unopened, 'A text search', TEXT_SEARCH_INSTEAD);
      return secrets;
    },
  );

  const closers: (() => Promise<void> | void)[] = [];
  const frontDoor = options.frontDoor;
  const background = options.background === true || session !== null;
  const recorder = createEventRecorder(events, bus, writer, { trackWrittenHere: background });
  closers.push(
    watchInterruptedExchanges(events, recorder, (error) =>
      log.error(`Could not close interrupted exchanges: ${errorWords(error)}`),
    ),
  );
  const orders = createOrdersService({ store, bus });
  const keys = createHmacKeyCache();
  const listenerSettings = createListenerSettingsStore(settings, (fn) => writer.writeNow(fn));
  const listener = createListenerService({
    profiles,
    recorder,
    bus,
    log,
    keys,
    settings: listenerSettings,
    background,
    consoleCommand,
    replayByUid: (uid) => events.replayByUid(uid),
    craftedToken: (token) => store.craftedTokens.find(tokenFingerprint(token)),
    listenerHeldBy: (port) => listenerOnPort(liveAddressRecords(dataDir), port),
    ...(options.listener === undefined ? {} : { overrides: options.listener }),
  });
  closers.push(() => listener.close());
  // Kept between sends while the data directory shows no change (address-record-cache.ts).
  const addressRecords = cachedLiveAddressRecords(dataDir);
  const merchantApi = createMerchantApiClient({
    profiles,
    recorder,
    listenerUrlFor: (profile) =>
      notificationUrlFor(profile, listener.status(), () => runningListeners(addressRecords())),
    judgePayload: (payload, form, profile, { singleCheckout, sourceText }) => {
      // A local profile sends to the emulator, which judges by its own settings: the pairs it
      // supports, how it weighs "", where instalments may be left out and whether it takes
      // expires_in_minutes (a send it accepted
      // was stored "sent with errors").
      const settings = profile.fields.environment === 'local' ? emulator.settings() : null;
      const findings = validateCheckout(payload, {
        form,
        ...(singleCheckout === undefined ? {} : { singleCheckout }),
        notificationField: profile.fields.notificationField,
        ...(settings === null
          ? {}
          : {
              emptyOptional: settings.emptyOptional,
              pairs: settings.countryCurrencyPairs,
              instalmentsRequired: settings.instalmentsRequired,
              honourExpiresInMinutes: settings.honourExpiresInMinutes,
            }),
        // The text that went out: what only a text shows (a name given twice) is judged too.
        ...(sourceText === undefined ? {} : { sourceText }),
      });
      const errors = findings.filter((finding) => finding.severity === 'error');
      return {
        errors: errors.length,
        warnings: findings.length - errors.length,
        firstErrors: errors.slice(0, SENT_ERRORS_SHOWN),
      };
    },
  });
  // A session for a local profile other than the one the emulator stands in for: its tokens.
  const standIn = localProfileOf(profiles);
  const emulator = createEmulatorService({
    store,
    profiles,
    recorder,
    keys,
    settings,
    bus,
    log,
    // A run's own emulator (its notifications go to the run's own listener, closed after it).
    ownedByRun: session !== null,
    emulatorHeldBy: (port) =>
      runningEmulators(liveAddressRecords(dataDir)).find(
        (running) => running.url === `http://127.0.0.1:${port}`,
      )?.runBy ?? null,
    ...(options.terminalEmulator !== undefined
      ? { ...options.terminalEmulator, followsBaseUrl: false, freePortHow: 'pass --port 0' }
      : session !== null && session.isLocal && standIn?.id !== session.sessionProfileId
        ? { tokens: sessionTokens(profiles, session.sessionProfileId) }
        : {}),
  });
  closers.push(() => emulator.close());
  closers.push(() => orders.close());
  // Where this process's listener and emulator run, for the others on the data directory
  // (a terminal's `send` and `emulator pay`); closed first, before the servers stop.
  closers.push(
    publishAddresses({
      dataDir,
      bus,
      process: processNameOf(frontDoor, options, session !== null),
      onError: (error) =>
        log.warn(`Could not record where this console's listener and emulator run: ${errorWords(error)}`),
    }),
  );
  const history = createHistoryService({
    store,
    events,
    eventsQuery,
    recorder,
    profiles,
    settings,
    dataDir,
    bus,
  });
  // What other processes on the data directory write reaches this one's views and listener.
  if (recorder.writtenHere !== null)
    closers.push(
      watchOtherProcesses(
        {
          dataVersion: () => store.dataVersion(),
          onError: (error) =>
            log.warn(`Could not read what other processes on the data directory wrote: ${errorWords(error)}`),
        },
        [
          otherProcessesRecords({ events, bus, writtenHere: recorder.writtenHere }),
          otherProcessesRemovals({ events, bus }),
          otherProcessesProfiles({ profiles, bus }),
          orders.otherProcesses,
          emulator.otherProcesses(),
          followFromOtherProcesses(
            () => listener.settings(),
            (next) => bus.publish('listener.settings', next),
          ),
          followFromOtherProcesses(
            () => history.retention(),
            (next) => bus.publish('history.retention', next),
          ),
          // A run of `test` in a terminal or of another console pushes nothing here: its start,
          // progress and end reach a window showing runs within a second this way.
          followFromOtherProcesses(
            () => store.scenarioRuns.changeMark(),
            () => bus.publish('scenarios.storedRuns', {}),
          ),
        ],
      ),
    );
  const jwt = createJwtToolkit({
    profiles,
    keys,
    consoleCommand,
    clockToleranceSeconds: () => listenerSettings.get().clockToleranceSeconds,
    remember: (token, signedWith, atMs) =>
      store.craftedTokens.remember(tokenFingerprint(token), { signedAtMs: atMs, signedWith }),
    craftedToken: (token) => store.craftedTokens.find(tokenFingerprint(token)),
  });

  const drafts = createDraftsService({ drafts: store.drafts, settings, bus });
  const replay = createReplayService({ events, eventsQuery, recorder, listener, profiles, jwt, bus });
  // Closed before the listener (closers run in reverse): a replay to it ends while it answers.
  closers.push(() => replay.close());
  const services: ConsoleServices = {
    dataDir,
    consoleCommand,
    frontDoor,
    bus,
    vault,
    log,
    settings,
    events,
    eventsQuery,
    recorder,
    profiles,
    merchantApi,
    keyringFallback,
    background,
    listener,
    jwt,
    keys,
    orders,
    emulator,
    replay,
    history,
    drafts,
    scenarios: createScenarioService({
      runs: store.scenarioRuns,
      queued: (write) => writer.write(write),
      bus,
      services: {
        merchantApi,
        profiles,
        jwt,
        recorder,
        events,
        eventsQuery,
        orders,
        listener,
        drafts,
        emulator,
      },
      frontDoor,
    }),
    curl: createCurlForRecord({ events, profiles, consoleCommand }),
    recordSecrets: createRecordSecrets({ events, profiles }),
    desktopClipboard: options.desktopClipboard ?? null,
    desktopOpenExternal: options.desktopOpenExternal ?? null,
    appInfo: () => ({
      version: APP_VERSION,
      frontDoor: frontDoor === 'desktop' ? 'desktop' : 'browser',
      dataDir,
      dataDirInCommands: dataDirToName(dataDir),
      vault: {
        scheme: vault.primary.scheme,
        warning: vault.primary.warning,
        warningIsNew: vaultWarningIsNew,
        keyringFallback: keyringFallback.status(),
      },
    }),
    onClose: (closer) => closers.push(closer),
  };
  const handlers = createHandlers(services);
  if (background) {
    if (options.startListener !== false) await listener.restart();
    // The Local profile works offline from the first start: its emulator comes up with the app.
    // A session starts it only for a local profile (a sandbox run talks to the real service).
    if (options.startEmulator !== false && (session === null || session.isLocal)) {
      emulatorUrl = (await emulator.start()).url;
    }
  }
  return {
    ...services,
    store,
    handlers,
    dispatcher: createDispatcher(handlers, undefined, join(dataDir, DATABASE_FILE_NAME)),
    async close() {
      for (const closer of closers.reverse()) await closer();
      // Whatever is still in the writer (or waiting for another process's lock) is written first.
      store.close();
      log.close();
    },
  };
}
