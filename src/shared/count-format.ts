// Made once, when the module loads: a formatter costs the locale's setup (about 10 ms for the
// first, measured in the timeline benchmark), and toLocaleString with options builds one per
// call; the Timeline toolbar formats its counts on every change of the list.
const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 20 });

/**
 * A count as every message of the console writes it: digits grouped in threes with commas
 * ("1,000,000 characters"), the same in every locale, so a message reads the same in the CLI,
 * the emulator's answers and the UI, and tests can match it.
 */
export function formatCount(count: number): string {
  // A whole number under 1,000 has no group to mark and is written as String writes it, for a
  // tenth of the formatter's cost: every valid webhook's reason counts its token's lifetime
  // (issue 20). -0, which the formatter writes "-0", is left to it.
  if (Number.isInteger(count) && count >= 0 && count < 1000 && !Object.is(count, -0)) return String(count);
  return grouped.format(count);
}
