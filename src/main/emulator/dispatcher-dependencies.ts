import type { EmulatorSettings } from '../../shared/emulator';
import type { HeaderList, TimelineSummary } from '../../shared/events';
import type { HmacKeyCache } from '../jwt/hmac-key-cache';
import type { EmulatorOrderRow } from '../store/emulator-orders-repository';
import type { EmulatorOutboxRepository } from '../store/emulator-outbox-repository';
import type { EventRecorder } from '../timeline/event-recorder';

/** What the webhook dispatcher, and each attempt it makes (delivery-attempt.ts), is given. */
export interface DispatcherDependencies {
  outbox: EmulatorOutboxRepository;
  recorder: EventRecorder;
  keys: HmacKeyCache;
  settings: () => EmulatorSettings;
  /**
   * The registered webhook's headers with their plain values, read when an attempt goes out:
   * a change reaches notifications already queued. Throws when one cannot be opened here.
   */
  webhookHeaders?: () => HeaderList;
  /** An order as stored: a delivery to the registered webhook is one whose order named no URL. */
  orderOf?: (orderId: string) => Pick<EmulatorOrderRow, 'notificationUrl'> | undefined;
  /**
   * The notification token to sign with, how long its tokens live (null: the default), and the
   * profile the deliveries belong to.
   */
  signer: () => {
    secret: string | null;
    lifetimeMinutes?: number | null;
    profileId: number | null;
    profileName: string | null;
  };
  now?: () => number;
  /** Called after the outbox changed (the Emulator view refreshes). */
  onChange?: () => void;
  /** A timeline record by id: links a delivery to this console's listener record of it (delivery-arrival.ts). */
  arrival?: (id: number) => TimelineSummary | undefined;
  /** Timers, replaceable in tests. */
  setTimer?: (run: () => void, ms: number) => { cancel: () => void };
  /**
   * The emulator of one run (`test` on a local profile): its notifications go to the run's own
   * listener, which stops with it. The run ends right after its last step, often while that
   * step's notification is on its way: cancelled at once, it read "Cancelled before an answer
   * arrived." beside the listener's record of it answered 200. What it queues is the run's own,
   * sent by no other process (run-owned-notifications.ts).
   */
  ownedByRun?: boolean;
  /** Whether a run's process still runs (process-identity.ts), replaceable in tests. */
  processAlive?: (pid: number, start: string | null) => boolean;
}
