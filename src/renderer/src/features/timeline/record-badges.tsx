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

/**
 * A record's status in words, the same in every view: the HTTP status, or why there is none
 * (still waiting: `…`; a network error: `failed`), with its colour.
 */
export function statusWords(summary: Pick<TimelineSummary, 'status' | 'error'>): {
  text: string;
  color: string;
  answered: boolean;
} {
  if (summary.status !== null)
    return { text: String(summary.status), color: statusColor(summary.status), answered: true };
  return summary.error === null
    ? { text: '…', color: 'dimmed', answered: false }
    : { text: 'failed', color: 'red', answered: false };
}

/** The HTTP status, or why there is none: still waiting, or failed (network error). */
export function StatusText({ summary }: { summary: Pick<TimelineSummary, 'status' | 'error'> }) {
  const { text, color, answered } = statusWords(summary);
  return (
    <Text span size="sm" fw={answered ? 600 : undefined} c={color} data-testid="record-status">
      {text}
    </Text>
  );
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** `14:03:07.412` in local time: rows arrive many per second, so milliseconds matter. */
export function clockTime(iso: string): string {
  const date = new Date(iso);
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
}
