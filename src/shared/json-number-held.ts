/**
 * What a JSON reader holds for a number as a text writes it, when that is another number. JSON
 * numbers are read into doubles (JSON.parse does, and RFC 8259 §6 expects most readers to), which keep
 * about 17 significant digits and nothing beyond ±1.8e308: `12345678901234567890` is held as
 * 12345678901234567000, `72.98000000000000000001` as 72.98, `1e400` as no number JSON can write
 * (JSON.stringify says null). Digits with only zeros to spare (`72.980`, `1e1`) are held as
 * written. The one judgement for every reader of number text: the JWT crafter refuses to sign
 * such claims (claims-text.ts), the checkout validator judges such amounts by their digits
 * (written-amounts.ts).
 */
export interface NumberHeldOtherwise {
  /** The number as JSON writes what is held: `12345678901234567000`, `null` when too large. */
  held: string;
  /** No finite number is held (`1e400`). */
  tooLarge: boolean;
  /** Why, in a few words: `too large for a JSON number`, `the nearest number JSON holds`. */
  why: string;
}

const NUMBER = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;

/** A number literal as sign, digits and exponent with no zeros to spare, so `1.0` and `1` compare equal. */
function decimalValue(literal: string): string | null {
  const match = NUMBER.exec(literal);
  if (match === null) return null;
  const [, sign = '', whole = '', fraction = '', exponent = '0'] = match;
  let digits = `${whole}${fraction}`.replace(/^0+/, '');
  if (digits === '') return '0';
  let power = BigInt(exponent) - BigInt(fraction.length);
  while (digits.endsWith('0')) {
    digits = digits.slice(0, -1);
    power += 1n;
  }
  return `${sign}${digits}e${power}`;
}

/** What a reader holds for the number `literal` writes when it is not that number; null when it is (or `literal` is no number). */
export function numberHeldOtherwise(literal: string): NumberHeldOtherwise | null {
  const value = Number(literal);
  const held = JSON.stringify(value);
  // Most numbers are written as JSON writes them back (`69.5`): no digits to compare.
  if (held === literal) return null;
  const written = decimalValue(literal);
  if (written === null || written === decimalValue(held)) return null;
  const tooLarge = !Number.isFinite(value);
  return { held, tooLarge, why: tooLarge ? 'too large for a JSON number' : 'the nearest number JSON holds' };
}

/**
 * Some number with an exponent or more than 15 digits, the only ones a double may hold otherwise
 * (any 15 significant digits are held as written). A superset: digits inside a string count too.
 */
const MAYBE_HELD_OTHERWISE = /\d(?:\.?\d){15}|(?<![\w.-])-?\d+(?:\.\d+)?[eE][+-]?\d+(?![\w.-])/;

/**
 * Whether `text` may write a number that is held otherwise; false means none is. One pass of a
 * regular expression, so the common text, which writes no such number, is never read value by
 * value (the emulator judges every request; reading where each amount is written cost a quarter
 * of the validation of a 300 KB request).
 */
export function mayWriteNumberHeldOtherwise(text: string): boolean {
  return MAYBE_HELD_OTHERWISE.test(text);
}

/**
 * Whether the number token at `from`..`to` of a text may be held otherwise: the same bound as
 * mayWriteNumberHeldOtherwise's (an exponent, or 16 digits or more), for a reader that already
 * reads the text token by token (json-duplicate-keys.ts's scan), so the text is not read a second
 * time by the regular expression.
 */
export function numberTokenMayBeHeldOtherwise(text: string, from: number, to: number): boolean {
  let digits = 0;
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x65 || code === 0x45) return true;
    if (code >= 0x30 && code <= 0x39 && ++digits >= 16) return true;
  }
  return false;
}

const ZERO = 0x30;
const NINE = 0x39;
const POINT = 0x2e;
const MINUS = 0x2d;

/**
 * Whether JSON.stringify writes the number JSON.parse reads from the token at `from`..`to` as
 * that same token; false means maybe not. True only for what is written back digit for digit:
 * no exponent, at most 15 digits (any 15 significant digits are held as written, and written
 * back shortest), no fraction ending in 0 (`1.50` is written `1.5`), not `-0` (written `0`),
 * and not under 1e-6 (`0.0000001` is written `1e-7`). For the emulator, which stores a request's
 * text as it came when it is what JSON.stringify would store (json-duplicate-keys.ts's scan).
 */
export function numberTokenWrittenAsStringifyWrites(text: string, from: number, to: number): boolean {
  let at = text.charCodeAt(from) === MINUS ? from + 1 : from;
  if (text.charCodeAt(at) === ZERO) {
    if (at + 1 === to) return at === from;
    if (text.startsWith('.000000', at + 1)) return false;
  }
  let digits = 0;
  let point = false;
  for (; at < to; at++) {
    const code = text.charCodeAt(at);
    if (code === POINT) point = true;
    else if (code < ZERO || code > NINE || ++digits > 15) return false;
  }
  return !point || text.charCodeAt(to - 1) !== ZERO;
}
