import type { ListenerStatus } from '../../../shared/listener';
import { namesListenerLiterally } from '../../listener/forward-guard';
import { judgedWithOtherTokenWords, type WantedProfile } from '../../listener/listener-port-words';
import { listenerOnPort, liveAddressRecords } from '../../running-addresses/address-record';
import { UsageError } from '../cli-errors';
import { terminalSafe } from '../terminal-text';

/**
 * What `listen` checks once its listener has tried to start, before it says where it listens:
 * the words of a start that failed, of a forward that would loop, and of a token it lacks.
 */

/** A listener that started: the port and URL it bound are known. */
type StartedListener = ListenerStatus & { port: number; url: string };

/**
 * Throws why the listener did not start, in `listen`'s own flags' words (the service was told
 * to leave saying it to its caller). `askedPort` is --port, when given.
 */
export function assertListenerStarted(
  status: ListenerStatus,
  dataDir: string,
  askedPort: number | undefined,
): asserts status is StartedListener {
  if (status.running && status.port !== null && status.url !== null) return;
  const port = askedPort ?? status.configuredPort;
  throw new Error(
    status.error?.includes('already in use') === true
      ? portTakenWords(
          dataDir,
          port,
          status.profileId === null || status.profileName === null
            ? null
            : { profileId: status.profileId, profileName: status.profileName },
        )
      : (status.error ?? 'The listener did not start.'),
  );
}

/**
 * Why `listen` could not take its port, and what to do. Most often the holder is this data
 * directory's own console (serve or the app), whose listener already stores every webhook here:
 * then a second listener is not needed, and saying only "pass --port 0" sends the user to run
 * one the service does not know about. It is named from the address record it publishes.
 */
function portTakenWords(dataDir: string, port: number, wanted: WantedProfile | null): string {
  const holder = listenerOnPort(liveAddressRecords(dataDir), port);
  if (holder === null) return `Port ${port} is already in use; pass --port 0 to pick a free one.`;
  // A holder for another profile stores here too, but judges with that profile's token.
  if (wanted !== null && holder.profileId !== wanted.profileId)
    return terminalSafe(
      `Port ${port} is already in use by ${holder.runBy}, ${judgedWithOtherTokenWords(holder, wanted)}. ` +
        `To run ${wanted.profileName}'s listener beside it, pass --port 0.`,
    );
  return (
    `Port ${port} is already in use by ${terminalSafe(holder.runBy)}, which runs this data ` +
    `directory's listener there for profile ${terminalSafe(holder.profileName)}: the webhooks ` +
    `it receives are stored here already (history, the Timeline). To run another listener beside ` +
    `it, pass --port 0.`
  );
}

/** Only once the port is known (--port 0) can a target naming it be seen to forward to itself. */
export function assertNotForwardingToItself(forwardTo: string | null, port: number): void {
  if (forwardTo !== null && namesListenerLiterally(new URL(forwardTo), port)) {
    throw new UsageError(
      `--forward-to ${forwardTo} is this listener itself (port ${port}): every webhook would be forwarded back to it without end.`,
    );
  }
}

/**
 * The warning for a run that will judge every token no_secret, or null. A token that is set but
 * cannot be opened here is named as such: "has no notification token" would name the wrong cause.
 */
export function missingTokenWarning(status: ListenerStatus, tokenGiven: boolean): string | null {
  if (status.hasNotificationToken || tokenGiven) return null;
  return status.notificationTokenUnopened === null
    ? `warning: profile "${status.profileName ?? ''}" has no notification token; every token will be no_secret.\n`
    : `warning: the notification token of profile "${status.profileName ?? ''}" cannot be opened here (${terminalSafe(status.notificationTokenUnopened)}); every token will be no_secret.\n`;
}
