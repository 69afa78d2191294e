import { Alert, type AlertProps } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * "Not here, and where instead": guidance, not a failure. Drawn grey with an info icon, as a
 * note (role="note"), never red: a red alert said something had gone wrong where nothing had.
 */
export function InfoNotice({
  title,
  children,
  ...rest
}: { title?: ReactNode; children: ReactNode; 'data-testid'?: string } & Pick<AlertProps, 'p'>) {
  return (
    <Alert
      color="gray"
      variant="light"
      icon={<IconInfoCircle size={18} />}
      title={title}
      p="xs"
      role="note"
      {...rest}
    >
      {children}
    </Alert>
  );
}
