import { join, resolve } from 'node:path';
import { createHandlers } from './bridge/handlers';
import { createDispatcher } from './bridge/dispatch';
import { DATABASE_FILE_NAME } from './data-dir';
import { openConsoleStore } from './open-console-store';
import { consoleCommandOn, dataDirToName } from './console-command';
import { createEventBus } from './event-bus';
import { createHmacKeyCache } from './jwt/hmac-key-cache';
import { createJwtToolkit } from './jwt/jwt-toolkit';
import { tokenFingerprint } from './jwt/token-fingerprint';
import { createListenerService } from './listener/listener-service';
import { createListenerSettingsStore } from './listener/listener-settings-store';
import { notificationUrlFor } from './merchant-api/notification-target';
import { publishAddresses } from './running-addresses/address-publisher';
import {
  listenerOnPort,
  liveAddressRecords,
  runningEmulators,
  runningListeners,
} from './running-addresses/address-record';
import { cachedLiveAddressRecords } from './running-addresses/address-record-cache';
import { createMerchantApiClient } from './merchant-api/merchant-api-client';
import { sentPayloadJudge } from './merchant-api/pre-send-verdict';
import { followDataDirWriters } from './follow-data-dir-writers';
import { createOrdersService } from './orders/orders-service';
import { createHistoryService } from './history/history-service';
import { createReplayService } from './replay/replay-service';
import { createEmulatorService } from './emulator/emulator-service';
import { localProfileOf } from './emulator/local-profile-tokens';
import { sessionProfiles } from './profiles/session-profiles';
import { createScenarioService } from './scenarios/scenario-service';
import { createDraftsService } from './drafts/drafts-service';
import { openConsoleVault } from './profiles/console-vault';
import { createProfileService, type ProfileService } from './profiles/profile-service';
import { seedDefaultProfiles } from './profiles/seed-default-profiles';
import { createCurlForRecord } from './timeline/curl-for-record';
import {
  createRecordSecrets,
  refuseUnopened,
  secretsHere,
  TEXT_SEARCH_INSTEAD,
} from './timeline/record-secrets';
import { createEventRecorder } from './timeline/event-recorder';
import { watchInterruptedExchanges } from './outbound/interrupted-exchanges';
import { APP_VERSION } from './version';
import type { ConsoleServices, FrontDoor } from './console-services';
import { errorWords } from '../shared/error-words';

export type { ConsoleServices, FrontDoor } from './console-services';

import type { ConsoleCore, ConsoleOptions } from './console-options';

export type { ConsoleCore, ConsoleOptions } from './console-options';

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
  const { store, log } = openConsoleStore(dataDir, options);
  const { settings, events, eventsQuery, writer } = store;
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
  // `emulator` runs the emulator alone: its listener never starts, whatever changes later.
  const runsListener = background && options.startListener !== false;
  const listenerSettings = createListenerSettingsStore(settings, (fn) => writer.writeNow(fn));
  const listener = createListenerService({
    profiles,
    recorder,
    bus,
    log,
    keys,
    settings: listenerSettings,
    runsListener,
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
    judgePayload: sentPayloadJudge(() => emulator.settings()),
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
      followDataDirWriters({
        store,
        bus,
        log,
        writtenHere: recorder.writtenHere,
        profiles,
        orders,
        emulator,
        listener,
        history,
      }),
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

  const drafts = createDraftsService({
    drafts: store.drafts,
    settings,
    bus,
    transaction: (fn) => writer.writeNow(fn),
  });
  const replay = createReplayService({ events, eventsQuery, recorder, listener, profiles, jwt, bus });
  // Closed before the listener (closers run in reverse): a replay to it ends while it answers.
  closers.push(() => replay.close());
  const scenarios = createScenarioService({
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
  });
  // Closed first (closers run in reverse): the runs under way are cancelled and stored so while
  // the listener, the emulator and the database they use are still open. A run left going wrote
  // its alive mark to the closed database and ended the process (serve's Ctrl+C, the app's quit).
  closers.push(() => scenarios.close());
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
    scenarios,
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
    if (runsListener) await listener.restart();
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
