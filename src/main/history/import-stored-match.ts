import type { ExportFormat, ExportedEvent } from '../../shared/history-file';
import type { EventRow } from '../store/events-repository';
import { exportedEvent, scrubSecrets } from './export-records';
import { eventFromHar, harEntry, harEntrySchema } from './har';
import { bodySize, checkedRecord, originalProvenanceOfFile } from './import-file';

/**
 * Whether a file's record whose uid is already stored says what the stored record says. The
 * import never writes over the stored one (it is the evidence); it only says how many of the
 * records it skipped disagree with what is stored, so an edited file is not passed over in silence.
 *
 * The stored record is written out as an export of the file's format writes it, with and without
 * the tokens webhooks arrived with (the file may be either), and read back by the import's own
 * checks: both sides are then the same kind of thing, compared whole. Not compared: the related
 * record's uid (links are the import's to restore, writeImported), and whose doing the record was
 * beyond what the file says of it (an import stores every record as an import, keeping the
 * file's word as its original provenance; a file of a build before that word says none). A size
 * the file leaves out is its body's own, as the import stores it (toNewEvent).
 */
export interface StoredRecordMatchDependencies {
  getRow: (id: number) => EventRow | undefined;
  uidOf: (id: number) => string | null;
  /** The profiles' secrets an export scrubs (those that can be opened here). */
  secrets: () => readonly string[];
}

/** `matchesStored(record, storedId)`: whether the file's record says what the stored one does. */
export function createStoredRecordMatch(
  deps: StoredRecordMatchDependencies,
  format: ExportFormat,
  maxBody: number,
): (record: ExportedEvent, storedId: number) => boolean {
  const secrets = deps.secrets();
  const readBack = (row: EventRow, includeTokens: boolean): ExportedEvent => {
    const event = exportedEvent(row, { includeTokens, secrets, uidOf: deps.uidOf });
    const text = scrubSecrets(JSON.stringify(format === 'har' ? harEntry(event) : event), secrets);
    const written: unknown = JSON.parse(text);
    const where = `stored record ${row.id}`;
    const asFileGives = format === 'har' ? eventFromHar(harEntrySchema.parse(written), row.uid) : written;
    return checkedRecord(asFileGives, where, maxBody);
  };
  return (record, storedId) => {
    const row = deps.getRow(storedId);
    // Gone meanwhile (a retention in another process): nothing stored to disagree with.
    if (row === undefined) return true;
    const withProvenance = originalProvenanceOfFile(record) !== null;
    const wanted = comparable(record, withProvenance);
    for (const includeTokens of [false, true]) {
      try {
        const stored = readBack(row, includeTokens);
        if (comparable(asStillWaiting(stored, record), withProvenance) === wanted) return true;
      } catch {
        // A stored record no export could give back as it is (damaged columns): it cannot be
        // shown to match, so it is said to differ.
      }
    }
    return false;
  };
}

/**
 * A request the file gives still waiting for its answer, stored closed as interrupted: the console
 * closes such records itself once nothing can still be waiting (interrupted-exchanges.ts). That
 * is the console's doing, not the file's saying otherwise, so it is compared as the file gives it.
 */
function asStillWaiting(stored: ExportedEvent, file: ExportedEvent): ExportedEvent {
  const waiting = file.status === null && file.error === null && file.duration_ms === null;
  const failure = stored.details['failure'];
  const interrupted =
    typeof failure === 'object' && failure !== null && 'kind' in failure && failure.kind === 'interrupted';
  if (!waiting || !interrupted || 'failure' in file.details) return stored;
  const { failure: _failure, ...details } = stored.details;
  return { ...stored, error: null, details };
}

/** What of a record is compared, as one text whose keys are sorted (details' order is no content). */
function comparable(record: ExportedEvent, withProvenance: boolean): string {
  const {
    related_uid: _related,
    provenance: _provenance,
    original_provenance: _original,
    ...content
  } = record;
  const ownSize = (size: number | null, text: string | null, base64: string | null) =>
    size ?? (text === null && base64 === null ? null : bodySize(text, base64));
  return sortedJson({
    ...content,
    request_size: ownSize(record.request_size, record.request_body, record.request_body_base64),
    response_size: ownSize(record.response_size, record.response_body, record.response_body_base64),
    ...(withProvenance ? { provenance: originalProvenanceOfFile(record) } : {}),
  });
}

function sortedJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    typeof inner === 'object' && inner !== null && !Array.isArray(inner)
      ? Object.fromEntries(
          Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : inner,
  );
}
