import { Alert, Anchor, Text } from '@mantine/core';
import type { EventTokens } from '@shared/contract/jwt';
import { recordProvenanceNote } from '@shared/jwt/record-provenance-note';

/**
 * Whose doing the opened record is, when it is the console's (a replay's arrival, a forwarded
 * copy): marked as the Timeline's detail marks it, beside the verdict the listener gave it on
 * arrival, which reads "valid" for a replay of a valid token.
 */
export function RecordProvenance({ tokens }: { tokens: EventTokens }) {
  const note = recordProvenanceNote(tokens);
  if (note === null) return null;
  return (
    <Alert color="grape" p="xs" title={note.title} data-testid="record-provenance-note">
      <Text size="sm" inherit>
        {note.body}
      </Text>
      {note.copyOf !== null && (
        <Anchor href={`#/timeline?id=${note.copyOf.id}`} size="xs">
          Open {note.copyOf.name} on the timeline
        </Anchor>
      )}
    </Alert>
  );
}
