import type {
  DamagedEmulatorOrder,
  EmulatorDelivery,
  EmulatorOrder,
  EmulatorSettings,
  EmulatorSettingsUpdate,
  EmulatorSettingsView,
  EmulatorStatus,
  Faults,
} from '../../shared/emulator';
import type { CustomerAction } from '../../shared/orders/order-states';
import type { EventBus } from '../event-bus';
import type { HmacKeyCache } from '../jwt/hmac-key-cache';
import type { Logger } from '../log';
import type { OtherProcessesHandler } from '../other-processes-watch';
import type { ProfileService } from '../profiles/profile-service';
import type { Store } from '../store/open-store';
import type { SettingsRepository } from '../store/settings-repository';
import type { EventRecorder } from '../timeline/event-recorder';
import type { EmulatorEngine } from './emulator-engine';

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
  /** The sentence naming each of the newest orders whose stored row is damaged (not listed in orders). */
  damagedOrders(limit: number): string[];
  /** The newest `limit` rows in one read: the orders that can be read, and damagedOrders' sentences. */
  ordersWithDamaged(limit: number): { orders: EmulatorOrder[]; damaged: DamagedEmulatorOrder[] };
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
