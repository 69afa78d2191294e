import { DEFAULT_LISTENER_SETTINGS, type ListenerSettings } from '../../../shared/listener';

const SAVED = 'the saved listener settings';

/**
 * How this run answers and forwards, when that is not the default: settings saved in any
 * console on the data directory (a window, days ago) apply to `listen` too, and a run that
 * answered 503, slowly, or forwarded somewhere, said so only line by line. Null: the defaults.
 */
export function answeringNote(
  settings: Pick<ListenerSettings, 'respondStatus' | 'responseDelayMs' | 'forwardTo'>,
  given: { respondStatus?: number; forwardTo?: string },
  /** Forwards are held (a live profile's address not confirmed): the log's warning says why. */
  forwardHeld = false,
): string | null {
  const parts: string[] = [];
  const { respondStatus, responseDelayMs: delay, forwardTo } = settings;
  if (respondStatus !== DEFAULT_LISTENER_SETTINGS.respondStatus || delay > 0) {
    const after = delay > 0 ? ` after ${delay} ms` : '';
    const from =
      given.respondStatus === undefined
        ? SAVED
        : delay > 0
          ? `--respond-status; the delay: ${SAVED}`
          : '--respond-status';
    parts.push(`answering ${respondStatus}${after} (${from})`);
  }
  if (forwardTo !== null)
    parts.push(
      `${forwardHeld ? 'not forwarding (held, see the warning above) to' : 'forwarding to'} ${forwardTo} (${given.forwardTo === undefined ? SAVED : '--forward-to'})`,
    );
  if (parts.length === 0) return null;
  const text = `${parts.join('; ')}.`;
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}
