import type { ForwardHold } from '../../shared/listener';
import { liveAddressReachedBy } from '../../shared/live-address';
import type { Logger } from '../log';
import { liveAddressRefusal, type LiveCallTarget } from '../profiles/live-guard';
import type { ListenerOverrides } from './listener-dependencies';
import type { ListenerSettingsStore } from './listener-settings-store';
import { FORWARDING_WEBHOOKS } from './forward-guard';

/** How a held forward-to is confirmed again, from the window or a terminal. */
export const CONFIRM_LIVE_FORWARD =
  'Confirm forwarding to production in the Listener view, or run listen --yes-live.';

interface LiveForwardHoldDependencies {
  profiles: { snapshot(): { profiles: LiveCallTarget['profiles'] } };
  settings: Pick<ListenerSettingsStore, 'liveConfirmedForwardTo'>;
  overrides: Pick<ListenerOverrides, 'confirmLiveForward'>;
  log: Pick<Logger, 'warn'>;
}

/**
 * A forward-to is asked for when it is saved (or given to `listen`), but a live profile's
 * address can become one later: a profile switched to live, its listener URL changed to it. So
 * each forward is judged again, as the profiles are now: one to a live profile's address is held
 * (recorded unsent with why, forward-webhook.ts) unless it is the URL saved with the yes, or the
 * run was given --yes-live, and the log says so once for each hold (at start, and as it begins).
 */
export function createLiveForwardHold(deps: LiveForwardHoldDependencies) {
  let warned: string | null = null;
  // Webhooks held under the hold warned of (`warned`); counted afresh when it changes or lifts.
  let notForwarded = 0;
  /** The live guard's refusal of a forward to `forwardTo` now, or null when it may go. */
  const refusalOf = (forwardTo: string): string | null => {
    if (deps.overrides.confirmLiveForward === true) return null;
    if (deps.settings.liveConfirmedForwardTo() === forwardTo) return null;
    const live = liveAddressReachedBy(forwardTo, deps.profiles.snapshot().profiles);
    return live === null ? null : liveAddressRefusal(forwardTo, live, FORWARDING_WEBHOOKS);
  };
  /** Why a forward to `forwardTo` is held now, with how to confirm it, or null when it may go. */
  const heldBecause = (forwardTo: string): string | null => {
    const refusal = refusalOf(forwardTo);
    return refusal === null ? null : `${refusal} ${CONFIRM_LIVE_FORWARD}`;
  };
  /** Warns once that forwards to `forwardTo` are held, if they are; again after a change. */
  const sayHold = (forwardTo: string | null): string | null => {
    const held = forwardTo === null ? null : heldBecause(forwardTo);
    if (held !== warned) {
      if (held !== null) deps.log.warn(`Forwarding is held: ${held}`);
      notForwarded = 0;
    }
    warned = held;
    return held;
  };
  return {
    heldBecause,
    sayHold,
    /** Why this webhook's forward to `forwardTo` is held (counted), or null when it goes. */
    holdForward(forwardTo: string): string | null {
      const held = sayHold(forwardTo);
      if (held !== null) notForwarded += 1;
      return held;
    },
    /** The hold on `forwardTo` as the Listener view shows it, or null when forwards go. */
    holdOf(forwardTo: string | null): ForwardHold | null {
      const refusal = forwardTo === null ? null : refusalOf(forwardTo);
      if (forwardTo === null || refusal === null) return null;
      // Counted only under the hold warned of: a hold begun since (not yet warned) kept none.
      const counted = `${refusal} ${CONFIRM_LIVE_FORWARD}` === warned;
      // The view's alert offers the confirmation itself: "in the Listener view" is not said there.
      return { forwardTo, reason: refusal, notForwarded: counted ? notForwarded : 0 };
    },
  };
}
