import { describe, expect, it } from 'vitest';
import {
  formatBytes,
  formatBytesShort,
  formatCharacters,
  formatExactCharacters,
  utf8ByteLength,
} from '../../src/shared/byte-size';
import { describeJsonProblem } from '../../src/shared/bounded-json';
import { measureProblemWords } from '../../src/main/history/import-file';
import { EMULATOR_BODY_LIMIT_BYTES } from '../../src/shared/emulator';
import { documentSize, overEmulatorLimitWords } from '../../src/renderer/src/features/builder/large-document';

// The builder said "Large document (5.7 MB)": a count of characters in decimal megabytes, beside
// "above 1 MiB" and "Over 4 MiB"; and nothing said that a body over the emulator's 1 MiB request
// limit would be refused (413) before Send to Local was pressed.

describe('bytes of a text as UTF-8', () => {
  it('counts what TextEncoder writes, surrogate pairs and lone surrogates included', () => {
    for (const text of ['', 'plain', 'Café', 'ادفع', '💳 card', '\uD800 lone', 'end \uDBFF', '\uFEFF{"a":1}'])
      expect(utf8ByteLength(text), JSON.stringify(text)).toBe(new TextEncoder().encode(text).byteLength);
  });
});

describe('the one byte-size formatter', () => {
  it('says bytes, KiB and MiB, with the exact count beside the rounded one', () => {
    expect(formatBytes(512)).toBe('512 bytes');
    // A body of one space read "(1 bytes)" in the Replay view.
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytesShort(1)).toBe('1 byte');
    expect(formatBytes(2048)).toBe('2.0 KiB (2,048 bytes)');
    expect(formatBytes(5_976_883)).toBe('5.70 MiB (5,976,883 bytes)');
  });
});

// A 1,048,600-byte webhook, over the listener's 1 MiB limit, read "1.00 MiB (1,048,600 bytes)":
// the same figure as the limit it was refused for. A size that rounds to a whole number of units
// it is not gets the digits that tell it from that number, over or under.
describe('a size near a whole number of units', () => {
  it('is never written as that number unless it is it', () => {
    expect(formatBytes(1_048_600)).toBe('1.00002 MiB (1,048,600 bytes)');
    expect(formatBytesShort(1_048_600)).toBe('1.00002 MiB');
    expect(formatBytes(1_048_576)).toBe('1.00 MiB (1,048,576 bytes)');
    expect(formatBytesShort(1_048_576)).toBe('1 MiB');
    expect(formatBytes(1_048_570)).toBe('1023.99 KiB (1,048,570 bytes)');
    expect(formatBytes(65_537)).toBe('64.001 KiB (65,537 bytes)');
    expect(formatBytes(4 * 1024 * 1024 + 3)).toBe('4.000003 MiB (4,194,307 bytes)');
    // One byte over a large limit still reads as more than it.
    expect(formatBytesShort(256 * 1024 * 1024 + 1)).not.toBe(formatBytesShort(256 * 1024 * 1024));
    expect(formatBytesShort(256 * 1024 * 1024 + 1)).toBe('256.000001 MiB');
    // Far from a whole number, the usual rounding.
    expect(formatBytes(1_000_000)).toBe('976.6 KiB (1,000,000 bytes)');
    expect(formatBytes(1_572_864)).toBe('1.50 MiB (1,572,864 bytes)');
  });
});

// Four formatters wrote sizes four ways: import-file.ts's "5120.0 MiB" and "1 MiB", History's
// "256.0 MiB" for a limit the CLI gave as "256 MiB", and bounded-json's character counts as KiB and
// MiB. The one owner now has a short form, and a count of characters is said in characters.
describe('the short form, where the exact count would crowd a sentence', () => {
  it('rounds as the long form does, and writes whole units whole', () => {
    expect(formatBytesShort(512)).toBe('512 bytes');
    expect(formatBytesShort(64 * 1024)).toBe('64 KiB');
    // 2,000 bytes are not 2 KiB: a whole figure is written only for a whole size.
    expect(formatBytesShort(2_000)).toBe('1.95 KiB');
    expect(formatBytesShort(1024 * 1024)).toBe('1 MiB');
    expect(formatBytesShort(256 * 1024 * 1024)).toBe('256 MiB');
    expect(formatBytesShort(5 * 1024 * 1024 * 1024)).toBe('5,120 MiB');
    expect(formatBytesShort(5_976_883)).toBe('5.70 MiB');
    expect(formatBytes(5_976_883).startsWith(formatBytesShort(5_976_883))).toBe(true);
  });
});

describe('a count of characters', () => {
  it('is said in characters, never in bytes', () => {
    expect(formatCharacters(1)).toBe('1 character');
    expect(formatCharacters(1_500_000)).toBe('1,500,000 characters');
    expect(formatCharacters(256 * 1024 * 1024)).toBe('256 Mi characters');
  });

  // "A draft is at most 4194304 characters (4 MiB)": a count of characters with a byte unit beside it.
  it('is written exactly, digits grouped, where a sentence gives the count it is compared with', () => {
    expect(formatExactCharacters(4 * 1024 * 1024)).toBe('4,194,304 characters');
    expect(formatExactCharacters(1)).toBe('1 character');
  });

  it('is how a text too long or a string too long to read is said', () => {
    expect(describeJsonProblem({ kind: 'too_long', chars: 3_000_000, limit: 2 * 1024 * 1024 })).toBe(
      'it is 3,000,000 characters; at most 2 Mi characters are read',
    );
    expect(describeJsonProblem({ kind: 'string_too_long', chars: 2048, limit: 1024, line: 3 })).toBe(
      'a string on line 3 is 2,048 characters; at most 1,024 characters are read',
    );
    expect(
      measureProblemWords(
        { kind: 'string_too_long', chars: 2_000_000, limit: 1_398_118, line: 3 },
        1024 * 1024,
      ),
    ).toBe(
      "Line 3: a value of 2,000,000 characters is longer than a record's body may be written in (at most 1 MiB, 1,398,118 characters as base64).",
    );
  });
});

describe("the builder's size of a document", () => {
  it('is the bytes of the UTF-8 body, in MiB, not characters in MB', () => {
    const text = `{"description":"${'é'.repeat(3_000_000)}"}`;
    expect(documentSize(text)).toBe('5.72 MiB (6,000,018 bytes)');
    expect(documentSize(text)).not.toMatch(/\bMB\b/);
  });

  it('says before Send to a local profile that a body over the emulator’s limit is refused', () => {
    const over = `{"a":"${'x'.repeat(EMULATOR_BODY_LIMIT_BYTES)}"}`;
    expect(overEmulatorLimitWords(over, 'Local', EMULATOR_BODY_LIMIT_BYTES)).toBe(
      "The body is 1.00001 MiB (1,048,584 bytes), over the emulator's request limit of 1 MiB: Send to Local is refused with 413 (request_too_large), and no order is made.",
    );
    // Under the limit in characters, over it in bytes: the emulator counts bytes.
    const wide = `{"a":"${'é'.repeat(EMULATOR_BODY_LIMIT_BYTES / 2)}"}`;
    expect(overEmulatorLimitWords(wide, 'Local', EMULATOR_BODY_LIMIT_BYTES)).toContain('over the emulator');
    expect(
      overEmulatorLimitWords('x'.repeat(EMULATOR_BODY_LIMIT_BYTES), 'Local', EMULATOR_BODY_LIMIT_BYTES),
    ).toBeNull();
  });
});
