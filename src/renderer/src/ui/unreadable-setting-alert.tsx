import { Alert, List, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { StoredSetting } from '@shared/stored-settings';

/**
 * A stored setting main could not read (edited by hand, damaged): each field with its stored
 * value and the default in use, and what happens next, in the words the terminal and the log say
 * (the setting's `outcome`). One look for every such setting: the preferences in Settings, the
 * listener settings in the Listener view, the retention policy in History. Nothing when all of it
 * could be read.
 */
export function UnreadableSettingAlert({
  setting,
  unreadable,
  testId,
}: {
  setting: StoredSetting;
  unreadable: readonly string[];
  testId: string;
}) {
  if (unreadable.length === 0) return null;
  return (
    <Alert
      color="yellow"
      icon={<IconAlertTriangle />}
      title={`The stored ${setting.name} cannot be read`}
      data-testid={testId}
    >
      <Text size="sm">
        Read from the &quot;{setting.key}&quot; setting in the data directory&apos;s console.sqlite:
      </Text>
      <List size="sm" my={4}>
        {unreadable.map((problem) => (
          <List.Item key={problem}>{problem}</List.Item>
        ))}
      </List>
      <Text size="sm">{setting.outcome}</Text>
    </Alert>
  );
}
