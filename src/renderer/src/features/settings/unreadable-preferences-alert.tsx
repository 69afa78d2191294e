import { Alert, List, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { UNREADABLE_PREFERENCES_OUTCOME } from '@shared/preferences';
import { usePreferencesStore } from '@ui/preferences-store';

const NOTHING: readonly string[] = [];

/**
 * Stored preferences main could not read (edited by hand, damaged): what, and that defaults
 * stand in until a preference is saved. Main keeps the stored value until then; a save in any
 * window writes them all again, readable, and this goes.
 */
export function UnreadablePreferencesAlert() {
  const unreadable = usePreferencesStore((state) => state.preferences?.unreadable ?? NOTHING);
  if (unreadable.length === 0) return null;
  return (
    <Alert
      color="yellow"
      icon={<IconAlertTriangle />}
      title="The stored preferences cannot be read"
      data-testid="unreadable-preferences"
    >
      <Text size="sm">
        Read from the &quot;preferences&quot; setting in the data directory&apos;s console.sqlite:
      </Text>
      <List size="sm" my={4}>
        {unreadable.map((problem) => (
          <List.Item key={problem}>{problem}</List.Item>
        ))}
      </List>
      <Text size="sm">{UNREADABLE_PREFERENCES_OUTCOME}</Text>
    </Alert>
  );
}
