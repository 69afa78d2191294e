import { Code, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { externalDestination } from '@shared/external-url';
import { frontDoorHint } from '@bridge';
import { desktopShell } from './desktop-shell-store';
import { errorMessage } from '@bridge/bridge-error';
import { isLoopbackHost } from '@shared/loopback-host';
import { confirmAction } from './confirm-dialog';

/**
 * Whether an address is this machine's own (the emulator's checkout page during the quick
 * start, a local merchant): plain HTTP to it never crosses the network, so the warning meant
 * for other hosts would only teach people to click past it.
 */
function isLoopbackAddress(href: string): boolean {
  try {
    return isLoopbackHost(new URL(href).hostname);
  } catch {
    return false;
  }
}

/** Where the address goes, in words: a calm line for this machine, a warning for other hosts. */
function DestinationWords({
  where,
  plainHttp,
  loopback,
}: {
  where: string;
  plainHttp: boolean;
  loopback: boolean;
}) {
  const host = (
    <Text span fw={700} ff="monospace" data-testid="external-host">
      {where}
    </Text>
  );
  if (loopback)
    return (
      <Text size="sm" data-testid="external-loopback">
        This address opens in your browser. It goes to {host}, on this machine: a page served here, such as
        the emulator&apos;s checkout page, not a host on the network.
      </Text>
    );
  return (
    <Text size="sm">
      This address leaves the console for your browser. It goes to {host}
      {plainHttp ? ' over plain HTTP (not encrypted)' : ''}. Open it only if you expect that host.
    </Text>
  );
}

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
        <DestinationWords
          where={destination.where}
          plainHttp={destination.plainHttp}
          loopback={isLoopbackAddress(destination.href)}
        />
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
