import { formatCount } from './count-format';
import { countOf } from './count-words';

const KIB = 1024;
const MIB = 1024 * KIB;

/**
 * A size in bytes as every view and message says it: binary units (KiB, MiB), the unit the
 * console's limits are given in ("above 1 MiB", the emulator's 1 MiB request limit), with the
 * exact count beside the rounded one. The one byte-size formatter: a body on the timeline, a
 * document in the builder, an import's file and limits (formatBytesShort).
 */
export function formatBytes(size: number): string {
  if (size < KIB) return countOf(size, 'byte');
  return `${rounded(size)} (${formatCount(size)} bytes)`;
}

/**
 * KiB to a tenth, MiB to a hundredth: one rounding for both forms. But a size that would round to
 * a whole number of units it is not gets the digits that tell it from that number: the console's
 * limits are whole units, and a 1,048,600-byte body refused over the 1 MiB limit read "1.00 MiB",
 * the limit's own figure ("1.00002 MiB" now). A byte is more than a millionth of a MiB, so six
 * digits always tell.
 */
function rounded(size: number): string {
  const [unit, per, digits] = size < MIB ? ['KiB', KIB, 1] : ['MiB', MIB, 2];
  const value = size / per;
  let written = value.toFixed(digits);
  for (
    let more = digits + 1;
    Number.isInteger(Number(written)) && !Number.isInteger(value) && more <= 6;
    more++
  )
    written = value.toFixed(more);
  return `${written} ${unit}`;
}

/**
 * The same size without the exact count, for a limit or a size inside a longer sentence:
 * rounded as formatBytes rounds, and a whole number of units written whole ("1 MiB",
 * "256 MiB", "5,120 MiB"), as limits are written in the docs and the CLI.
 */
export function formatBytesShort(size: number): string {
  if (size < KIB) return countOf(size, 'byte');
  const [unit, per] = size < MIB ? ['KiB', KIB] : ['MiB', MIB];
  return size % per === 0 ? `${formatCount(size / per)} ${unit}` : rounded(size);
}

/**
 * A count of characters (a text's length, where its bytes were never counted), said as one:
 * a count in binary units read as bytes, and a character may be up to three bytes of UTF-8.
 * A whole number of Mi is written so, as docs/limits.md gives such a limit ("256 Mi characters").
 */
export function formatCharacters(count: number): string {
  if (count >= MIB && count % MIB === 0) return `${formatCount(count / MIB)} Mi characters`;
  return formatExactCharacters(count);
}

/**
 * A count of characters written out, digits grouped ("4,194,304 characters"): for a limit said
 * beside the count it refuses ("…; this one has 4,407,783"), where "4 Mi" would ask the reader
 * to multiply.
 */
export function formatExactCharacters(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'character' : 'characters'}`;
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
