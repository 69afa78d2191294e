import { describe, expect, it } from 'vitest';
import {
  createTimelineController,
  type TimelineState,
} from '../../src/renderer/src/features/timeline/timeline-controller';
import { timelineSummary } from './helpers/timeline-summary';

const at = (ms: number) => new Date(Date.UTC(2026, 2, 1, 12, 10, 33) + ms);

describe('the unseen count with one row per happening', () => {
  it('counts rows: a delivery that joins its held (or shown) webhook adds none, a lone one adds one', async () => {
    // Assigned in the publish callback, which TypeScript's narrowing cannot see.
    let state = null as TimelineState | null;
    const controller = createTimelineController({
      listEvents: () => Promise.resolve({ items: [timelineSummary(1, at(0))], nextCursor: null }),
      publish: (next) => {
        state = next;
      },
    });
    await controller.setFilter({});
    controller.pause();
    const webhook = timelineSummary(2, at(600));
    const delivery = timelineSummary(3, at(500), {
      kind: 'delivery',
      relatedId: 2,
      tokenVerdict: null,
      bodyVerdict: null,
    });
    await controller.receive([{ type: 'appended', summary: webhook }]);
    expect(state?.unread).toBe(1);
    await controller.receive([{ type: 'appended', summary: delivery }]);
    expect(state?.unread).toBe(1);
    // A delivery whose webhook is the one already shown joins that row too.
    const late = timelineSummary(4, at(10), {
      kind: 'delivery',
      relatedId: 1,
      tokenVerdict: null,
      bodyVerdict: null,
    });
    await controller.receive([{ type: 'appended', summary: late }]);
    expect(state?.unread).toBe(1);
    const alone = timelineSummary(5, at(700), { kind: 'delivery', tokenVerdict: null, bodyVerdict: null });
    await controller.receive([{ type: 'appended', summary: alone }]);
    expect(state?.unread).toBe(2);
    await controller.resume();
    expect(state?.unread).toBe(0);
    expect(state?.list.items.map((item) => item.id)).toEqual([5, 4, 3, 2, 1]);
  });
});
