import type { BridgeErrorPayload, BridgeIssue } from '@shared/contract';

/** A command that main answered with `{ ok: false }`. Carries the code and the fields at fault. */
export class BridgeError extends Error {
  readonly code: BridgeErrorPayload['code'];
  readonly issues: BridgeIssue[];

  constructor(payload: BridgeErrorPayload) {
    super(payload.message);
    this.name = 'BridgeError';
    this.code = payload.code;
    this.issues = payload.issues;
  }
}

/** What went wrong, for a notification or an alert (the renderer's name for errorWords). */
export { errorWords as errorMessage } from '@shared/error-words';

/**
 * A call the console had received when the connection dropped: it may have been carried out
 * (a checkout session created), so it is never called "not sent".
 */
export const CONNECTION_LOST =
  'The connection to the console was lost after it received the request, so it may have been carried out: look on the timeline once the console answers again.';

/** An alert's title for a failed call: "Not sent", unless the console may have acted on it. */
export function failureTitle(message: string): string {
  return message === CONNECTION_LOST ? 'No answer: it may have been sent' : 'Not sent';
}

/**
 * What main's live guard refused, as its `confirmLive` issue says it (the address and whose it
 * is, without the way to confirm), or null when the error is not such a refusal.
 */
export function liveSendRefusal(error: unknown): string | null {
  if (!(error instanceof BridgeError) || error.code !== 'live_confirmation_required') return null;
  return error.issues.find((issue) => issue.path === 'confirmLive')?.message ?? null;
}

/**
 * Whether main refused a call because its live confirmation no longer stands (the profile's
 * address or API token changed since the yes, or the call went on another profile): a conflict
 * at `liveConfirmation` (main/profiles/live-confirmation-stands.ts), never read from its words.
 */
export function liveConfirmationChanged(error: unknown): boolean {
  return (
    error instanceof BridgeError &&
    error.code === 'conflict' &&
    error.issues.some((issue) => issue.path === 'liveConfirmation')
  );
}
