/**
 * Just enough of PHP's semantics to read a response the way the official client
 * (tamara-solution/php-sdk, `declare(strict_types=1)`) does: `$array['key']` on a missing key is
 * an "Undefined array key" warning that yields null; a typed parameter or property given a
 * value of another type is a TypeError. JSON arrives through `json_decode($content, true)`, so
 * objects and lists are both PHP arrays.
 */
export type PhpArray = Record<string, unknown> | unknown[];

export class PhpTypeError extends TypeError {}

export class PhpRuntime {
  readonly warnings: string[] = [];

  /** `$array[$key]`, warning when it is not there (`?? default` never warns: use `or`). */
  at(array: unknown, key: string, where: string): unknown {
    if (!isPhpArray(array)) throw new PhpTypeError(`${where}: cannot read ["${key}"] of ${phpType(array)}`);
    if (!Object.prototype.hasOwnProperty.call(array, key)) {
      this.warnings.push(`Undefined array key "${key}" in ${where}`);
      return null;
    }
    return (array as Record<string, unknown>)[key];
  }

  /** `$array[$key] ?? $default`: no warning, null counts as missing. */
  or(array: unknown, key: string, fallback: unknown): unknown {
    if (!isPhpArray(array)) return fallback;
    const value = (array as Record<string, unknown>)[key];
    return value === undefined || value === null ? fallback : value;
  }
}

export const isPhpArray = (value: unknown): value is PhpArray => typeof value === 'object' && value !== null;

export function phpType(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value) || typeof value === 'object') return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  if (typeof value === 'boolean') return 'bool';
  return 'string';
}

/** A `string $x` parameter under strict types. */
export function string(value: unknown, where: string): string {
  if (typeof value !== 'string')
    throw new PhpTypeError(`${where} must be of type string, ${phpType(value)} given`);
  return value;
}

/** A `?string $x` parameter. */
export function nullableString(value: unknown, where: string): string | null {
  return value === null ? null : string(value, where);
}

/** An `array $x` parameter. */
export function array(value: unknown, where: string): PhpArray {
  if (!isPhpArray(value)) throw new PhpTypeError(`${where} must be of type array, ${phpType(value)} given`);
  return value;
}

/** `new DateTimeImmutable($x)`: a string PHP can read as a date (an exception otherwise). */
export function dateTime(value: unknown, where: string): Date {
  const text = string(value, where);
  const parsed = new Date(text);
  if (Number.isNaN(parsed.getTime())) throw new Error(`${where}: DateTimeImmutable cannot read "${text}"`);
  return parsed;
}

/** `(float) $x`, `(int) $x`, `(bool) $x`: casts never fail. */
export const toFloat = (value: unknown): number =>
  typeof value === 'number'
    ? value
    : typeof value === 'string'
      ? Number.parseFloat(value) || 0
      : value === true
        ? 1
        : 0;

/** The PHP array's elements in order (`foreach`). */
export const elements = (value: PhpArray): unknown[] => (Array.isArray(value) ? value : Object.values(value));
