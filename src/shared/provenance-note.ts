import { z } from 'zod';
import { whoseTitle, type Provenance, type WhoseOf } from './provenance';

/**
 * The marks main writes in a record's details when it finds the record to be the console's doing,
 * each with its reason: a token this console signed (handle-webhook.ts), a console listener's
 * forward marker, a replay's marker (replay-link.ts). In the order they are looked for.
 */
export const PROVENANCE_MARKS = ['craftedToken', 'forwardedCopy', 'replayLink'] as const;
export type ProvenanceMarkKey = (typeof PROVENANCE_MARKS)[number];

export const provenanceMarkSchema = z.object({ mark: z.enum(PROVENANCE_MARKS), reason: z.string() });
export type ProvenanceMark = z.infer<typeof provenanceMarkSchema>;

const markedSchema = z.object({ reason: z.string() });

/** The mark main wrote on a record, with its reason, or null where it wrote none (a replay's own record). */
export function provenanceMarkOf(details: Record<string, unknown>): ProvenanceMark | null {
  for (const mark of PROVENANCE_MARKS) {
    const part = markedSchema.safeParse(details[mark]);
    if (part.success) return { mark, reason: part.data.reason };
  }
  return null;
}

export interface ProvenanceNoteWords {
  /** `Not the service's own: replay (the console sent it again)` */
  title: string;
  /** The mark's reason, then that it never moves an order. */
  body: string;
}

/**
 * What a record that is not the service's own says of itself first, wherever it is opened (the
 * Timeline's detail, the JWT inspector): its detail showed a valid token with nothing saying the
 * record was the console's doing. Null for the service's own.
 */
export function provenanceNoteWords(
  record: Pick<WhoseOf, 'provenance' | 'originalProvenance'>,
  reason: string | null,
): ProvenanceNoteWords | null {
  if (record.provenance === 'service') return null;
  return {
    // An import says what it was where it came from (whoseTitle), as its row's mark does.
    title: `Not the service's own: ${whoseTitle({ ...record, kind: 'record', tokenVerdict: null })}`,
    body: `${whyNotTheServices(record.provenance, reason).replace(/\.$/, '')}. It never moves an order.`,
  };
}

/**
 * An import's banner said "The console made or copied it" of another console's webhook of the
 * service: this console made nothing, it read a file. A mark's reason in the file ("The arrival
 * of replay #20") was that console's, of its own records and ids, so an import never says it.
 */
const IMPORTED_WHY = 'Read from a file: the console that exported it recorded it, not this one';

function whyNotTheServices(provenance: Provenance, reason: string | null): string {
  if (provenance === 'import') return IMPORTED_WHY;
  return reason ?? 'The console made or copied it';
}
