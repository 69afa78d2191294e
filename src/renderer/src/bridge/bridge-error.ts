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
