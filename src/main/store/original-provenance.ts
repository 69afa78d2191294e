import {
  ORIGINAL_PROVENANCE_KEY,
  originalProvenanceOf,
  type OriginalProvenance,
} from '../../shared/provenance';
import { detailsKeySql, readStoredDetails, UNREADABLE } from './stored-columns';

// An imported record's provenance where it came from, as the store reads it: kept in its details
// under ORIGINAL_PROVENANCE_KEY (import-file.ts writes it from the file's `provenance`), read the
// same way by a list's SELECT and from a whole row. Only an import has one: a key of that name in
// any other record's details is no claim of anything.

/** The SELECT's reading, as `original_provenance` (summaryColumns); null for any other record. */
export const originalProvenanceSql = (prefix: string): string =>
  `CASE WHEN ${prefix}provenance = 'import' THEN ${detailsKeySql(prefix, `$.${ORIGINAL_PROVENANCE_KEY}`)} END`;

/** The same read from a whole row's provenance and stored details (damaged details: none). */
export function storedOriginalProvenance(provenance: unknown, details: unknown): OriginalProvenance | null {
  if (provenance !== 'import' || typeof details !== 'string') return null;
  const read = readStoredDetails(details);
  return read === UNREADABLE ? null : originalProvenanceOf(read[ORIGINAL_PROVENANCE_KEY]);
}
