import { Badge, Text } from '@mantine/core';
import type { EventKind } from '@shared/events';
import { statusWords, type StatusFields } from './record-status-words';

export const KIND_COLOR: Record<EventKind, string> = {
  webhook: 'blue',
  request: 'violet',
  delivery: 'grape',
  forward: 'teal',
  replay: 'orange',
};

/** What produced the record: a webhook received, a request sent, a delivery, a forward, a replay. */
export function KindBadge({ kind }: { kind: EventKind }) {
  return (
    <Badge color={KIND_COLOR[kind]} variant="light" size="sm" tt="none" data-testid="record-kind">
      {kind}
    </Badge>
  );
}

/** The HTTP status, or why there is none: still waiting, failed (network error), unanswered, or not sent. */
export function StatusText({ summary }: { summary: StatusFields }) {
  const { text, color, answered } = statusWords(summary);
  return (
    <Text span size="sm" fw={answered ? 600 : undefined} c={color} data-testid="record-status">
      {text}
    </Text>
  );
}
