import { recordStatus, recordStatusWord } from '@shared/record-status';
import { registerPaletteSource } from '@ui/palette/palette-sources';
import { timelineRecords } from './timeline-records-store';
import { hashLink, timelineParams } from './timeline-url';
import { formatShortInstant } from '@ui/instant-format';

/**
 * Timeline records in the command palette (Ctrl/Cmd+K): main searches them with the same free
 * text as the filter (ids, paths, bodies; the last word as a prefix) and choosing one opens it.
 */
registerPaletteSource({
  id: 'timeline-events',
  heading: 'Timeline records',
  order: 50,
  filtersItself: true,
  minQueryLength: 2,
  async items(query) {
    const page = await timelineRecords.search(query, 8);
    return page.items.map((item) => ({
      id: `timeline-events:${item.id}`,
      label: `#${item.id} ${item.kind} ${item.method ?? ''} ${item.path ?? item.url ?? ''}`
        .replace(/\s+/g, ' ')
        .trim(),
      description: [
        formatShortInstant(item.at),
        // A wait has no word here; every other reading (a dropped delivery's `not sent` included) has.
        recordStatus(item).kind === 'waiting' ? null : recordStatusWord(item),
        item.eventType,
        item.tokenVerdict,
        item.orderId,
      ]
        .filter((part) => part !== null)
        .join(' · '),
      keywords: ['record', 'event', 'timeline'],
      run: () => {
        window.location.hash = hashLink('timeline', timelineParams({}, item.id));
      },
    }));
  },
});
