import { describe, expect, it } from 'vitest';
import {
  firstRunDoneWords,
  firstRunHeading,
  firstRunProgress,
  firstRunRequest,
  firstRunRequestWords,
} from '../../src/renderer/src/features/builder/first-run-progress';

// After one order was captured, every later document (a fresh, unsent sample; another draft)
// showed all five steps ticked, "Send to Local" among them, and "Captured: that is the whole
// lifecycle…", as if the document on screen had been sent and captured. The guide is a one-time
// way through a first order: its steps and words are that order's, named, never the document's.

describe("the first-run guide's steps", () => {
  it('follow the request, then the order sent, as far as it came', () => {
    expect(firstRunProgress(false, false, null)).toBe(0);
    expect(firstRunProgress(true, false, null)).toBe(1);
    // Sent, its state not read yet.
    expect(firstRunProgress(true, true, null)).toBe(2);
    expect(firstRunProgress(true, true, 'new')).toBe(2);
    expect(firstRunProgress(true, true, 'approved')).toBe(3);
    expect(firstRunProgress(true, true, 'authorised')).toBe(4);
    expect(firstRunProgress(true, true, 'fully_captured')).toBe(5);
    expect(firstRunProgress(true, true, 'partially_refunded')).toBe(5);
  });

  it("are the order's, not the document's: a fresh document after the capture leaves them done", () => {
    expect(firstRunProgress(false, true, 'fully_captured')).toBe(5);
  });

  it('name the order they follow, so ticks after a new document are not read as its own', () => {
    expect(firstRunHeading(null)).toBe('First run:');
    expect(firstRunHeading('ord_7')).toBe('First run, order ord_7:');
  });

  it('say, once done, that the first order went the whole way and the guide is not needed', () => {
    const words = firstRunDoneWords('ord_7');
    expect(words).toBe(
      'Done: your first order, ord_7, went the whole lifecycle, new → approved → authorised → captured, and every step is on the Timeline. The guide shows the way once; it does not follow the documents after it, so hide it now (Settings can show it again).',
    );
    expect(words).not.toMatch(/^Captured:/);
  });
});

// One field typed by hand ticked "A request" and the guide said "Send it to Local" over a request
// with 6 errors, whose Send then asked "Send with 6 errors?". The first step is done once the
// builder's own findings (the ones Send asks about) hold no error; until then the guide says how
// many remain and where they are listed.
describe("the first-run guide's first step, judged by the builder's findings", () => {
  it('is not done while the request has errors, nor while its text is not JSON', () => {
    expect(firstRunRequest(true, true, 6)).toEqual({ kind: 'errors', errors: 6 });
    expect(firstRunRequest(true, false, 0)).toEqual({ kind: 'not-json' });
    expect(firstRunProgress(firstRunRequest(true, true, 6).kind === 'ready', false, null)).toBe(0);
    expect(firstRunProgress(firstRunRequest(true, false, 0).kind === 'ready', false, null)).toBe(0);
  });

  it('is done once the request has no error, warnings or not', () => {
    expect(firstRunRequest(true, true, 0)).toEqual({ kind: 'ready' });
    expect(firstRunProgress(firstRunRequest(true, true, 0).kind === 'ready', false, null)).toBe(1);
  });

  it('an empty document is no request yet, whatever its findings say of the fields it lacks', () => {
    expect(firstRunRequest(false, true, 13)).toEqual({ kind: 'none' });
  });

  it('says how many errors remain and where, not "Send it"', () => {
    const one = firstRunRequestWords({ kind: 'errors', errors: 1 });
    expect(one).toBe(
      'Your request has 1 error left: the Findings tab, under the raw JSON, lists it (Send would ask "Send with 1 error?"). Fix it, or Sample fills a complete, valid request.',
    );
    expect(firstRunRequestWords({ kind: 'errors', errors: 6 })).toContain('has 6 errors left');
    expect(firstRunRequestWords({ kind: 'errors', errors: 6 })).not.toMatch(/Send it to/);
    expect(firstRunRequestWords({ kind: 'not-json' })).toBe(
      'Your request is not JSON: the Findings tab, under the raw JSON, says where it stops parsing. Fix it, or Sample fills a complete, valid request.',
    );
  });
});
