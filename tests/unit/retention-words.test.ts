import { describe, expect, it } from 'vitest';
import {
  retentionDefaultWords,
  retentionPreviewWords,
  retentionRemovalWords,
} from '../../src/shared/retention-words';

const removal = (
  kinds: [string, number][],
  imported: number,
  ordersLeaving: number,
  ordersLosing: number,
) => ({
  kinds: kinds.map(([kind, count]) => ({ kind: kind as 'webhook', count })),
  imported,
  ordersLeaving,
  ordersLosing,
});

describe('what a retention preview says it removes', () => {
  it('names each kind, the imported and the orders, one or many', () => {
    expect(retentionRemovalWords(removal([['delivery', 1]], 1, 1, 0))).toBe(
      'What goes: 1 delivery (1 imported from a file). 1 order loses all its records and leaves Orders.',
    );
    expect(
      retentionRemovalWords(
        removal(
          [
            ['webhook', 120],
            ['request', 200],
            ['replay', 2],
          ],
          0,
          15,
          3,
        ),
      ),
    ).toBe(
      'What goes: 120 webhooks, 200 requests and 2 replays. 15 orders lose all their records and leave Orders; 3 more lose some, which may change their state.',
    );
    expect(retentionRemovalWords(removal([['forward', 2]], 0, 0, 1))).toBe(
      'What goes: 2 forwards. 1 order loses some, which may change its state.',
    );
    expect(retentionRemovalWords(removal([['webhook', 4]], 0, 0, 2))).toBe(
      'What goes: 4 webhooks. 2 orders lose some, which may change their state.',
    );
  });

  it('says nothing when nothing would go', () => {
    expect(retentionRemovalWords(removal([], 0, 0, 0))).toBe('');
  });

  // One paragraph of the History view wrote "removes 19,352" (the browser's locale: 19.352 in
  // de-DE) above "What goes: 19343 webhooks … (19352 imported from a file)".
  it('groups every count the same way as the count above it, in every locale', () => {
    expect(retentionPreviewWords({ remove: 19_352, keep: 1_002 })).toBe(
      'Applying it now removes 19,352 and keeps 1,002 records.',
    );
    expect(retentionPreviewWords({ remove: 0, keep: 1 })).toBe(
      'Applying it now removes 0 and keeps 1 record.',
    );
    expect(
      retentionRemovalWords(
        removal(
          [
            ['webhook', 19_343],
            ['request', 5],
            ['delivery', 4],
          ],
          19_352,
          1_200,
          0,
        ),
      ),
    ).toBe(
      'What goes: 19,343 webhooks, 5 requests and 4 deliveries (19,352 imported from a file). 1,200 orders lose all their records and leave Orders.',
    );
  });

  it('says the defaults the boxes start at, as the documented defaults are', () => {
    expect(retentionDefaultWords()).toBe(
      'Keep everything is the default. Last N days starts at 30 days, Last N records at 100,000 records.',
    );
  });
});
