import { describe, expect, it } from 'vitest';
import { notKeptNoticeWords, notKeptSizeWords } from '../../src/renderer/src/features/builder/large-document';

/*
 * "This is an older copy of your document" said the newer one "was 4.43 MiB (4,649,046 bytes),
 * over the 4,194,304 characters a working copy keeps": a size in bytes against a limit in
 * characters, which an Arabic text (two bytes a character) made read as over a limit it is not.
 */
describe("the size of a copy not kept, in the limit's measure", () => {
  it('says the characters, then the bytes they are', () => {
    expect(notKeptSizeWords({ characters: 4_649_046, bytes: 9_298_092 })).toBe(
      '4,649,046 characters (8.87 MiB as UTF-8), over the 4,194,304 characters a working copy keeps',
    );
  });

  it('a mark saved before its characters were counted says the bytes as bytes, and the limit apart', () => {
    expect(notKeptSizeWords({ bytes: 4_649_046 })).toBe(
      'over the 4,194,304 characters a working copy keeps (4.43 MiB as UTF-8)',
    );
  });
});

/*
 * Over a large working copy waiting to be opened, the notice said "What the builder shows is the
 * copy kept before it grew that large" while the builder showed the placeholder `{}`. Its words
 * now say what is on screen: the placeholder and the offer while it waits, the older copy once
 * it is open.
 */
describe('the older-copy notice, of the document on screen', () => {
  const notKept = { characters: 5_247_768, bytes: 5_247_768 };
  it('while the working copy waits, says the builder shows a placeholder and where the older copy is', () => {
    expect(notKeptNoticeWords(notKept, '12:01', true)).toEqual({
      title: 'Your last document was not kept',
      text: 'The document this tab held last (12:01) was 5,247,768 characters (5.005 MiB as UTF-8), over the 4,194,304 characters a working copy keeps, and was not kept when the tab was closed or reloaded. The builder shows an empty placeholder ({}) until you choose below: Open it opens the copy kept before it grew that large.',
    });
  });

  it('once the older copy is on screen, says so', () => {
    const words = notKeptNoticeWords(notKept, '12:01', false);
    expect(words.title).toBe('This is an older copy of your document');
    expect(words.text).toMatch(/What the builder shows is the copy kept before it grew that large\.$/);
    expect(words.text).not.toContain('placeholder');
  });
});
