import { describe, expect, it } from 'vitest';
import { formatBytes, utf8ByteLength } from '../../src/shared/byte-size';
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
    expect(formatBytes(2048)).toBe('2.0 KiB (2,048 bytes)');
    expect(formatBytes(5_976_883)).toBe('5.70 MiB (5,976,883 bytes)');
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
    expect(overEmulatorLimitWords(over, 'Local')).toBe(
      "The body is 1.00 MiB (1,048,584 bytes), over the emulator's request limit of 1.00 MiB (1,048,576 bytes): Send to Local is refused with 413 (request_too_large), and no order is made.",
    );
    // Under the limit in characters, over it in bytes: the emulator counts bytes.
    const wide = `{"a":"${'é'.repeat(EMULATOR_BODY_LIMIT_BYTES / 2)}"}`;
    expect(overEmulatorLimitWords(wide, 'Local')).toContain('over the emulator');
    expect(overEmulatorLimitWords('x'.repeat(EMULATOR_BODY_LIMIT_BYTES), 'Local')).toBeNull();
  });
});
