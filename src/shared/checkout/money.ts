/**
 * Money amounts, exactly. The spec lets an amount be a number or a numeric string ("the value
 * is numeric either way"), so both go through one decimal-string path: no float drift when we
 * count decimals, add items up or re-round for another currency. A number is exact only as far
 * as JSON.parse kept it (72.98000000000000000001 arrives as 72.98): where the request's text is
 * at hand, written-amounts.ts judges such an amount by the digits written there.
 */

/** A JSON-number-like string: `12`, `-0.5`, `1.25e2`. No spaces, no `+`, no thousands separators. */
const NUMERIC_STRING = /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/;

/** Exponents beyond this are out of any amount's range; refusing them keeps expansion cheap. */
const MAX_EXPONENT = 400;

export interface ParsedAmount {
  value: number;
  negative: boolean;
  /** Integer digits, no leading zeros ("" for zero). */
  integerDigits: string;
  /** Fraction digits, no trailing zeros. */
  fractionDigits: string;
}

export function isNumericString(value: string): boolean {
  return NUMERIC_STRING.test(value);
}

/** Reads an amount given as a finite number or numeric string; undefined for anything else. */
export function parseAmount(raw: unknown): ParsedAmount | undefined {
  let text: string;
  if (typeof raw === 'number') {
    if (!Number.isFinite(raw)) return undefined;
    text = String(raw);
    // Most amounts: a number JavaScript writes without an exponent (69.5, 0, -12), its digits
    // read straight off that text, never with a leading or trailing zero to spare. The create-
    // checkout rules read each amount several times (issue 20); the regular expression and its
    // slices below cost more than the rest of such a read.
    if (!text.includes('e')) return plainNumberAmount(raw, text);
  } else if (typeof raw === 'string' && NUMERIC_STRING.test(raw)) {
    text = raw;
  } else {
    return undefined;
  }
  const value = Number(text);
  if (!Number.isFinite(value)) return undefined;
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (match === null) return undefined;
  const exponent = Number(match[4] ?? '0');
  if (Math.abs(exponent) > MAX_EXPONENT) return undefined;
  let digits = (match[2] ?? '') + (match[3] ?? '');
  let pointAt = (match[2] ?? '').length + exponent;
  if (pointAt < 0) {
    digits = '0'.repeat(-pointAt) + digits;
    pointAt = 0;
  }
  if (pointAt > digits.length) digits = digits.padEnd(pointAt, '0');
  const integerDigits = digits.slice(0, pointAt).replace(/^0+/, '');
  const fractionDigits = digits.slice(pointAt).replace(/0+$/, '');
  const isZero = integerDigits === '' && fractionDigits === '';
  return { value, negative: match[1] === '-' && !isZero, integerDigits, fractionDigits };
}

/** A finite number's amount from the text String() writes of it, which has no exponent. */
function plainNumberAmount(raw: number, text: string): ParsedAmount {
  const negative = raw < 0;
  const point = text.indexOf('.');
  const whole = text.slice(negative ? 1 : 0, point === -1 ? text.length : point);
  return {
    // -0 is written "0", and read back as 0.
    value: raw === 0 ? 0 : raw,
    negative,
    integerDigits: whole === '0' ? '' : whole,
    fractionDigits: point === -1 ? '' : text.slice(point + 1),
  };
}

/** Decimal places the value really has: `12.50` has 1, `"12.500"` has 1 too (value, not spelling). */
export function decimalsOf(amount: ParsedAmount): number {
  return amount.fractionDigits.length;
}

/** Rounds half away from zero to `precision` decimals and returns minor units (halalas, fils, baisa). */
export function toMinorUnits(amount: ParsedAmount, precision: number): bigint {
  const kept = amount.fractionDigits.padEnd(precision, '0').slice(0, precision);
  let minor = BigInt(`${amount.integerDigits}${kept}` || '0');
  const nextDigit = amount.fractionDigits.charAt(precision);
  if (nextDigit !== '' && nextDigit >= '5') minor += 1n;
  return amount.negative ? -minor : minor;
}

/** Minor units back to a plain decimal string with exactly `precision` decimals: `1250n, 2` → `12.50`. */
export function formatMinorUnits(minor: bigint, precision: number): string {
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(precision + 1, '0');
  const integer = digits.slice(0, digits.length - precision);
  const fraction = digits.slice(digits.length - precision);
  return `${negative ? '-' : ''}${integer}${precision > 0 ? `.${fraction}` : ''}`;
}

export function minorUnitsToNumber(minor: bigint, precision: number): number {
  return Number(formatMinorUnits(minor, precision));
}

/** The amount rounded to `precision` decimals, keeping its spelling: a number stays a number, a string a string. */
export function roundAmount(raw: unknown, precision: number): unknown {
  const parsed = parseAmount(raw);
  if (parsed === undefined) return raw;
  const minor = toMinorUnits(parsed, precision);
  return typeof raw === 'string' ? formatMinorUnits(minor, precision) : minorUnitsToNumber(minor, precision);
}

/** `12.5, 2` → `12.50`: how messages show an amount in its currency's precision. */
export function formatAmount(value: number, precision: number): string {
  const parsed = parseAmount(value);
  return parsed === undefined ? String(value) : formatMinorUnits(toMinorUnits(parsed, precision), precision);
}

/**
 * An amount with more decimals than its currency takes, in the one set of words every judge of
 * amounts uses: the checkout's validation, the webhook body's, an order's unreadable total, and the
 * emulator's refusal of a capture or refund (which puts its field path before it). It names the
 * smallest amount the currency has, so the reader sees what to send instead.
 */
export function tooManyDecimalsWords(
  raw: unknown,
  decimals: number,
  currency: string,
  allowed: number,
): string {
  return `amount ${String(raw)} has ${decimals} decimals; ${currency} has ${allowed}, so its smallest amount is ${formatMinorUnits(1n, allowed)}.`;
}
