import { Button, Code, Group, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { ConnectionState } from '@bridge/ws-client';
import { dismissFellBehind, recheckConnection, useAppStore } from '@ui/app-store';
import { ConnectionAlert } from './connection-alert';
import { connectionNotice } from './connection-notice';

type Refused = Extract<ConnectionState, { status: 'refused' }>;

/**
 * Browser mode only (the desktop window never disconnects). Which notice shows is decided in
 * connection-notice.ts; a restarted console has forgotten this tab and only a new link helps,
 * so the signed-out banner says which command prints one, in the words of the spent-link page.
 */
export function ConnectionBanner({ connection }: { connection: ConnectionState }) {
  const fellBehind = useAppStore((state) => state.fellBehind);
  switch (connectionNotice(connection, fellBehind)) {
    case 'fell-behind':
      return (
        <ConnectionAlert notice="fell-behind">
          This tab fell behind the console&apos;s updates, so the console closed its connection. Reconnecting…
        </ConnectionAlert>
      );
    case 'closed':
      return (
        <ConnectionAlert notice="closed">
          The console is not answering (was <Code>serve</Code> stopped?). Reconnecting… Until it is back,
          nothing you do here is sent, now or later.
        </ConnectionAlert>
      );
    case 'refused':
      return connection.status === 'refused' ? <RefusedBanner connection={connection} /> : null;
    case 'caught-up':
      return <CaughtUpNotice />;
    case null:
      return null;
  }
}

/**
 * Said once the tab is back after falling behind: the reconnection is over in a moment, so the
 * banner above may never be seen, and the timeline must not look whole without saying it was
 * reloaded (docs/browser-mode.md).
 */
function CaughtUpNotice() {
  return (
    <ConnectionAlert notice="caught-up" onDismiss={dismissFellBehind}>
      The page stopped reading the console&apos;s updates for a while (a busy or frozen tab), so the console
      closed its connection rather than hold them. The tab reconnected and reloaded what it shows: nothing
      recorded meanwhile is missing. An action on its way at that moment may have been sent: check the
      timeline.
    </ConnectionAlert>
  );
}

/**
 * A signed-out tab stopped trying, so it used to stay signed out after the new link was opened
 * in another tab. It asks again when it is looked at again (focus, visibility) and on "Check
 * again"; signed in to the console running now, it offers the reload that opens it (this tab
 * never resumes on a console it was not opened on).
 */
function RefusedBanner({ connection }: { connection: Refused }) {
  const [checking, setChecking] = useState(false);
  const [checked, setChecked] = useState(false);
  useEffect(() => {
    const lookAgain = () => {
      if (document.visibilityState === 'visible') void recheckConnection();
    };
    window.addEventListener('focus', lookAgain);
    document.addEventListener('visibilitychange', lookAgain);
    return () => {
      window.removeEventListener('focus', lookAgain);
      document.removeEventListener('visibilitychange', lookAgain);
    };
  }, []);
  const checkAgain = () => {
    setChecking(true);
    void recheckConnection().finally(() => {
      setChecking(false);
      setChecked(true);
    });
  };
  return (
    <ConnectionAlert notice="refused" signedIn={connection.signedIn}>
      <Text size="sm">
        This console was restarted; this tab&apos;s sign-in ended. Nothing you do here is sent.
      </Text>
      {connection.signedIn ? (
        <>
          <Text size="sm" mt="xs">
            This browser is signed in to the console running now (a new link was opened). Reload this tab to
            open it; what this tab could not save is lost.
          </Text>
          <Button
            size="xs"
            mt="xs"
            leftSection={<IconRefresh size={14} />}
            onClick={() => window.location.reload()}
          >
            Reload this tab
          </Button>
        </>
      ) : (
        <>
          <Text size="sm" mt="xs">
            For a new link, run this in a terminal on this machine:
          </Text>
          <Code block mt={4} data-testid="open-command">
            {connection.openCommand}
          </Code>
          <Group gap="sm" mt="xs">
            <Button size="xs" variant="light" loading={checking} onClick={checkAgain}>
              Check again
            </Button>
            <Text size="sm" data-testid="recheck-words">
              {checked && !checking
                ? 'Still signed out: open the new link first.'
                : 'Opened the new link in another tab? This tab checks again when you come back to it.'}
            </Text>
          </Group>
        </>
      )}
    </ConnectionAlert>
  );
}
