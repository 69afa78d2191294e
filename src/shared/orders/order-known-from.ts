import { z } from 'zod';

/**
 * What an order is known from, for an order that may have no state: the service's own
 * traffic (`service`: at least one record is its own, even if none says a state, such as a
 * failed create call), only records imported from a file (`import`), or only the console's
 * other doings (`console`: replays, crafted tokens, forwards, the emulator's delivery log).
 * It never makes a state: an order known only from imports or the console's sends has none
 * (DESIGN.md, "Provenance"); it says why there is none, so such an order is not listed as an
 * `unknown` among the orders this console saw.
 */
export const KNOWN_FROM = ['service', 'import', 'console'] as const;
export const knownFromSchema = z.enum(KNOWN_FROM);
export type KnownFrom = z.infer<typeof knownFromSchema>;

/** From the records, and which of them are the service's own evidence (derive-lifecycle.ts). */
export function knownFromOf<T extends { imported: boolean }>(
  records: readonly T[],
  isEvidence: (record: T) => boolean,
): KnownFrom {
  if (records.some(isEvidence)) return 'service';
  return records.length > 0 && records.every((record) => record.imported) ? 'import' : 'console';
}

/**
 * The one wording of an order with no known state, by what it is known from: the Orders view's
 * badge, the `orders` table's STATE column and `orders show` all say these.
 */
export const NO_STATE_WORD: Record<KnownFrom, string> = {
  service: 'unknown',
  import: 'imported only',
  console: 'console only',
};

/** Why there is no state, after the word (`orders show`, the badge's title). */
export const NO_STATE_WHY: Record<KnownFrom, string> = {
  service: 'no service evidence says one',
  import: "no evidence of this console's own; only records imported from a file, which never move an order",
  console:
    "no evidence of this console's own; only the console's own sends (replays, crafted tokens, forwards), which never move an order",
};
