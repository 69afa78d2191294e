import { describe, expect, it } from 'vitest';
import { replayBodySaying } from '../../src/renderer/src/features/replay/replay-body-preview';

/**
 * With "Edit the body" on and the editor left as it was loaded, each webhook's own stored body
 * goes out (bodyToSend). By a filter the editor starts empty: the view said "This one body goes
 * out in place of each of the 3 webhooks' own" and judged the empty editor ("empty · 1 finding"),
 * while each webhook's own body was sent.
 */
describe('what the body editor says goes out', () => {
  const key = 'filter:{}';
  const form = { editBody: true, body: '', storedBody: '', bodyFor: key };

  it('says an untouched editor sends each webhook its own stored body, and judges nothing', () => {
    const saying = replayBodySaying(form, key, null, 3);
    expect(saying.judged).toBe(false);
    expect(saying.scope).toBe(
      "Left as it is, each of the 3 webhooks' own stored body goes out; what you type goes out in place of each.",
    );
    expect(replayBodySaying(form, key, null, 1)).toEqual({
      judged: false,
      scope: "Left as it is, the webhook's own stored body goes out; what you type goes out in place of it.",
    });
    // Several chosen by id: the editor holds the first one's body, which is not the others'.
    const loaded = { ...form, body: '{"a":1}', storedBody: '{"a":1}' };
    expect(replayBodySaying(loaded, key, 7, 3)).toEqual({
      judged: false,
      scope:
        "Left as it is, each of the 3 webhooks' own stored body goes out (it starts as the first one's); a change goes out in place of each.",
    });
    // One chosen by id: the editor holds the very body that goes, judged as the listener would.
    expect(replayBodySaying(loaded, key, 7, 1)).toEqual({ judged: true, scope: null });
  });

  // "each of the 1000 webhooks": a count is written as every message writes one (countOf).
  it('groups the count of webhooks in threes', () => {
    expect(replayBodySaying(form, key, null, 1000).scope).toBe(
      "Left as it is, each of the 1,000 webhooks' own stored body goes out; what you type goes out in place of each.",
    );
    expect(replayBodySaying({ ...form, body: '{}' }, key, null, 1000).scope).toBe(
      "This one body goes out in place of each of the 1,000 webhooks' own.",
    );
  });

  it('says an edited body goes out in place of each, and judges it', () => {
    const edited = { ...form, body: '{"event_type":"order_approved"}' };
    expect(replayBodySaying(edited, key, null, 3)).toEqual({
      judged: true,
      scope: "This one body goes out in place of each of the 3 webhooks' own.",
    });
    expect(replayBodySaying({ ...edited, storedBody: '{}' }, key, 7, 3).scope).toBe(
      "This one body goes out in place of each of the 3 webhooks' own; it starts as the first one's.",
    );
    expect(replayBodySaying(edited, key, 7, 1)).toEqual({
      judged: true,
      scope: "This body goes out in place of webhook #7's own.",
    });
  });

  // One webhook's plan said nothing of the edited body ("1 send to …" alone), where many said
  // "This one body goes out in place of each of the 10 webhooks' own".
  it('says an edited body goes out in place of the one webhook’s own, naming it', () => {
    const edited = { ...form, body: '{"order_id":"XYZ"}', storedBody: '{"order_id":"E1"}' };
    expect(replayBodySaying(edited, key, 31, 1)).toEqual({
      judged: true,
      scope: "This body goes out in place of webhook #31's own.",
    });
    expect(replayBodySaying(edited, key, null, 1).scope).toBe(
      "This body goes out in place of the webhook's own.",
    );
  });

  // Only whitespace typed, the plan said nothing but the finding "empty · 1 finding", and Replay
  // sent the whitespace in place of the webhook's body: a way to test an endpoint, said plainly.
  it('says plainly that an empty body, or one of only whitespace, goes out in place of theirs', () => {
    const emptied = { ...form, body: '', storedBody: '{"order_id":"E1"}' };
    expect(replayBodySaying(emptied, key, 31, 1)).toEqual({
      judged: true,
      scope: "This body is empty: an empty body goes out in place of webhook #31's own.",
    });
    expect(replayBodySaying({ ...emptied, body: ' ' }, key, 31, 1).scope).toBe(
      "This body holds only whitespace (1 byte): it goes out as typed, in place of webhook #31's own.",
    );
    const blank = { ...emptied, body: ' \n' };
    expect(replayBodySaying(blank, key, 31, 1).scope).toBe(
      "This body holds only whitespace (2 bytes): it goes out as typed, in place of webhook #31's own.",
    );
    expect(replayBodySaying(blank, key, 31, 10).scope).toBe(
      "This body holds only whitespace (2 bytes): it goes out as typed, in place of each of the 10 webhooks' own.",
    );
    expect(replayBodySaying(blank, key, null, 1).scope).toBe(
      "This body holds only whitespace (2 bytes): it goes out as typed, in place of the webhook's own.",
    );
  });
});
