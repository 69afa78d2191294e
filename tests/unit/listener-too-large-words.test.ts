import { describe, expect, it } from 'vitest';
import { planResponse } from '../../src/main/listener/plan-response';
import { DEFAULT_LISTENER_SETTINGS, TOO_LARGE_KEPT_BYTES } from '../../src/shared/listener';

// A 1,048,600-byte webhook was said four ways: "The body (1048600 bytes) is over the
// 1048576-byte limit" on the timeline, "1.00 MiB (1,048,600 bytes)" on its Request tab, and
// "larger than 1048576 bytes" in the listener's answer. Both of the listener's sentences now say
// sizes through the one byte-size owner: digits grouped, and over the limit reads as over it.
const settings = { ...DEFAULT_LISTENER_SETTINGS, bodyLimitBytes: 1024 * 1024 };
const tooLarge = (size: number, stillSending = false) =>
  planResponse(
    'POST',
    { bytes: Buffer.alloc(TOO_LARGE_KEPT_BYTES), size, outcome: 'too_large', stillSending, stopped: null },
    settings,
  );

describe("the listener's words for a body over its limit", () => {
  it('say the size, the limit and what was kept as the byte-size owner writes them', () => {
    const plan = tooLarge(1_048_600);
    expect(plan.status).toBe(413);
    expect(plan.error).toBe(
      'The body, 1.00002 MiB (1,048,600 bytes), is over the 1 MiB limit; answered 413 and kept its first 64.0 KiB (65,536 bytes).',
    );
    expect(plan.refusal).toBe('The body is larger than the 1 MiB limit; its first 64 KiB were stored.');
    expect(tooLarge(2_000_000, true).error).toBe(
      'The body, at least 1.91 MiB (2,000,000 bytes), is over the 1 MiB limit; answered 413 and kept its first 64.0 KiB (65,536 bytes).',
    );
  });
});
