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

/** A byte as the refusals write it: 0xE9. */
export const hex = (byte: number) => `0x${byte.toString(16).toUpperCase().padStart(2, '0')}`;

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
  if (startsUtf16(bytes)) return utf16Problem;
  const offset = firstInvalidUtf8(bytes) ?? 0;
  const before = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes.subarray(0, offset));
  const { line, column } = lineAndColumn(`${before} `, before.length);
  return notUtf8(bytes[offset] ?? 0, line, column, hint);
}

const startsUtf16 = (bytes: Uint8Array) =>
  (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);

const utf16Problem = {
  ok: false,
  problem: 'it is UTF-16 (it starts with a UTF-16 byte order mark); save it as UTF-8',
  line: 1,
  column: 1,
} as const;

const notUtf8 = (byte: number, line: number, column: number, hint: string) =>
  ({
    ok: false,
    problem: `byte ${hex(byte)} at line ${line}, column ${column} is not UTF-8 (${hint})`,
    line,
    column,
  }) as const;

/** Bytes in a UTF-8 sequence that starts with `lead` (1 for a byte that starts none). */
const sequenceLength = (lead: number) =>
  lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 1;

export interface Utf8StreamReader {
  /** The next bytes as text (a sequence cut at the end waits for the next piece), or why they are not UTF-8. */
  read(
    bytes: Uint8Array,
  ): { ok: true; text: string } | { ok: false; problem: string; line: number; column: number };
  /** After the last piece: what was held back, or why it is not UTF-8 (a sequence the file ends inside). */
  end(): { ok: true; text: string } | { ok: false; problem: string; line: number; column: number };
}

/**
 * decodeUtf8Strictly for bytes that arrive in pieces (a file read as a stream): the same text,
 * and the same words, line and column for the first byte that is not UTF-8, whatever the cuts.
 */
export function createUtf8StreamReader(
  hint = 'JSON is; was it saved as Latin-1 or another encoding?',
): Utf8StreamReader {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  let first = true;
  /** The bytes of a sequence cut at the end of the last piece. */
  let carried: Uint8Array = new Uint8Array(0);
  let line = 1;
  /** Characters (UTF-16 code units) read on the current line. */
  let column = 0;
  const advance = (text: string) => {
    const lastBreak = text.lastIndexOf('\n');
    if (lastBreak === -1) {
      column += text.length;
      return;
    }
    for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) line++;
    column = text.length - lastBreak - 1;
  };
  const refuse = (bytes: Uint8Array) => {
    const offset = firstInvalidUtf8(bytes) ?? 0;
    advance(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes.subarray(0, offset)));
    return notUtf8(bytes[offset] ?? 0, line, column + 1, hint);
  };
  return {
    read(piece) {
      let bytes = piece;
      if (carried.length > 0) {
        bytes = new Uint8Array(carried.length + piece.length);
        bytes.set(carried);
        bytes.set(piece, carried.length);
      }
      if (first) {
        // A UTF-16 byte order mark is two bytes: the first piece may hold one of them alone.
        if (bytes.length < 2) {
          carried = bytes.slice();
          return { ok: true, text: '' };
        }
        first = false;
        if (startsUtf16(bytes)) return utf16Problem;
      }
      // Up to three bytes at the end may begin a sequence the next piece completes.
      let keep = 0;
      for (let back = 1; back <= Math.min(3, bytes.length); back++) {
        const byte = bytes[bytes.length - back] ?? 0;
        if (byte < 0x80) break;
        if (byte >= 0xc0) {
          if (sequenceLength(byte) > back) keep = back;
          break;
        }
      }
      const whole = bytes.subarray(0, bytes.length - keep);
      carried = bytes.slice(bytes.length - keep);
      let text: string;
      try {
        text = decoder.decode(whole);
      } catch (error) {
        if (!(error instanceof TypeError)) throw error;
        return refuse(whole);
      }
      advance(text);
      return { ok: true, text };
    },
    end() {
      try {
        return { ok: true, text: decoder.decode(carried) };
      } catch (error) {
        if (!(error instanceof TypeError)) throw error;
        return refuse(carried);
      }
    },
  };
}
