import { Alert, Code, Text } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import type { ConnectionState } from '@bridge/ws-client';

/**
 * Browser mode only (the desktop window never disconnects). "Down" and "refused" are told
 * apart because they are recovered differently: a stopped console comes back by itself once
 * `serve` runs again, while a restarted one has forgotten this tab and only a new link helps,
 * so the tab says which command prints one, in the words of the spent-link page.
 */
export function ConnectionBanner({ connection }: { connection: ConnectionState }) {
  if (connection.status === 'closed')
    return (
      <Alert
        color="orange"
        icon={<IconPlugConnectedX />}
        title="Disconnected"
        mb="md"
        data-testid="connection-banner"
        data-connection="closed"
      >
        The console is not answering (was <Code>serve</Code> stopped?). Reconnecting… Until it is back,
        nothing you do here is sent, now or later.
      </Alert>
    );
  if (connection.status === 'refused')
    return (
      <Alert
        color="red"
        icon={<IconPlugConnectedX />}
        title="This tab is signed out"
        mb="md"
        role="alert"
        data-testid="connection-banner"
        data-connection="refused"
      >
        <Text size="sm">
          This console was restarted; this tab&apos;s sign-in ended. Nothing you do here is sent.
        </Text>
        <Text size="sm" mt="xs">
          For a new link, run this in a terminal on this machine:
        </Text>
        <Code block mt={4} data-testid="open-command">
          {connection.openCommand}
        </Code>
      </Alert>
    );
  return null;
}
