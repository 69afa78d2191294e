import { z } from 'zod';
import { isServiceOwn, type Provenance } from '../provenance';

/**
 * What an order is known from, for an order that may have no state: the service's own doing
 * (`service`: at least one record is the service's, even if none says a state: a failed create
 * call, a notification whose token did not verify, the emulator's log of a notification it sent
 * to an endpoint other than this listener), only records imported from a file (`import`), or only
 * the console's own doings (`console`: replays, crafted tokens, forwards). Whose a record is, is
 * provenance.ts's to say: the emulator's delivery is the service's (the emulator plays it), as
 * `history` and every WHOSE column say, though it is not evidence of the order's state (a
 * listener's record of it would be). It never makes a state: an order known only from imports or
 * the console's sends has none (DESIGN.md, "Provenance"); it says why there is none, so such an
 * order is not listed as an `unknown` among the orders this console saw.
 */
export const KNOWN_FROM = ['service', 'import', 'console'] as const;
export const knownFromSchema = z.enum(KNOWN_FROM);
export type KnownFrom = z.infer<typeof knownFromSchema>;

/** From the records' provenance: any of the service's own doing (not imported) makes it `service`. */
export function knownFromOf<T extends { imported: boolean; provenance: Provenance }>(
  records: readonly T[],
): KnownFrom {
  if (records.some((record) => !record.imported && isServiceOwn(record.provenance))) return 'service';
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

/** The console's own records, every kind of them (an emulator's delivery is the service's). */
const CONSOLE_RECORDS = "the console's own records (replays, crafted tokens, forwards)";

/**
 * Why there is no state, after the word (`orders show`, the badge's title). An import may have
 * been the service's evidence where it came from, so it lacks evidence of this console's own; the
 * console's own records lack the service's. A delivery is not "received from the service": it is
 * the emulator's word that it sent a notification, not a notification this listener received.
 */
export const NO_STATE_WHY: Record<KnownFrom, string> = {
  service: 'no answer or verified notification received from the service names one',
  import: "no evidence of this console's own; only records imported from a file, which never move an order",
  console: `no evidence from the service; only ${CONSOLE_RECORDS}, which never move an order`,
};

/**
 * The profile an imported record names, in words: a name from the console that exported the
 * file (imports keep names, not ids), which this console may not have, or may have pointing
 * elsewhere under the same name.
 */
export function importedProfileWords(profileName: string | null): string {
  return profileName === null
    ? 'The file names no profile.'
    : `The file names the profile "${profileName}": a name from the console that exported it, not necessarily a profile of this one.`;
}

/**
 * What the Orders view's actions say of an order with no known state. Every operation is still
 * offered: nothing known says a call is wrong, and the service itself is the one to ask (an
 * imported order may well be one this console's profiles can reach). An order known only from
 * a file or the console's own sends says so, and where a call would go.
 */
export function noStateActionsNote(knownFrom: KnownFrom, profileName: string | null): string {
  const offered = 'every operation is offered';
  switch (knownFrom) {
    case 'service':
      return `The state is not known: ${offered}.`;
    case 'import':
      return `Known only from imported records, which never move an order: the state is not known here, and ${offered}. ${importedProfileWords(profileName)} The editor asks which profile to send with; Get order asks the service for the state, and its answer is this console's own evidence.`;
    case 'console':
      return `Known only from ${CONSOLE_RECORDS}, which never move an order: the state is not known here, and ${offered}.`;
  }
}
