import { z } from 'zod';

/**
 * Whose doing a record is (DESIGN.md, "Provenance"). Only the service's own traffic is
 * evidence about an order; everything the console itself made sits beside it, marked, and
 * never moves an order.
 *
 * - `service`: the service's own traffic: a notification the listener received from the
 *   service (or the emulator, which plays it), the answer to a request, the emulator's delivery.
 *   A delivery is the service's doing but the sender's log of a send, not a notification this
 *   console received: every view calls it `service` (whoseWord), and it moves no order
 *   (derive-lifecycle.ts, isEvidence);
 * - `replay`: the console sent a stored notification again, exactly as stored (its bytes and
 *   its original token), and the listener's record of such a send;
 * - `crafted`: the console sent bytes the service never sent: a replay with an edited body, a
 *   re-signed, preset or removed token; and the listener's record of such a send;
 * - `forward`: the listener's copy of a notification to another endpoint;
 * - `import`: a record read from a file (whatever it was where it came from).
 */
export const PROVENANCES = ['service', 'replay', 'crafted', 'forward', 'import'] as const;
export const provenanceSchema = z.enum(PROVENANCES);
export type Provenance = z.infer<typeof provenanceSchema>;

export function isServiceOwn(provenance: Provenance): boolean {
  return provenance === 'service';
}

/** How a record's provenance reads in a list: "the service's own", "the console's: replay". */
export const PROVENANCE_WORDS: Record<Provenance, string> = {
  service: "the service's own",
  replay: 'replay (the console sent it again)',
  crafted: 'crafted (bytes or token the console made)',
  forward: "forward (the listener's copy to another endpoint)",
  import: 'imported from a file',
};

/**
 * What an imported record was where it came from, as its file says (an export's `provenance`):
 * never `import` (that is what it is here). It is the file's word, so it changes nothing: the
 * record stays an import, never evidence, and moves no order. A file that claims `service` is
 * worded as any import (no file can prove it); the console's own doings are named, so a crafted
 * webhook or a replay's arrival no longer reads like the service's record once imported.
 */
export const originalProvenanceSchema = provenanceSchema.exclude(['import']);
export type OriginalProvenance = z.infer<typeof originalProvenanceSchema>;

/** Where an imported record keeps its original provenance in its stored details (import-file.ts). */
export const ORIGINAL_PROVENANCE_KEY = 'originalProvenance';

/** An original provenance read from anything (stored details, a summary column); null: none known. */
export function originalProvenanceOf(value: unknown): OriginalProvenance | null {
  const parsed = originalProvenanceSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** How an import says what it originally was, beside "import" (the service's claim says nothing). */
const ORIGINALLY_WORDS: Record<Exclude<OriginalProvenance, 'service'>, string> = {
  replay: 'originally a replay',
  crafted: 'originally crafted',
  forward: 'originally a forward',
};

/** What an imported record was, in words ("originally a replay"); null for any other record. */
export function importOriginWords(record: Pick<WhoseOf, 'provenance' | 'originalProvenance'>): string | null {
  const original = record.provenance === 'import' ? (record.originalProvenance ?? null) : null;
  return original === null || original === 'service' ? null : ORIGINALLY_WORDS[original];
}

/**
 * Whose doing a record is, as a person reads it. The stored provenance says only that the console
 * did not make a record; anyone can post to the listener, so a webhook is the service's own only
 * when its token verified. One whose token is missing, forged, expired (or not judged) is
 * `unverified`: not the console's, not the service's evidence, and it moves no order. The stored
 * value (`--json`'s `provenance`) is left as it is; only the words say this.
 */
export type Whose = Provenance | 'unverified';

/** What the words are derived from: any record summary, list entry or `--json` row. */
export interface WhoseOf {
  provenance: Provenance;
  kind: string;
  tokenVerdict: string | null;
  /** An import's provenance where it came from (originalProvenanceSchema); absent or null: unknown. */
  originalProvenance?: OriginalProvenance | null;
}

export function whoseOf({ provenance, kind, tokenVerdict }: WhoseOf): Whose {
  return provenance === 'service' && kind === 'webhook' && tokenVerdict !== 'valid'
    ? 'unverified'
    : provenance;
}

/** In one word for a table (`history`, `orders show`, `listen`): `service`, `unverified`, `console: replay`… */
export function whoseWord(record: WhoseOf): string {
  const whose = whoseOf(record);
  if (whose === 'service' || whose === 'unverified') return whose;
  const origin = importOriginWords(record);
  return origin === null ? `console: ${whose}` : `console: ${whose} · ${origin}`;
}

/**
 * Whose doing a record is, as a mark beside its kind, or null when the kind says it all: the
 * service's own, or a record whose kind is its provenance (a replay sent exactly, a forward). The
 * one decision the History row, the Timeline row and `history` take: History showed an exact
 * replay as two "replay" badges, `history` as "replay  console: replay". A replay of crafted
 * bytes stays a replay, marked crafted; the listener's record of a replay is a webhook, marked.
 */
export function recordMark(record: WhoseOf): Exclude<Whose, 'service'> | null {
  const whose = whoseOf(record);
  return whose === 'service' || whose === record.kind ? null : whose;
}

/** The explanation beside the word (a title, a tooltip): PROVENANCE_WORDS, or why it is unverified. */
export function whoseTitle(record: WhoseOf): string {
  if (whoseOf(record) !== 'unverified') {
    const origin = importOriginWords(record);
    const original = record.originalProvenance ?? null;
    return origin === null || original === null
      ? PROVENANCE_WORDS[record.provenance]
      : `${PROVENANCE_WORDS[record.provenance]} · ${origin}: ${PROVENANCE_WORDS[original]}`;
  }
  const token =
    record.tokenVerdict === null
      ? 'its token was not judged'
      : `its token did not verify (${record.tokenVerdict})`;
  return `unverified: not the console's doing, but ${token}, so it is not the service's evidence and moves no order`;
}

/** The provenance a producer gets when it names none: by what the record is. */
export function defaultProvenance(kind: string, imported: boolean): Provenance {
  if (imported) return 'import';
  if (kind === 'forward') return 'forward';
  if (kind === 'replay') return 'replay';
  return 'service';
}

/**
 * The header every replay carries, whatever its target: the uid of the replay's own record,
 * written (and committed) before the request leaves. A listener that finds the uid in its
 * database links its record to that replay; one that does not still knows the request is a
 * replay. Either way the record is the console's doing: a marker can only ever keep a record
 * from moving an order, never make one count.
 */
export const REPLAY_MARKER_HEADER = 'X-Checkout-Console-Replay';

/** A replay with anything changed from what was stored is crafted; an exact one is a replay. */
export function replayProvenance(tokenMode: string, bodyEdited: boolean): Provenance {
  return bodyEdited || tokenMode !== 'original' ? 'crafted' : 'replay';
}
