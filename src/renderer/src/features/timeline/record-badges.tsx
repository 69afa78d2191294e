import { Badge, Text } from '@mantine/core';
import type { EventKind, TimelineSummary } from '@shared/events';

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

export function statusColor(status: number): string {
  if (status >= 500) return 'red';
  if (status >= 400) return 'orange';
  if (status >= 300) return 'blue';
  return 'green';
}

/** The HTTP status, or why there is none: still waiting, or failed (network error). */
export function StatusText({ summary }: { summary: Pick<TimelineSummary, 'status' | 'error'> }) {
  if (summary.status !== null) {
    return (
      <Text span size="sm" fw={600} c={statusColor(summary.status)} data-testid="record-status">
        {summary.status}
      </Text>
    );
  }
  return (
    <Text span size="sm" c={summary.error === null ? 'dimmed' : 'red'} data-testid="record-status">
      {summary.error === null ? '…' : 'failed'}
    </Text>
  );
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** `14:03:07.412` in local time: rows arrive many per second, so milliseconds matter. */
export function clockTime(iso: string): string {
  const date = new Date(iso);
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
}
