import { formatCount } from './count-format';

const KIB = 1024;
const MIB = 1024 * KIB;

/**
 * A size in bytes as every view says it: binary units (KiB, MiB), the unit the console's limits
 * are given in ("above 1 MiB", the emulator's 1 MiB request limit), with the exact count beside
 * the rounded one. The one byte-size formatter of the renderer: a body on the timeline, a
 * document in the builder.
 */
export function formatBytes(size: number): string {
  if (size < KIB) return `${formatCount(size)} bytes`;
  if (size < MIB) return `${(size / KIB).toFixed(1)} KiB (${formatCount(size)} bytes)`;
  return `${(size / MIB).toFixed(2)} MiB (${formatCount(size)} bytes)`;
}

/**
 * How many bytes a text is as UTF-8, as TextEncoder writes it (a lone surrogate as U+FFFD,
 * three bytes), counted without writing them: the builder counts a document of megabytes again
 * after each edit, and encoding it copied all of it each time.
 */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (let at = 0; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && (text.charCodeAt(at + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      at++;
    } else bytes += 3;
  }
  return bytes;
}
