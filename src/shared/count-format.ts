/**
 * A count as every message of the console writes it: digits grouped in threes with commas
 * ("1,000,000 characters"), the same in every locale, so a message reads the same in the CLI,
 * the emulator's answers and the UI, and tests can match it.
 */
export function formatCount(count: number): string {
  return count.toLocaleString('en-US', { maximumFractionDigits: 20 });
}
