import type { AppInfo } from '../shared/contract';
import type { ConsoleCommand } from '../shared/console-command';
import type { CurlForRecord } from './timeline/curl-for-record';
import type { RecordSecrets } from './timeline/record-secrets';
import type { DraftsService } from './drafts/drafts-service';
import type { EmulatorService } from './emulator/emulator-service-types';
import type { EventBus } from './event-bus';
import type { EventRecorder } from './timeline/event-recorder';
import type { EventsQuery } from './store/events-query';
import type { EventsRepository } from './store/events-repository';
import type { HistoryService } from './history/history-service';
import type { HmacKeyCache } from './jwt/hmac-key-cache';
import type { JwtToolkit } from './jwt/jwt-toolkit';
import type { KeyringFallbackService } from './profiles/keyring-fallback-service';
import type { ListenerService } from './listener/listener-service';
import type { Logger } from './log';
import type { MerchantApiClient } from './merchant-api/merchant-api-client';
import type { OrdersService } from './orders/orders-service';
import type { ProfileService } from './profiles/profile-service';
import type { ReplayService } from './replay/replay-service';
import type { ScenarioService } from './scenarios/scenario-service';
import type { SettingsRepository } from './store/settings-repository';
import type { Vault } from './profiles/vault';

// The services' shape, apart from the composition root (app.ts) that builds them: the bridge's
// handlers and the scenario steps depend on this, never on app.ts (no import cycle).

export type FrontDoor = AppInfo['frontDoor'] | 'cli';

/** Every service of one running console, built from one data directory. */
export interface ConsoleServices {
  readonly dataDir: string;
  /** A command printed for a person to run on this data directory (`--data-dir` unless it is the default). */
  readonly consoleCommand: ConsoleCommand;
  readonly frontDoor: FrontDoor;
  readonly bus: EventBus;
  readonly vault: Vault;
  readonly log: Logger;
  readonly settings: SettingsRepository;
  readonly events: EventsRepository;
  /** Filtered, searched, paged reads of the events table (timeline, history, exports). */
  readonly eventsQuery: EventsQuery;
  /** The one way to add to the timeline: persist, then push. */
  readonly recorder: EventRecorder;
  readonly profiles: ProfileService;
  /** Calls to the service (create checkout and the follow-up operations), all recorded. */
  readonly merchantApi: MerchantApiClient;
  /** Desktop on Linux without a keyring: the user's choice of token protection. */
  readonly keyringFallback: KeyringFallbackService;
  /** Whether long-running services (listener, emulator) run in this process. */
  readonly background: boolean;
  /** The webhook listener (bound only when `background`); its status and settings otherwise. */
  readonly listener: ListenerService;
  /** Decode, verify and sign notification tokens (profile secrets stay in main). */
  readonly jwt: JwtToolkit;
  /** HS256 keys imported once per secret, shared by the listener and the JWT toolkit. */
  readonly keys: HmacKeyCache;
  /** Orders derived from the records (list, lifecycle) and their live `orders.changed` pushes. */
  readonly orders: OrdersService;
  /** Named builder drafts and the builder's working copy. */
  readonly drafts: DraftsService;
  /** The local emulator of the service (started for the Local profile in long-lived processes). */
  readonly emulator: EmulatorService;
  /** Replays of stored webhooks. */
  readonly replay: ReplayService;
  /** Export, import and retention of the stored records. */
  readonly history: HistoryService;
  /** Scenario files: loading, runs (CLI and app), stored results. */
  readonly scenarios: ScenarioService;
  /** Records as cURL commands (the only place an API token is put into one). */
  readonly curl: CurlForRecord;
  /** Records as screens get them (secrets masked), and the explicit Reveal and Copy. */
  readonly recordSecrets: RecordSecrets;
  /** The desktop app's clipboard, written from main; null elsewhere. */
  readonly desktopClipboard: ((text: string) => Promise<void> | void) | null;
  /** The desktop app's way to the system browser; null elsewhere. */
  readonly desktopOpenExternal: ((url: string) => Promise<void>) | null;
  appInfo(): AppInfo;
  /** Registers cleanup to run, in reverse order, when the console closes. */
  onClose(closer: () => Promise<void> | void): void;
}
