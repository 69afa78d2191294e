import { describe, expect, it } from 'vitest';
import { notKeptSizeWords } from '../../src/renderer/src/features/builder/large-document';

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
