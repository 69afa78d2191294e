import { describe, expect, it } from 'vitest';
import { retentionRemovalWords } from '../../src/shared/retention-words';

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
});
