/** What the top bar's profile row has to go on: every profile button's width, measured. */
export interface RowMeasures {
  /** Each profile's button, in the profiles' order. */
  widths: readonly number[];
  /** The "+N more" button that holds the rest. */
  moreWidth: number;
  /** The space between two buttons. */
  gap: number;
  /** The width the row may take. */
  available: number;
  /** The active profile's place in the order, or -1 when there is none. */
  activeIndex: number;
}

const rowWidth = (widths: readonly number[], gap: number) =>
  widths.reduce((sum, width) => sum + width, 0) + gap * Math.max(0, widths.length - 1);

/**
 * Which profiles the row shows, as indices in the profiles' order (so Ctrl/Cmd+1…9 still read
 * left to right); the rest go under "+N more". All of them when all fit; otherwise the active
 * one, always (the top bar is where you see which profile you are on), and the first others
 * that fit beside it and the "+N more" button. The active one is shown even when it alone
 * is wider than the room: the title beside it gives way first.
 */
export function profilesShown({ widths, moreWidth, gap, available, activeIndex }: RowMeasures): number[] {
  const all = widths.map((_, index) => index);
  if (rowWidth(widths, gap) <= available) return all;
  const room = available - moreWidth - gap;
  const active = widths[activeIndex];
  const shown = active === undefined ? [] : [activeIndex];
  let used = active ?? 0;
  for (const index of all) {
    if (index === activeIndex) continue;
    const needed = (shown.length > 0 ? gap : 0) + (widths[index] ?? 0);
    // The first that does not fit ends the row: the row stays the list's beginning, plus the
    // active one, rather than whichever later names happen to be short.
    if (used + needed > room) break;
    shown.push(index);
    used += needed;
  }
  return shown.sort((a, b) => a - b);
}

/**
 * The least the row needs, so the title and badges shrink before the row loses its active
 * profile: the active button with "+N more" when there are others, or every button when the
 * only one.
 */
export function rowMinimumWidth({
  widths,
  moreWidth,
  gap,
  activeIndex,
}: Omit<RowMeasures, 'available'>): number {
  if (widths.length <= 1) return rowWidth(widths, gap);
  const active = widths[activeIndex];
  return active === undefined ? moreWidth : active + gap + moreWidth;
}
