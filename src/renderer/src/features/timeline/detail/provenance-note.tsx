import { Alert } from '@mantine/core';
import type { TimelineDetail } from '@shared/events';
import { PROVENANCE_WORDS } from '@shared/provenance';

/** The reason main wrote when it marked the record (a signed token, a forward, a replay's marker). */
function reasonOf(details: Record<string, unknown>): string | null {
  for (const key of ['craftedToken', 'forwardedCopy', 'replayLink']) {
    const part = details[key];
    if (typeof part === 'object' && part !== null && 'reason' in part && typeof part.reason === 'string')
      return part.reason;
  }
  return null;
}

/**
 * A record that is not the service's own says so first, and why: the list marks it, and the
 * detail used to show its verdicts (a valid token) with nothing saying it was the console's doing.
 */
export function ProvenanceNote({ detail }: { detail: TimelineDetail }) {
  if (detail.provenance === 'service') return null;
  return (
    <Alert
      color="grape"
      title={`Not the service's own: ${PROVENANCE_WORDS[detail.provenance]}`}
      data-testid="provenance-note"
    >
      {(reasonOf(detail.details) ?? 'The console made or copied it').replace(/\.$/, '')}. It never moves an
      order.
    </Alert>
  );
}
