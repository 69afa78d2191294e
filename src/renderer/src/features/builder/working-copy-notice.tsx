import { Alert, Text } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useBuilderStore } from './builder-store';

/** What each state of an unsaved working copy says, and how loudly. */
const NOTICES: Record<'unsaved' | 'signed-out', { color: string; words: ReactNode }> = {
  unsaved: {
    color: 'orange',
    words: (
      <>
        <b>Your edits are not being saved.</b> This tab cannot reach the console. They are kept in this tab
        and saved as soon as the console answers again; closing or reloading the tab before then loses them.
      </>
    ),
  },
  'signed-out': {
    color: 'red',
    words: (
      <>
        <b>Your latest edits were not saved and cannot be from this tab.</b> The console was restarted. Copy
        the raw JSON (or Export JSON file, on the arrow beside Save) before you close this tab, then paste it
        into a tab opened with a new link.
      </>
    ),
  },
};

/**
 * Browser mode: edits the console cannot save are said, not lost in silence. Disconnected, they
 * are kept in this tab and saved when the console answers again; on a console that restarted
 * they never will be, and closing the tab asks first (working-copy.ts).
 */
export function WorkingCopyNotice() {
  const workingCopy = useBuilderStore((state) => state.workingCopy);
  if (workingCopy !== 'unsaved' && workingCopy !== 'signed-out') return null;
  const notice = NOTICES[workingCopy];
  return (
    <Alert
      color={notice.color}
      mb="sm"
      p="xs"
      icon={<IconDeviceFloppy size={18} />}
      data-testid="working-copy-unsaved"
      data-state={workingCopy}
    >
      <Text size="sm">{notice.words}</Text>
    </Alert>
  );
}
