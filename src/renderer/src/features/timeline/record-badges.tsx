import { Badge, Text } from '@mantine/core';
import type { EventKind, TimelineSummary } from '@shared/events';
import { readableText, statusHue, type SignalHue } from '@ui/readable-colors';

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

/**
 * A record's status in words, the same in every view: the HTTP status, or why there is none
 * (still waiting: `…`; a network error: `failed`), with its colour as CSS (readable-colors.ts).
 */
export function statusWords(summary: Pick<TimelineSummary, 'status' | 'error'>): {
  text: string;
  color: string;
  answered: boolean;
} {
  const colored = (text: string, hue: SignalHue, answered: boolean) => ({
    text,
    color: readableText(hue),
    answered,
  });
  if (summary.status !== null) return colored(String(summary.status), statusHue(summary.status), true);
  return summary.error === null
    ? { text: '…', color: 'var(--mantine-color-dimmed)', answered: false }
    : colored('failed', 'red', false);
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
