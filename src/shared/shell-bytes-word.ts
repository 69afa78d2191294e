import { shellQuote } from './shell-quote';

/** Printable ASCII: a header, URL or method made only of these is quoted as it is. */
export const PRINTABLE_ASCII = /^[\u0020-\u007e]*$/;

/**
 * One shell word for a header, URL or method: text whose characters are bytes (Node reads a
 * request line and headers as latin1, one character per byte, and writes them back the same
 * way). Printable ASCII is quoted as it is; anything else (a raw 0x9B, a UTF-8 é read as "Ã©")
 * is written as printf octal escapes, so the terminal sees only ASCII and curl gets the bytes.
 */
export function shellBytesWord(value: string): string {
  if (PRINTABLE_ASCII.test(value)) return shellQuote(value);
  let format = '';
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    // Beyond latin1 only an imported record can be: sent as UTF-8, as curl would send it.
    const bytes = code <= 0xff ? [code] : new TextEncoder().encode(char);
    for (const byte of bytes) {
      const ascii = String.fromCharCode(byte);
      if (byte < 0x20 || byte > 0x7e) format += `\\${byte.toString(8).padStart(3, '0')}`;
      else if (ascii === '%') format += '%%';
      else if (ascii === '\\') format += '\\\\';
      else if (ascii === "'") format += `'\\''`;
      else format += ascii;
    }
  }
  // $(…) drops trailing line feeds; a header's are already spaces, and a URL has none.
  return `"$(printf '${format}')"`;
}
