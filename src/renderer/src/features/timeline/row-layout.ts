/**
 * The list's two row layouts (timeline.module.css) and which one a list of a given width uses.
 *
 * Wide: one line a row, every column side by side. Compact (`.compact .row`): two lines a row,
 * what it is above (time, id, kind, name) and how it went below (order, status, verdicts). The
 * choice is made on the list's own width, not the window's nor whether a record is open: the
 * list is as wide as the window less the navigation, and less the detail pane when one is open,
 * and the wide row drawn in a list too narrow for it ran its headers into one another and cut
 * off Verdicts and Order where nothing could scroll to them.
 */
export type RowLayout = 'wide' | 'compact';

/**
 * The narrowest list (the scroller's inner width, px) the wide row fits: `.row`'s columns at
 * their least (the name's 160 px holds its header, "Event or operation"; the status's 92 px its
 * longest word, `unanswered`), 8 gaps of 6 px and 10 px of padding either side. Keep it equal
 * to the CSS, which holds every row to it (tests/unit/timeline-row-widths.test.ts). A 1280 px
 * window's list, 1046 px, still takes it.
 */
export const WIDE_ROW_MIN_WIDTH = 1030;

/**
 * The compact row's least width: `.compact .row`'s columns (the name at 178 px, so the verdicts
 * below kind and name have the wide row's 320 px), 6 gaps, the padding. A list narrower still
 * (a record open in a window under 1280 px) scrolls sideways, its header with it.
 */
export const COMPACT_ROW_MIN_WIDTH = 548;

/** Each layout's row height, which the virtualiser relies on. */
export const ROW_HEIGHT: Readonly<Record<RowLayout, number>> = { wide: 36, compact: 50 };

/** Before the list is measured (its first render, never painted) it is taken as compact. */
export function rowLayoutFor(listWidth: number | null): RowLayout {
  return listWidth !== null && listWidth >= WIDE_ROW_MIN_WIDTH ? 'wide' : 'compact';
}
