import { Alert, Button, Group, Text } from '@mantine/core';
import { IconFileAlert } from '@tabler/icons-react';
import { memo, useDeferredValue, useMemo } from 'react';
import { formatExactCharacters } from '@shared/byte-size';
import { DRAFT_TEXT_MAX } from '@shared/drafts';
import { formatShortInstant } from '@ui/instant-format';
import { selectActiveProfile, useProfilesStore } from '@features/profiles';
import { useBuilderStore } from './builder-store';
import {
  documentSize,
  isLargeDocument,
  LARGE_DOCUMENT_LABEL,
  mayExceedEmulatorLimit,
  notKeptNoticeWords,
  overEmulatorLimitWords,
} from './large-document';
import { dismissNotKeptCopy, useNotKeptCopy, type NotKeptCopy } from './not-kept-copy';
import {
  declineOfferedWorkingCopy,
  openOfferedWorkingCopy,
  useWorkingCopyOffer,
  type OfferState,
} from './working-copy-offer';

// The limit counts characters (a draft's, a working copy's), as Save's refusal says it: "4 MiB"
// beside a size in bytes read as a byte limit.
const DRAFT_LIMIT_WORDS = formatExactCharacters(DRAFT_TEXT_MAX);

/** The findings list shows this many; the counts, the title and the marks cover every one. */
export const LISTED_FINDINGS = 500;

/**
 * What the builder says about the size of what it holds: a large working copy left from last
 * time waits to be opened, an older copy opened because the newer was over 4 MiB says so, a
 * large document says what works differently (docs/builder.md, "Large documents"), and a body
 * over the emulator's request limit is said before a send to a local profile meets its 413.
 */
export const DocumentNotices = memo(function DocumentNotices() {
  const offered = useWorkingCopyOffer((state) => state.offered);
  const placeholder = useWorkingCopyOffer((state) => state.placeholder);
  const notKept = useNotKeptCopy((state) => state.notKept);
  const text = useBuilderStore((state) => state.text);
  // The Local emulator's Largest request body, as the builder follows it (follow-emulator-settings.ts).
  const limitBytes = useBuilderStore((state) => state.requestLimitBytes);
  const profile = useProfilesStore((state) => selectActiveProfile(state));
  // Counting the bytes of megabytes takes a few milliseconds: done after the keystroke is drawn.
  const counted = useDeferredValue(text);
  const large = isLargeDocument(counted.length);
  const size = useMemo(() => (large ? documentSize(counted) : null), [counted, large]);
  const overLimit = useMemo(
    () =>
      profile?.environment === 'local' && mayExceedEmulatorLimit(counted.length, limitBytes)
        ? overEmulatorLimitWords(counted, profile.name, limitBytes)
        : null,
    [counted, profile, limitBytes],
  );
  const awaiting = offered !== null && placeholder;
  const older = notKept === null ? null : <NotKeptNotice notKept={notKept} awaitingChoice={awaiting} />;
  const offer = offered === null ? null : <WorkingCopyOffer offered={offered} />;
  // Over the placeholder, nothing else is said: the document on screen is not the person's yet.
  if (awaiting)
    return (
      <>
        {older}
        {offer}
      </>
    );
  return (
    <>
      {older}
      {offer}
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
              ? `Over ${DRAFT_LIMIT_WORDS} it is not kept: closing or reloading the tab (the browser asks first) or a restart opens the copy kept before it grew this large, and it cannot be saved as a draft. Use Export JSON file, on the arrow beside Save, to keep it.`
              : 'The working copy is saved every 2 seconds.'}
          </Text>
        </Alert>
      )}
    </>
  );
});

/**
 * A working copy waiting to be opened. Over the placeholder, opening it or starting empty are the
 * choices; over a document written since, that document is saved as the working copy and opening
 * this one offers it back in its place, so either is dropped only by Discard it.
 */
function WorkingCopyOffer({ offered }: { offered: NonNullable<OfferState['offered']> }) {
  const kind = useWorkingCopyOffer((state) => state.kind);
  const placeholder = useWorkingCopyOffer((state) => state.placeholder);
  const size = documentSize(offered.text);
  const draft = offered.saved === null ? '' : ` (it belongs to the draft "${offered.saved.name}")`;
  const fromLastTime = kind === 'from-last-time';
  return (
    <Alert
      color="blue"
      mb="sm"
      icon={<IconFileAlert size={18} />}
      title={
        fromLastTime
          ? `Your working copy from last time is ${size}`
          : `The document you had here instead is ${size}`
      }
      data-testid="working-copy-offer"
      data-kind={kind}
    >
      <Text size="sm">
        {fromLastTime
          ? `Documents over ${LARGE_DOCUMENT_LABEL} take a moment to open, so the builder did not open it by itself${draft}.`
          : `You opened your working copy from last time in its place; it is kept here${draft}.`}
        {placeholder
          ? ''
          : ' The document below is saved as your working copy. Opening this one puts it here instead, kept to open again.'}
      </Text>
      <Group gap="xs" mt="xs">
        <Button size="xs" onClick={openOfferedWorkingCopy}>
          Open it
        </Button>
        <Button size="xs" variant="default" onClick={declineOfferedWorkingCopy}>
          {placeholder ? 'Start with an empty document' : 'Discard it'}
        </Button>
      </Group>
    </Alert>
  );
}

/**
 * A newer document over 4 MiB was not kept when the tab closed or reloaded: the copy on screen is
 * the older one kept before it, or, while that copy waits to be opened, the placeholder.
 */
function NotKeptNotice({ notKept, awaitingChoice }: { notKept: NotKeptCopy; awaitingChoice: boolean }) {
  const words = notKeptNoticeWords(notKept, formatShortInstant(notKept.at), awaitingChoice);
  return (
    <Alert
      color="orange"
      mb="sm"
      p="xs"
      icon={<IconFileAlert size={18} />}
      title={words.title}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={dismissNotKeptCopy}
      data-testid="working-copy-not-kept"
      data-awaiting-choice={awaitingChoice}
    >
      <Text size="sm">{words.text}</Text>
    </Alert>
  );
}
