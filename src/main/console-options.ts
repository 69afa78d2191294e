import type { Dispatcher } from './bridge/dispatch';
import type { Handlers } from './bridge/handlers';
import type { ConsoleServices, FrontDoor } from './console-services';
import type { EmulatorTokens } from './emulator/emulator-service-types';
import type { ListenerOverrides } from './listener/listener-dependencies';
import type { SecretCipher } from './profiles/sealed-secret';
import type { ConsoleSession } from './profiles/session-profiles';
import type { Store } from './store/open-store';

/** What a front door (desktop, `serve`, a CLI command, a test run) asks of the console it makes. */
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
  /**
   * Long-lived processes run the webhook listener unless this is false (`emulator` alone): then
   * it never starts, neither at start nor when a profile change would have it follow the profile.
   */
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
  /**
   * How long a queued write waits for another process's lock before it fails (a 503 for the
   * listener). Every front door leaves it at DEFAULT_LOCK_WAIT_MS (10 s); tests of what happens
   * past the wait set a shorter one rather than wait the whole 10 s.
   */
  lockWaitMs?: number;
  /**
   * SQLite's own busy timeout, for the one-off writes not made through the queue. Every front
   * door leaves it at SYNC_BUSY_TIMEOUT_MS (5 s); only tests set a shorter one.
   */
  syncBusyTimeoutMs?: number;
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
