import { formatCount } from '@shared/count-format';
import type { ForwardHold, ListenerStatus } from '@shared/listener';

type StatusWords = Pick<
  ListenerStatus,
  'running' | 'error' | 'portTakenBy' | 'configuredPort' | 'notStored' | 'notStoredReason'
>;

/**
 * Why this console's listener is not running, said where a send is made (the Builder's notice),
 * or null when there is nothing to say: it runs, or a console on this data directory holds its
 * port and stores what arrives there in the same history.
 */
export function listenerNotRunningWords(status: StatusWords, profileName: string): string | null {
  if (status.running || status.error === null || status.portTakenBy === 'console') return null;
  return `The webhooks of an order sent with ${profileName} do not reach this console while it is not running, so a paid order stays new here. ${status.error}`;
}

/**
 * The Listener view's "Not stored" cell. With none, it said "every request that reached the port
 * was stored" while the listener was stopped and something else held the port: the webhooks
 * that reached it were not stored at all.
 */
export function notStoredWords(status: StatusWords): { text: string; alarm: boolean } {
  if (status.notStored > 0)
    return {
      text: `${status.notStored} ${status.notStored === 1 ? 'request' : 'requests'} answered 503 since the console started, not stored. The last one: ${status.notStoredReason ?? 'no reason was given'}`,
      alarm: true,
    };
  if (status.running) return { text: 'none: every request that reached the port was stored', alarm: false };
  if (status.portTakenBy === 'other')
    return {
      text: `none stored here, since the listener is not running: what is sent to port ${status.configuredPort} reaches whatever holds it, not this console`,
      alarm: false,
    };
  if (status.portTakenBy === 'console')
    return {
      text: `none here: the console that holds port ${status.configuredPort} stores what reaches it, in the same history`,
      alarm: false,
    };
  return { text: 'none: the listener is not running, so no request reaches it', alarm: false };
}

/**
 * Said when this console's emulator signs its notifications with another profile's token (it
 * signs with the Local profile's) than the listener judges them against (the active profile's):
 * with Slow active, every paid order's notification arrived no_secret and nothing said why.
 * Null when they are one profile or either names none.
 */
export function emulatorSignsElsewhereWords(
  listener: Pick<ListenerStatus, 'profileName'>,
  emulator: { profileName: string | null } | null,
): string | null {
  const signer = emulator?.profileName ?? null;
  const judge = listener.profileName;
  if (signer === null || judge === null || signer === judge) return null;
  return `This console's emulator signs its notifications with profile ${signer}'s notification token; this listener judges them against profile ${judge}'s, so they arrive unverified unless the two tokens are the same. Make ${signer} the active profile to verify them.`;
}

/**
 * The Listener view's words for a held forward-to: the "Forward to" box alone read as if every
 * webhook went on, while each was recorded unsent (main's live guard holds it). `kept`: how many
 * webhooks this listener received under the hold and did not forward.
 */
export function forwardHoldWords(hold: ForwardHold): { title: string; kept: string } {
  const count = hold.notForwarded;
  return {
    title: `Forwarding is held: webhooks are not forwarded to ${hold.forwardTo}`,
    kept:
      count === 0
        ? 'No webhook has arrived since the hold began here.'
        : count === 1
          ? '1 webhook received here was not forwarded (recorded on the Timeline as a forward not sent).'
          : `${formatCount(count)} webhooks received here were not forwarded (recorded on the Timeline as forwards not sent).`,
  };
}
