import { Alert, Group, Text } from '@mantine/core';
import { IconServerOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * The look of "a service this console runs for a local profile is not running" (the emulator,
 * the listener), said above the request before a send meets it: one look, so the two read as
 * the same kind of news. Its first action is the one that can work.
 */
export function StoppedServiceNotice({
  title,
  testId,
  children,
  actions,
}: {
  title: string;
  testId: string;
  children: ReactNode;
  actions: ReactNode;
}) {
  return (
    <Alert
      color="orange"
      mb="sm"
      p="xs"
      icon={<IconServerOff size={18} />}
      title={title}
      data-testid={testId}
    >
      <Text size="sm">{children}</Text>
      <Group gap="xs" mt={6}>
        {actions}
      </Group>
    </Alert>
  );
}
