import type { TimelineSummary } from '../../../shared/events';
import { notificationState } from '../../emulator/notification-state-words';
import { waitFor, type StepContext, type StepOutcome } from '../step-context';
import { unmatchedWebhook } from './webhook-records';

/**
 * The notification that follows a customer's move, as the listener stored it: the customer step's
 * evidence that the move happened, on Local as on a sandbox. Waiting for it on both is what lets
 * one scenario pass on either (docs/scenarios.md): on Local the step returned once the emulator
 * answered, before its notification reached the listener, and an `expect-order state: approved`
 * right after it read the order as still new.
 */

export interface AwaitedNotification {
  orderId: string;
  event: string;
  timeoutMs: number;
  /** Why it can never arrive, when that is known before the timeout; null while it still may. */
  cannotArrive: () => string | null;
}

/** The step's failure when its notification cannot arrive: at once, not after its timeout. */
export function cannotArriveOutcome(orderId: string, event: string, words: string): StepOutcome {
  return {
    checks: [{ what: event, expected: 'arrives', actual: `cannot arrive: ${words}`, passed: false }],
    recordIds: [],
    message: `no ${event} for order ${orderId} can arrive: ${words}`,
  };
}

/**
 * Waits for the notification without matching it: it stays for the expect-webhook step that
 * judges it, and any token verdict counts (judging the token is that step's job, and a bad one is
 * no reason to wait minutes more). `missingWords` is said beside "nothing arrived".
 */
export async function awaitNotification(
  context: StepContext,
  awaited: AwaitedNotification,
  missingWords: string | null = null,
): Promise<StepOutcome> {
  const { orderId, event, timeoutMs } = awaited;
  const seen = await waitFor<{ record: TimelineSummary } | { cannot: string }>(
    () => {
      // Why it cannot come is read before the records: a delivery said done is stored already
      // (the listener stores a notification before it answers), so it is not missed in between.
      const cannot = awaited.cannotArrive();
      const record = unmatchedWebhook(context, orderId, event);
      if (record !== null) return { record };
      return cannot === null ? null : { cannot };
    },
    timeoutMs,
    context.signal,
  );
  if (seen !== null && 'cannot' in seen) return cannotArriveOutcome(orderId, event, seen.cannot);
  if (seen === null)
    return {
      checks: [
        {
          what: event,
          expected: `arrives within ${Math.round(timeoutMs / 1000)} s`,
          actual: missingWords === null ? 'nothing arrived' : `nothing arrived; ${missingWords}`,
          passed: false,
        },
      ],
      recordIds: [],
      message: `no ${event} for order ${orderId}`,
    };
  const { record } = seen;
  return {
    checks: [{ what: event, expected: 'arrives', actual: `record #${record.id}`, passed: true }],
    recordIds: [record.id],
    message: `${event} arrived (token ${record.tokenVerdict ?? 'not judged'})`,
  };
}

/**
 * Why this console's emulator will never send the order's `event` to anyone, in the outbox's one
 * wording (notification-state-words.ts): not sendable (no notification URL, no webhook
 * registered), dropped by a fault, given up, or delivered elsewhere than this listener. Null
 * while an attempt is still to come, or when its outbox has no row for it (not queued yet, or an
 * order of another emulator): then the step waits out its timeout.
 */
export function emulatorCannotSend(context: StepContext, orderId: string, event: string): string | null {
  const rows = context.services.emulator.engine.notificationsOf(orderId, event);
  if (rows.length === 0) return null;
  const state = notificationState(event, rows);
  return state.pending ? null : `the emulator's ${state.words}`;
}
