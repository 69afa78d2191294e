import type { ConsoleCommand } from '../../shared/console-command';
import type { ListenerSettings } from '../../shared/listener';
import type { EventBus } from '../event-bus';
import type { HmacKeyCache } from '../jwt/hmac-key-cache';
import type { Logger } from '../log';
import type { ProfileService } from '../profiles/profile-service';
import type { CraftedToken } from '../store/crafted-tokens-repository';
import type { EventRecorder } from '../timeline/event-recorder';
import type { ListenerLimits } from './listener-limits';
import type { Holder } from './listener-port-words';
import type { ListenerSettingsStore } from './listener-settings-store';
import type { KnownReplay } from './replay-link';

/**
 * What a foreground `listen` run sets for itself, over the active profile and the saved
 * settings, without storing any of it (the desktop app on the same data directory keeps its
 * own choices).
 */
export interface ListenerOverrides {
  /** Bind this port instead of the profile's (0: any free port). */
  port?: number;
  /**
   * Keep the port bound first for the whole run (`listen`, which printed it): a profile's port
   * changed in another console no longer moves it, and a change of profile only changes the
   * token it verifies with.
   */
  keepPort?: boolean;
  /** Verify with this profile's notification token instead of the active profile's. */
  profileId?: number;
  /** Verify with this secret instead (e.g. `--notification-token`), named as `label` in verdicts. */
  secret?: { value: string; label: string };
  /** Settings for this run only (forward-to, answer status…), over the saved ones. */
  settings?: Partial<ListenerSettings>;
  /** Forward to a live profile's address without holding it (`listen --yes-live`). */
  confirmLiveForward?: boolean;
  /**
   * The caller reports a failure to start as its own error (`listen` exits with it, worded for
   * its flags): the log file keeps the cause, but it is not echoed as a warning too.
   */
  callerReportsStartFailure?: boolean;
}

export interface ListenerDependencies {
  profiles: ProfileService;
  recorder: EventRecorder;
  bus: EventBus;
  log: Logger;
  keys: HmacKeyCache;
  settings: ListenerSettingsStore;
  /**
   * Whether this process runs the webhook listener (the app, `serve`, `listen`, `test`; not
   * `emulator`, nor a one-shot command). When false it never binds: not at start, nor when a
   * profile change or a run's hold would have it follow the profile.
   */
  runsListener: boolean;
  /** This data directory's commands, as the error of a listener that never binds names `listen`. */
  consoleCommand: ConsoleCommand;
  /** Defaults: DEFAULT_LISTENER_LIMITS. */
  limits?: Partial<ListenerLimits>;
  /** Looks a replay up by its marker, so the listener links a replay's arrival to it. */
  replayByUid?: (uid: string) => KnownReplay | undefined;
  /** Looks a token up among those the console signed, so its arrival is marked crafted. */
  craftedToken?: (token: string) => CraftedToken | undefined;
  /**
   * Who runs this data directory's listener on `port` (`checkout-console serve (pid 12)`, for
   * profile Local), from its address record; null when no console here says it does.
   */
  listenerHeldBy?: (port: number) => Holder | null;
  overrides?: ListenerOverrides;
}
