import { Alert } from '@mantine/core';
import { IconPlugConnectedX, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { NOTICE_SHAPES, type ConnectionNotice } from './connection-notice';

const ICONS = { unplugged: <IconPlugConnectedX />, reloaded: <IconRefresh /> } as const;

interface ConnectionAlertProps {
  notice: ConnectionNotice;
  children: ReactNode;
  /** Only the caught-up notice can be put away: the others last as long as what they tell. */
  onDismiss?: () => void;
  /** `data-signed-in` on the signed-out banner, which the specs read. */
  signedIn?: boolean;
}

/** The one frame every connection notice is drawn in (colour, icon, title and test ids). */
export function ConnectionAlert({ notice, children, onDismiss, signedIn }: ConnectionAlertProps) {
  const shape = NOTICE_SHAPES[notice];
  return (
    <Alert
      color={shape.color}
      icon={ICONS[shape.icon]}
      title={shape.title}
      mb="md"
      withCloseButton={onDismiss !== undefined}
      closeButtonLabel="Dismiss"
      onClose={onDismiss}
      data-testid={shape.testId}
      data-connection={notice}
      data-signed-in={signedIn}
    >
      {children}
    </Alert>
  );
}
