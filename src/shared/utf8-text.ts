import { lineAndColumn } from './json-text';

/**
 * Strict UTF-8 for files the console reads as evidence or sends (a history import, a payload
 * for `validate` and `send`). A decoder that
 * replaces what is not UTF-8 with U+FFFD imported a Latin-1 "Café" as "Caf\ufffd": a record
 * that says what the file did not, and no word of it.
 */

/** The offset of the first byte that does not begin a well-formed UTF-8 sequence, or null. */
export function firstInvalidUtf8(bytes: Uint8Array): number | null {
  let at = 0;
  while (at < bytes.length) {
    const lead = bytes[at] ?? 0;
    if (lead < 0x80) {
      at++;
      continue;
    }
    const follow =
      lead >= 0xc2 && lead <= 0xdf
        ? 1
        : lead >= 0xe0 && lead <= 0xef
          ? 2
          : lead >= 0xf0 && lead <= 0xf4
            ? 3
            : 0;
    if (follow === 0) return at;
    // The second byte's range excludes overlong forms, surrogates and code points past U+10FFFF.
    const low = lead === 0xe0 ? 0xa0 : lead === 0xf0 ? 0x90 : 0x80;
    const high = lead === 0xed ? 0x9f : lead === 0xf4 ? 0x8f : 0xbf;
    const second = bytes[at + 1];
    if (second === undefined || second < low || second > high) return at;
    for (let next = 2; next <= follow; next++) {
      const byte = bytes[at + next];
      if (byte === undefined || byte < 0x80 || byte > 0xbf) return at;
    }
    at += follow + 1;
  }
  return null;
}

const hex = (byte: number) => `0x${byte.toString(16).toUpperCase().padStart(2, '0')}`;

/**
 * The bytes as text when they are UTF-8 (a leading byte order mark kept, as the rest of the
 * console reads one), else why not: the first byte that is not, with its line and column.
 */
export function decodeUtf8Strictly(
  bytes: Uint8Array,
  /** Said after where it breaks: why it should be UTF-8, and what it may be instead. */
  hint = 'JSON is; was it saved as Latin-1 or another encoding?',
): { ok: true; text: string } | { ok: false; problem: string; line: number; column: number } {
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes) };
  } catch (error) {
    // Not UTF-8 (a TypeError): found again below, to say where. Anything else (a text longer
    // than the engine's strings) is not about the encoding.
    if (!(error instanceof TypeError)) throw error;
  }
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
    return {
      ok: false,
      problem: 'it is UTF-16 (it starts with a UTF-16 byte order mark); save it as UTF-8',
      line: 1,
      column: 1,
    };
  const offset = firstInvalidUtf8(bytes) ?? 0;
  const before = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes.subarray(0, offset));
  const { line, column } = lineAndColumn(`${before} `, before.length);
  return {
    ok: false,
    problem: `byte ${hex(bytes[offset] ?? 0)} at line ${line}, column ${column} is not UTF-8 (${hint})`,
    line,
    column,
  };
}
