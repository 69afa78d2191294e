import { faultsSchema, type Faults, type TokenFault } from './emulator';

/**
 * The one wording of the emulator's injected faults, wherever a delivery or an order is shown:
 * the Emulator view's Faults columns, the Timeline's detail of a delivery, the delivery's
 * stored error (and so `history --json` and the view's Last answer) and the `emulator`
 * terminal's lines. A 403 the emulator caused on purpose (a token it signed wrong) must never
 * read as the merchant's own fault.
 */

export const TOKEN_FAULT_LABEL: Record<TokenFault, string> = {
  valid: 'valid',
  wrong_signature: 'wrong signature',
  expired: 'expired',
  none: 'no token',
};

/** What the token fault did to the token sent, in a sentence's words. */
const TOKEN_FAULT_DID: Record<Exclude<TokenFault, 'valid'>, string> = {
  wrong_signature: 'signed its token with a wrong key on purpose',
  expired: 'sent an expired token on purpose',
  none: 'sent it without a token on purpose',
};

/** Faults in a few words, for tables and lines: `wrong signature, duplicate`, `none`. */
export function describeFaults(faults: Faults | null): string {
  if (faults === null) return 'emulator defaults';
  const parts = [
    faults.token === 'valid' ? null : TOKEN_FAULT_LABEL[faults.token],
    faults.delayMs > 0 ? `delay ${faults.delayMs} ms` : null,
    faults.duplicate ? 'duplicate' : null,
    faults.outOfOrder ? 'out of order' : null,
    faults.drop ? 'drop' : null,
  ].filter((part) => part !== null);
  return parts.length === 0 ? 'none' : parts.join(', ');
}

/** Whether any fault is on. */
export const anyFault = (faults: Faults): boolean => describeFaults(faults) !== 'none';

/** What a delivery record's details say of its attempt and its faults (delivery-attempt.ts writes them). */
export interface DeliveryAttemptFacts {
  /** `attempt 2/3`, or null for a record that is no attempt (dropped, never sendable). */
  attempt: string | null;
  /** Its faults, or null when the record names none. */
  faults: Faults | null;
  /** Whether this was its last attempt. */
  last: boolean;
}

export function deliveryAttemptFacts(details: Readonly<Record<string, unknown>>): DeliveryAttemptFacts {
  const attempt = details['attempt'];
  const max = details['maxAttempts'];
  const parsed = faultsSchema.safeParse(details['faults']);
  const numbered = typeof attempt === 'number' && attempt > 0 && typeof max === 'number';
  return {
    attempt: numbered ? `attempt ${attempt}/${max}` : null,
    faults: parsed.success ? parsed.data : null,
    last: numbered && attempt >= max,
  };
}

/**
 * The sentence a delivery's detail and its error say when faults were on: `Injected by the
 * emulator: wrong signature, duplicate. It signed its token with a wrong key on purpose: a
 * merchant refusing it (401, 403) is right.` Null when none was.
 */
export function injectedFaultsSentence(faults: Faults | null): string | null {
  if (faults === null || !anyFault(faults)) return null;
  const token =
    faults.token === 'valid'
      ? ''
      : ` The emulator ${TOKEN_FAULT_DID[faults.token]}: a merchant refusing it (401, 403) is right.`;
  const duplicate = faults.duplicate ? ' It sent this notification twice on purpose.' : '';
  return `Injected by the emulator's faults: ${describeFaults(faults)}.${token}${duplicate}`;
}

/** What a notification's outbox row says of it, for faultHoldWords (main's OutboxRow has these). */
export interface OwedNotification {
  status: 'pending' | 'delivered' | 'failed' | 'dropped' | 'unsent';
  attempts: number;
  faults: Faults;
  nextAttemptAtMs: number | null;
  heldForNext: boolean;
}

/**
 * Why a notification has not reached the merchant when the emulator's faults are why: dropped,
 * or not yet attempted because a delay or the Out of order fault holds it (`the emulator holds
 * order_approved on purpose (its faults: delay 25000 ms): its first attempt is due at …`). Null
 * when its faults are not why. A scenario step waiting for it said only "no webhook for this
 * order", as if the merchant's listener had missed it.
 */
export function faultHoldWords(eventType: string, row: OwedNotification): string | null {
  const its = `(its faults: ${describeFaults(row.faults)})`;
  if (row.status === 'dropped')
    return `the emulator dropped ${eventType} on purpose ${its}: it is never sent`;
  if (row.status !== 'pending' || row.attempts > 0 || !anyFault(row.faults)) return null;
  if (row.heldForNext)
    return `the emulator holds ${eventType} on purpose ${its} until the order's next notification has gone`;
  if (row.faults.delayMs <= 0 || row.nextAttemptAtMs === null) return null;
  return `the emulator holds ${eventType} on purpose ${its}: its first attempt is due at ${new Date(row.nextAttemptAtMs).toISOString()}`;
}
