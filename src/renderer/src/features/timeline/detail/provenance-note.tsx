import { Alert } from '@mantine/core';
import type { TimelineDetail } from '@shared/events';
import { provenanceMarkOf, provenanceNoteWords } from '@shared/provenance-note';

/**
 * A record that is not the service's own says so first, and why: the list marks it, and the
 * detail used to show its verdicts (a valid token) with nothing saying it was the console's doing.
 */
export function ProvenanceNote({ detail }: { detail: TimelineDetail }) {
  const words = provenanceNoteWords(detail, provenanceMarkOf(detail.details)?.reason ?? null);
  if (words === null) return null;
  return (
    <Alert color="grape" title={words.title} data-testid="provenance-note">
      {words.body}
    </Alert>
  );
}
