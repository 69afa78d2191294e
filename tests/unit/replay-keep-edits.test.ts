import { describe, expect, it } from 'vitest';
import { bodyMadeForWords, keepEditsWords } from '../../src/renderer/src/features/replay/replay-keep-edits';
import { replaySelectionKey } from '../../src/renderer/src/features/replay/replay-selection';

// The Replay view opened from the sidebar (#/replay: every stored webhook) after #10's body was
// edited asked, in a dialog over the view, "Keep the body you edited? … This replay starts from an
// empty body": never whose body it was, and kept, #10's body went out in place of #3's and #9's.
describe('the question about a body edited for another replay', () => {
  it('names what the body was made for: the webhook, the webhooks, or the filter', () => {
    expect(bodyMadeForWords(replaySelectionKey({ ids: [10] }))).toBe('webhook #10');
    expect(bodyMadeForWords(replaySelectionKey({ ids: [3, 9] }))).toBe('webhooks #3 and #9');
    expect(bodyMadeForWords(replaySelectionKey({ ids: [1, 2, 3, 4, 5] }))).toBe(
      'webhooks #1, #2, #3 and 2 more',
    );
    expect(bodyMadeForWords(replaySelectionKey({ filter: { kinds: ['webhook'] } }))).toBe(
      'the replay of every stored webhook',
    );
    expect(bodyMadeForWords(replaySelectionKey({ filter: { kinds: ['webhook'], orderId: 'E1' } }))).toBe(
      'the replay of the webhooks matching order=E1',
    );
  });

  it('says what this replay starts from, and what keeping the body means, by name', () => {
    expect(keepEditsWords('webhook #10', null, 2)).toEqual({
      text: "The body you edited for webhook #10 is still in the editor. This replay is chosen by a filter, so its editor starts empty: left so, each webhook's own stored body goes out. Used here, the body edited for webhook #10 goes out in place of each of the 2 webhooks' own.",
      keepLabel: 'Use the body edited for webhook #10',
      dropLabel: 'Start empty',
    });
    expect(keepEditsWords('webhook #10', 3, 1)).toEqual({
      text: "The body you edited for webhook #10 is still in the editor. This replay's editor starts from webhook #3's stored body. Used here, the body edited for webhook #10 goes out in place of webhook #3's own.",
      keepLabel: 'Use the body edited for webhook #10',
      dropLabel: "Start from #3's body",
    });
  });
});
