import { Alert, Button, Group, Text } from '@mantine/core';
import { IconFileAlert } from '@tabler/icons-react';
import { memo, useDeferredValue, useMemo } from 'react';
import { DRAFT_TEXT_MAX } from '@shared/drafts';
import { selectActiveProfile, useProfilesStore } from '@features/profiles';
import { useBuilderStore } from './builder-store';
import {
  documentSize,
  isLargeDocument,
  LARGE_DOCUMENT_LABEL,
  mayExceedEmulatorLimit,
  overEmulatorLimitWords,
} from './large-document';
import { declineOfferedWorkingCopy, openOfferedWorkingCopy, useWorkingCopyOffer } from './working-copy';

/** The findings list shows this many; the counts, the title and the marks cover every one. */
export const LISTED_FINDINGS = 500;

/**
 * What the builder says about the size of what it holds: a large working copy left from last
 * time waits to be opened, a large document says what works differently (docs/builder.md,
 * "Large documents"), and a body over the emulator's request limit is said before a send to a
 * local profile meets its 413.
 */
export const DocumentNotices = memo(function DocumentNotices() {
  const offered = useWorkingCopyOffer((state) => state.offered);
  const text = useBuilderStore((state) => state.text);
  const profile = useProfilesStore((state) => selectActiveProfile(state));
  // Counting the bytes of megabytes takes a few milliseconds: done after the keystroke is drawn.
  const counted = useDeferredValue(text);
  const large = isLargeDocument(counted.length);
  const size = useMemo(() => (large ? documentSize(counted) : null), [counted, large]);
  const overLimit = useMemo(
    () =>
      profile?.environment === 'local' && mayExceedEmulatorLimit(counted.length)
        ? overEmulatorLimitWords(counted, profile.name)
        : null,
    [counted, profile],
  );
  if (offered !== null)
    return (
      <Alert
        color="blue"
        mb="sm"
        icon={<IconFileAlert size={18} />}
        title={`Your working copy from last time is ${documentSize(offered.text)}`}
        data-testid="working-copy-offer"
      >
        <Text size="sm">
          Documents over {LARGE_DOCUMENT_LABEL} take a moment to open, so the builder did not open it by
          itself
          {offered.saved === null ? '' : ` (it belongs to the draft "${offered.saved.name}")`}.
        </Text>
        <Group gap="xs" mt="xs">
          <Button size="xs" onClick={openOfferedWorkingCopy}>
            Open it
          </Button>
          <Button size="xs" variant="default" onClick={declineOfferedWorkingCopy}>
            Start with an empty document
          </Button>
        </Group>
      </Alert>
    );
  return (
    <>
      {overLimit !== null && (
        <Alert
          color="orange"
          mb="sm"
          p="xs"
          icon={<IconFileAlert size={18} />}
          title="Over the emulator's request limit"
          data-testid="emulator-body-limit-notice"
        >
          <Text size="sm">{overLimit}</Text>
        </Alert>
      )}
      {size !== null && (
        <Alert
          color="yellow"
          mb="sm"
          p="xs"
          icon={<IconFileAlert size={18} />}
          data-testid="large-document-notice"
        >
          <Text size="sm">
            <b>Large document: {size}.</b> The raw JSON is plain text above {LARGE_DOCUMENT_LABEL}: syntax
            highlighting and folding are off, so it opens and takes typing without a wait. Findings are worked
            out in the background and follow a moment after you stop typing, and items are drawn as you
            scroll.{' '}
            {counted.length > DRAFT_TEXT_MAX
              ? 'Over 4 MiB it is not kept for a restart and cannot be saved as a draft: use Export JSON file, on the arrow beside Save, to keep it.'
              : 'The working copy is saved every 2 seconds.'}
          </Text>
        </Alert>
      )}
    </>
  );
});
