import type { EventTokens } from '../contract/jwt';
import { provenanceNoteWords, type ProvenanceNoteWords } from '../provenance-note';
import { tokenRecordName } from './token-record-words';

export interface RecordProvenanceNote extends ProvenanceNoteWords {
  /** The record this one is the console's copy of (a replay's arrival names the replay), to open. */
  copyOf: { id: number; name: string } | null;
}

/**
 * Whose doing a record opened in the inspector is, when not the service's: the listener's record
 * of a replay or of a forwarded copy showed only a green "valid … as the listener judged it on
 * arrival", while a token this console signed stood marked "Crafted by this console". The words
 * are the Timeline's (provenance-note.ts). Two records already say it in their own words: an
 * imported one (its verdict is "the file's word") and one marked for the token this console signed
 * (the verdict on that token says "Crafted by this console", when and with what).
 */
export function recordProvenanceNote(
  record: Pick<EventTokens, 'kind' | 'provenance' | 'marked' | 'relatedId'>,
): RecordProvenanceNote | null {
  if (record.provenance === 'import' || record.marked?.mark === 'craftedToken') return null;
  const words = provenanceNoteWords(record, record.marked?.reason ?? null);
  if (words === null) return null;
  // The listener links a webhook only to the replay whose arrival it is (replay-link.ts).
  const copyOf =
    record.kind === 'webhook' && record.marked?.mark === 'replayLink' && record.relatedId !== null
      ? { id: record.relatedId, name: tokenRecordName({ kind: 'replay', id: record.relatedId }) }
      : null;
  return { ...words, copyOf };
}
