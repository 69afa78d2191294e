import { Badge, Text } from '@mantine/core';
import type { EventKind, TimelineSummary } from '@shared/events';
import { recordStatus, recordStatusWord } from '@shared/record-status';
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
 * A record's status in words, the same in every view (record-status.ts): the HTTP status, or
 * why there is none (still waiting: `…`; a network error: `failed`; a delivery the emulator
 * never sent: `not sent`), with its colour as CSS (readable-colors.ts).
 */
export function statusWords(summary: StatusFields): {
  text: string;
  color: string;
  answered: boolean;
} {
  const colored = (text: string, hue: SignalHue, answered: boolean) => ({
    text,
    color: readableText(hue),
    answered,
  });
  const status = recordStatus(summary);
  const text = recordStatusWord(summary);
  switch (status.kind) {
    case 'answered':
      return colored(text, statusHue(status.status), true);
    case 'failed':
      return colored(text, 'red', false);
    case 'waiting':
    case 'not_sent':
      return { text, color: 'var(--mantine-color-dimmed)', answered: false };
  }
}

type StatusFields = Pick<TimelineSummary, 'status' | 'error'> & Partial<Pick<TimelineSummary, 'notSent'>>;

/** The HTTP status, or why there is none: still waiting, failed (network error), or not sent. */
export function StatusText({ summary }: { summary: StatusFields }) {
  const { text, color, answered } = statusWords(summary);
  return (
    <Text span size="sm" fw={answered ? 600 : undefined} c={color} data-testid="record-status">
      {text}
    </Text>
  );
}
