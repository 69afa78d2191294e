import type { TimelineSummary } from '@shared/events';
import { emulatorHeldStateNote } from '@shared/orders/emulator-held-state';
import type { OrderState } from '@shared/orders/order-states';
import { deliveredElsewhere, deliveredElsewhereWords } from './delivered-elsewhere';
import { firstRunPayWords, firstRunProgress } from './first-run-progress';

/** What the guide says at Pay, Authorise or Capture, read from the order and the console now. */
export interface FirstRunOrderStepInput {
  /** 2 = Pay, 3 = Authorise, 4 = Capture (firstRunProgress of the order's state here). */
  progress: number;
  /** The order's state from this console's records. */
  state: OrderState | null;
  /** The state this console's emulator holds the order in, if it holds it. */
  held: OrderState | undefined;
  /** The order's records, oldest first. */
  records: readonly TimelineSummary[];
  /** The active profile's name: the listener judges what arrives with its notification token. */
  active: string;
  /** The emulator's profile's name (pickLocalProfile). */
  emulatorProfile: string;
  emulatorRunning: boolean;
}

export interface FirstRunAction {
  kind: 'switch' | 'checkout' | 'listener' | 'orders';
  label: string;
}

export interface FirstRunOrderStep {
  text: string;
  actions: FirstRunAction[];
}

/**
 * The steps after the send. They follow the records, but two things outside them decide what
 * is true: the active profile, whose notification token the listener judges the emulator's
 * webhooks with (another one, and they arrive unverified and move nothing), and the state the
 * emulator holds. Read alone, the records kept an order approved there "new" here, and the guide
 * asked to pay it again on a checkout page that said it was paid.
 */
export function firstRunOrderStep(input: FirstRunOrderStepInput): FirstRunOrderStep {
  const { progress, state, held, records, active, emulatorProfile } = input;
  const words: string[] = [];
  const actions: FirstRunAction[] = [];
  const say = (text: string) => words.push(text);
  const answer = () => ({ text: words.join(' '), actions });
  const elsewhere = active !== emulatorProfile;
  const offerLocal = () => {
    if (!elsewhere) return;
    say(
      `The active profile is ${active}, not the emulator's (${emulatorProfile}): the listener judges the emulator's notifications against ${active}'s notification token, so they arrive unverified and do not move the order. Switch to ${emulatorProfile} before going on.`,
    );
    actions.push({ kind: 'switch', label: `Switch to ${emulatorProfile}` });
  };
  // Paid, but its webhook went elsewhere: "Pay" again would not change what this console sees.
  const unreceived = progress === 2 ? deliveredElsewhere(records)[0] : undefined;
  if (unreceived !== undefined) {
    say(
      `${deliveredElsewhereWords(unreceived)} Get this console's listener running (the notice above the form), then send again and pay the new order: the emulator counts this one's webhook as delivered and does not send it again.`,
    );
    actions.push({ kind: 'listener', label: 'Open the Listener view' });
    return answer();
  }
  const note = emulatorHeldStateNote(state, held, records);
  if (note !== null && held !== undefined && firstRunProgress(true, true, held) > progress) {
    // Orders' own words for why (the record that did not count, against whose token). What moves
    // the order is the service's own evidence: Get order's answer is, a replay never is (a copy
    // of what arrived, the console's doing), and the emulator's checkout page no longer pays it.
    say(note);
    offerLocal();
    say(
      `${progress === 2 ? 'It cannot be paid again. ' : ''}Get order, in the order, asks the emulator for its state: its answer is this console's own evidence and moves the order on here (a replay never moves an order).`,
    );
    // An order new here ties with a new send, and the guide follows the newer (first-run-progress.ts).
    if (progress === 2) say('Or send again and pay the new order: a new send starts the guide over on it.');
    actions.push({ kind: 'orders', label: 'Get order in Orders' });
    return answer();
  }
  offerLocal();
  if (progress === 2) {
    say(firstRunPayWords(input.emulatorRunning));
    // Stopped, the checkout page does not open.
    if (input.emulatorRunning) actions.push({ kind: 'checkout', label: 'Open the checkout page' });
    return answer();
  }
  say(
    progress === 3
      ? 'Paid (approved). As the merchant, confirm receipt: Authorise, in the order.'
      : 'Authorised: the goods may ship. Capture the payment, in the order.',
  );
  actions.push({ kind: 'orders', label: progress === 3 ? 'Authorise in Orders' : 'Capture in Orders' });
  return answer();
}
