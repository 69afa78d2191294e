import { Alert, List, ScrollArea, Text, type MantineColor, type MantineSpacing } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

/**
 * Records whose stored row could not be read (a hand edit, a bad copy), each in the sentence main
 * wrote for it (src/shared/damaged-record-words.ts), which names the record: a list that keeps or
 * sets one apart says so rather than leaving it out unsaid (docs/data-safety.md). One look for a
 * profile's damaged columns, the records an export kept and the emulator's damaged orders; nothing
 * when there are none.
 */
export function DamagedRecordsAlert({
  sentences,
  testId,
  title,
  lead,
  color = 'orange',
  mb,
  onClose,
}: {
  sentences: readonly string[];
  testId: string;
  title?: string;
  /** What the list is (an export's summary, what can and cannot be done with the records). */
  lead?: string;
  color?: MantineColor;
  mb?: MantineSpacing;
  /** Offered where the alert reports a moment (an export) rather than what is stored now. */
  onClose?: () => void;
}) {
  if (sentences.length === 0) return null;
  return (
    <Alert
      color={color}
      mb={mb}
      icon={<IconAlertTriangle size={18} />}
      title={title}
      data-testid={testId}
      {...(onClose === undefined ? {} : { withCloseButton: true, closeButtonLabel: 'Dismiss', onClose })}
    >
      {lead !== undefined && <Text size="sm">{lead}</Text>}
      {/* Many at once (a bad copy damages every row) stay a box, not a page. */}
      <ScrollArea.Autosize mah={160}>
        <List size="sm" spacing={2}>
          {sentences.map((words) => (
            <List.Item key={words}>{words}</List.Item>
          ))}
        </List>
      </ScrollArea.Autosize>
    </Alert>
  );
}
