import type { DeliveredOnChoice } from '../../shared/emulator';

/**
 * Whether a webhook's target took it, and why not in words, for every kind that sends one
 * (the emulator's deliveries, replays, forwards). Only a 2xx is taken: the emulator retries
 * anything else (delivery-attempt.ts), so a 3xx is no more a received webhook than a 500 is,
 * and a redirect is not followed.
 */
export const isTakenAnswer = (status: number | null): boolean =>
  status !== null && status >= 200 && status <= 299;

/**
 * Whether the emulator counts a delivery's answer as delivered, under its setting (the spec does
 * not show what the merchant's endpoint must return): any 2xx, as every webhook sender here
 * takes one, or only 200.
 */
export const isDeliveredAnswer = (status: number | null, deliveredOn: DeliveredOnChoice): boolean =>
  deliveredOn === 'only_200' ? status === 200 : isTakenAnswer(status);

/**
 * The record's error line for an answer that came but was not taken (not a 2xx). Worded once,
 * so the window and the CLI say the same why for a delivery, a replay and a forward.
 */
export function notTakenWords(status: number | null): string {
  // The Location stays in the stored answer's headers: it may carry a token, and this line is
  // shown as it is.
  const redirect = status !== null && status >= 300 && status <= 399;
  // A 2xx not taken is one the emulator's "200 only" setting refused: the line says why.
  const success = isTakenAnswer(status);
  return `The target answered ${String(status)}${redirect ? ' (a redirect, not followed)' : ''}${success ? ' (the emulator is set to count only 200 as delivered)' : ''}.`;
}
