import { formatBytes, formatBytesShort, formatExactCharacters, utf8ByteLength } from '@shared/byte-size';
import { DRAFT_TEXT_MAX } from '@shared/drafts';
import { overRequestLimitWords } from '@shared/checkout/request-size';

/**
 * Where a document counts as large: above it the builder says so (findings take a moment,
 * items are shown as you scroll, the working copy is saved less often), the raw editor shows
 * plain text (no JSON language: highlighting and folding off, raw-editor-language.ts) and a
 * working copy of that size left from last time is offered rather than opened. 1 MiB: a
 * megabyte still types, highlights and validates without a pause worth mentioning
 * (bench/README.md); five do not. Counted in characters, the editor's work; a text of more
 * characters than this is more bytes too, so "above 1 MiB" beside its size in bytes is true.
 */
export const LARGE_DOCUMENT_CHARS = 1024 * 1024;

/** The limit as the notices say it. */
export const LARGE_DOCUMENT_LABEL = '1 MiB';

export const isLargeDocument = (length: number): boolean => length > LARGE_DOCUMENT_CHARS;

/**
 * A document's size as the notices say it: the bytes of the body Send sends (its text as UTF-8),
 * in the unit of the limits beside it. It was a count of characters in decimal megabytes
 * ("5.7 MB") next to "above 1 MiB".
 */
export const documentSize = (text: string): string => formatBytes(utf8ByteLength(text));

/**
 * How large a document that was not kept was, against the limit it was over: in that limit's
 * measure, characters, with the bytes they are beside them. Its bytes alone ("4.43 MiB
 * (4,649,046 bytes), over the 4,194,304 characters…") compared two measures, and a text of
 * two-byte characters read as over a limit it was under. A mark saved before the characters
 * were counted gives its bytes apart from the comparison.
 */
export function notKeptSizeWords({ bytes, characters }: { bytes: number; characters?: number }): string {
  const limit = `over the ${formatExactCharacters(DRAFT_TEXT_MAX)} a working copy keeps`;
  const asBytes = `${formatBytesShort(bytes)} as UTF-8`;
  return characters === undefined
    ? `${limit} (${asBytes})`
    : `${formatExactCharacters(characters)} (${asBytes}), ${limit}`;
}

/**
 * Whether a body of `length` characters may be over the emulator's request limit of `limitBytes`
 * (its Largest request body setting): a character is at most three bytes of UTF-8, so a shorter
 * text is under it without counting its bytes.
 */
export const mayExceedEmulatorLimit = (length: number, limitBytes: number): boolean =>
  length * 3 > limitBytes;

let lastCounted: { text: string; bytes: number } | null = null;

/**
 * Whether the body is over the emulator's request limit of `limitBytes`. The last text's size is
 * kept: a store's selector asks on every change of the store, and counting a large body's bytes
 * takes milliseconds.
 */
export function isOverEmulatorLimit(text: string, limitBytes: number): boolean {
  if (!mayExceedEmulatorLimit(text.length, limitBytes)) return false;
  if (lastCounted?.text !== text) lastCounted = { text, bytes: utf8ByteLength(text) };
  return lastCounted.bytes > limitBytes;
}

/**
 * Said before a send to a local profile when the body is over the emulator's request limit (its
 * Largest request body setting, `limitBytes`): the emulator refuses it with 413 and makes no
 * order, which the builder learnt only from the answer. Null when it is under.
 */
export function overEmulatorLimitWords(text: string, profileName: string, limitBytes: number): string | null {
  if (!isOverEmulatorLimit(text, limitBytes)) return null;
  const bytes = utf8ByteLength(text);
  const over = overRequestLimitWords(bytes, { bytes: limitBytes, source: 'emulator' });
  return `${over}: Send to ${profileName} is refused with 413 (request_too_large), and no order is made.`;
}

/**
 * The older-copy notice's words, of the document on screen. While the large copy waits to be
 * opened the builder shows the placeholder, not that copy: the notice said "What the builder
 * shows is the copy kept before it grew that large" over a `{}`. `at`: when the newer one was left.
 */
export function notKeptNoticeWords(
  notKept: { bytes: number; characters?: number },
  at: string,
  awaitingChoice: boolean,
): { title: string; text: string } {
  const lost = `The document this tab held last (${at}) was ${notKeptSizeWords(notKept)}, and was not kept when the tab was closed or reloaded.`;
  return awaitingChoice
    ? {
        title: 'Your last document was not kept',
        text: `${lost} The builder shows an empty placeholder ({}) until you choose below: Open it opens the copy kept before it grew that large.`,
      }
    : {
        title: 'This is an older copy of your document',
        text: `${lost} What the builder shows is the copy kept before it grew that large.`,
      };
}
