import { describe, expect, it } from 'vitest';
import { BridgeError } from '../../src/renderer/src/bridge/bridge-error';
import { sendFailureOf } from '../../src/renderer/src/features/builder/send-failure';

// A live yes refused by main because the profile changed under the dialog read "Not sent" above
// main's words, like any failure. It is named from the refusal's kind (a conflict at
// liveConfirmation), not from its words, which name the address or the token that changed.
describe("what the Builder's Response tab says of a failed send", () => {
  const changed = "Live's API token was set again after you confirmed; nothing was sent.";

  it('a live confirmation that no longer stands is named, with what changed kept under it', () => {
    const error = new BridgeError({
      code: 'conflict',
      message: changed,
      issues: [{ path: 'liveConfirmation', message: changed }],
    });
    expect(sendFailureOf(error)).toEqual({
      title: "Not sent: the profile's address or token changed since you confirmed; confirm again",
      words: changed,
      byChoice: false,
    });
  });

  it('another conflict, even in the same words, is a plain "Not sent"', () => {
    const error = new BridgeError({ code: 'conflict', message: changed, issues: [] });
    expect(sendFailureOf(error)).toEqual({ title: 'Not sent', words: changed, byChoice: false });
  });
});
