import { Code, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { externalDestination } from '@shared/external-url';
import { frontDoorHint } from '@bridge';
import { desktopShell } from './desktop-shell-store';
import { errorMessage } from '@bridge/bridge-error';
import { confirmAction } from './confirm-dialog';

/**
 * Addresses that leave the console (a `checkout_url` the service answered, a link in a record)
 * open only after the one confirmation dialog has shown where they really go: the host first,
 * then the whole address. In the desktop app main opens it in the system browser; in browser
 * mode this page opens a new tab, without a referrer or a handle back to the console.
 */
export async function openExternalUrl(url: string): Promise<void> {
  const destination = externalDestination(url);
  if (destination === null) {
    notifications.show({ color: 'red', message: `Not opened: ${url} is not a web address.` });
    return;
  }
  const confirmed = await confirmAction({
    title: `Open ${destination.where}?`,
    children: (
      <Stack gap="xs">
        <Text size="sm">
          This address leaves the console for your browser. It goes to{' '}
          <Text span fw={700} ff="monospace" data-testid="external-host">
            {destination.where}
          </Text>
          {destination.plainHttp ? ' over plain HTTP (not encrypted)' : ''}. Open it only if you expect that
          host.
        </Text>
        <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} data-testid="external-url">
          {destination.href}
        </Code>
      </Stack>
    ),
    confirmLabel: 'Open in the browser',
    color: 'blue',
  });
  if (!confirmed) return;
  if (frontDoorHint === 'browser') {
    window.open(destination.href, '_blank', 'noopener,noreferrer');
    return;
  }
  try {
    await desktopShell.openExternal(destination.href);
  } catch (error) {
    notifications.show({ color: 'red', title: 'Could not open the browser', message: errorMessage(error) });
  }
}

/**
 * Desktop: a link clicked anywhere in the window that would leave the app comes back from main
 * as a request; it goes through the same confirmation. Mounted once, by the layout.
 */
export function useExternalLinkRequests(): void {
  useEffect(() => {
    if (frontDoorHint !== 'desktop') return;
    return desktopShell.onPush((event) => {
      if (event.name === 'app.openExternal') void openExternalUrl(event.payload.url);
    });
  }, []);
}
