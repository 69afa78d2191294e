import { TIME_UNREADABLE, UNREADABLE_AT } from '../../../shared/damaged-record-words';

/**
 * How the window writes an instant, the one owner for every view: the Timeline's rows, History,
 * Orders, the builder's strip and webhook table, the emulator, the JWT inspector's Local column.
 * Two owners wrote one record as "20:59:51.693" and "Nov 30, 2026, 08:59:51 PM" a screen apart.
 *
 * - A 24-hour clock with milliseconds, always: records are compared, and arrive many a second.
 * - The date before it where the day may differ (History's results span days).
 * - In the window's own time zone, named where there is room (`zoned`) and in every `title`,
 *   beside the UTC ISO instant the CLI and exports print, so the two can be compared.
 * - US English month names and digits in every locale, as formatCount writes counts: a time
 *   reads the same on every machine, and tests can match it.
 */
export interface InstantFormat {
  /** The zone it writes in, by name: `Asia/Riyadh`. */
  readonly zoneName: string;
  /** `20:59:51.693` */
  clock(iso: string): string;
  /** `Nov 30, 2026, 20:59:51.693` */
  dateTime(iso: string): string;
  /** `Nov 30, 2026, 20:59:51.693 GMT+3` */
  zoned(iso: string): string;
  /**
   * The clock alone on `now`'s day, `Nov 30, 20:59:51.693` in its year, else the whole date: for a
   * cell. A component passes `useToday()` (use-today.ts) as `now`, so it renders again at midnight.
   */
  short(iso: string, now?: Date): string;
  /**
   * The day `short` puts before the clock: null on `now`'s day, `Nov 29` in its year, else
   * `Jan 02, 2030`. For a cell too narrow for both on one line, which sets it above the clock.
   */
  dayUnlessToday(iso: string, now?: Date): string | null;
  /** `Nov 30, 2026, 20:59:51.693 GMT+3 (Asia/Riyadh) · 2026-11-30T17:59:51.693Z in UTC`: a title. */
  title(iso: string): string;
}

const CLOCK = {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  fractionalSecondDigits: 3,
  hourCycle: 'h23',
} as const satisfies Intl.DateTimeFormatOptions;
const DAY = { month: 'short', day: '2-digit' } as const satisfies Intl.DateTimeFormatOptions;
const LOCALE = 'en-US';

/** Formatters for one zone (the window's when none is given), each made once: see the module. */
export function instantFormat(timeZone?: string): InstantFormat {
  // Made once each: toLocaleString with options builds a formatter per call, 8 ms of the History
  // view's first page of 100 rows.
  const made = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(LOCALE, { ...options, timeZone });
  const clockFormat = made(CLOCK);
  const dayFormat = made(DAY);
  const dayYearFormat = made({ ...DAY, year: 'numeric' });
  const zoneFormat = made({ timeZoneName: 'short' });
  const zoneName = clockFormat.resolvedOptions().timeZone;

  // Each form gives back what is no date as it came, rather than "Invalid Date" or NaN:NaN; a
  // record's time that is damaged in the database (read as '') says so.
  const valid = (iso: string, write: (date: Date) => string) => {
    if (iso === UNREADABLE_AT) return TIME_UNREADABLE;
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? iso : write(date);
  };
  const zone = (date: Date) =>
    zoneFormat.formatToParts(date).find((part) => part.type === 'timeZoneName')?.value;
  const dateTime = (date: Date) => `${dayYearFormat.format(date)}, ${clockFormat.format(date)}`;
  const zoned = (date: Date) => `${dateTime(date)} ${zone(date) ?? zoneName}`;
  const yearOf = (date: Date) => dayYearFormat.format(date).slice(-4);
  // The day as the zone reads it, not as this process's own clock does.
  const dayUnlessToday = (date: Date, now: Date) => {
    if (dayYearFormat.format(date) === dayYearFormat.format(now)) return null;
    return yearOf(date) === yearOf(now) ? dayFormat.format(date) : dayYearFormat.format(date);
  };

  return {
    zoneName,
    clock: (iso) => valid(iso, (date) => clockFormat.format(date)),
    dateTime: (iso) => valid(iso, dateTime),
    zoned: (iso) => valid(iso, zoned),
    short: (iso, now = new Date()) =>
      valid(iso, (date) => {
        const day = dayUnlessToday(date, now);
        return day === null ? clockFormat.format(date) : `${day}, ${clockFormat.format(date)}`;
      }),
    dayUnlessToday: (iso, now = new Date()) => {
      const date = new Date(iso);
      return Number.isNaN(date.getTime()) ? null : dayUnlessToday(date, now);
    },
    title: (iso) => valid(iso, (date) => `${zoned(date)} (${zoneName}) · ${date.toISOString()} in UTC`),
  };
}

/** The window's own: what every view writes with. */
const windowInstants = instantFormat();

export const WINDOW_ZONE = windowInstants.zoneName;
export const formatClock = windowInstants.clock;
export const formatDateTime = windowInstants.dateTime;
export const formatZoned = windowInstants.zoned;
export const formatShortInstant = windowInstants.short;
export const dayUnlessToday = windowInstants.dayUnlessToday;
export const instantTitle = windowInstants.title;
