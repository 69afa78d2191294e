/** Dates as the spec writes them: `dd-mm-yyyy`, and they must be real calendar dates. */

export interface SpecDate {
  day: number;
  month: number;
  year: number;
}

const SPEC_DATE = /^(\d{2})-(\d{2})-(\d{4})$/;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

export function hasSpecDateShape(value: string): boolean {
  return SPEC_DATE.test(value);
}

/** `31-01-2025` → `{ day: 31, month: 1, year: 2025 }`; undefined for the wrong shape or a day that does not exist. */
export function parseSpecDate(value: unknown): SpecDate | undefined {
  if (typeof value !== 'string') return undefined;
  const match = SPEC_DATE.exec(value);
  if (match === null) return undefined;
  const date = { day: Number(match[1]), month: Number(match[2]), year: Number(match[3]) };
  if (date.year < 1 || date.month < 1 || date.month > 12) return undefined;
  if (date.day < 1 || date.day > daysInMonth(date.year, date.month)) return undefined;
  return date;
}

/** Negative when `a` is before `b`, 0 on the same day, positive after. */
export function compareSpecDates(a: SpecDate, b: SpecDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

export function formatSpecDate(date: SpecDate): string {
  return `${twoDigits(date.day)}-${twoDigits(date.month)}-${String(date.year).padStart(4, '0')}`;
}

/** A JavaScript Date (its UTC day) as `dd-mm-yyyy`. */
export function specDateFromDate(date: Date): string {
  return formatSpecDate({
    day: date.getUTCDate(),
    month: date.getUTCMonth() + 1,
    year: date.getUTCFullYear(),
  });
}
