/**
 * Dates as shoppers see them (shoppers' dates are Denver time, `America/Denver`, unless a store's
 * own clock is meant), for the site and the reference services alike: dayjs with its utc and
 * timezone plugins, so the Mountain offset follows daylight saving time (UTC−7 in winter, UTC−6 in
 * summer).
 *
 * Calendar dates travel as plain `YYYY-MM-DD` strings; instants as epoch milliseconds, Date or
 * ISO strings with an offset. Client-safe (no Node APIs): coupon cards format on both sides.
 */
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { denverDayOf, SHOPPER_TIME_ZONE } from './denver-day';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The brands' time zone. */
export { SHOPPER_TIME_ZONE };

const DAY_MS = 86_400_000;
const PLAIN_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export type Instant = number | Date | string;

/**
 * Answers kept per input: dayjs' time-zone conversion costs ~0.06 ms, and pages ask for the same
 * days over and over (content dates, today). Bounded: emptied when it grows past MEMO_LIMIT.
 */
const MEMO_LIMIT = 5000;
function memo<V>(cache: Map<string | number, V>, key: string | number, compute: () => V): V {
  const known = cache.get(key);
  if (known !== undefined || cache.has(key)) return known as V;
  if (cache.size >= MEMO_LIMIT) cache.clear();
  const value = compute();
  cache.set(key, value);
  return value;
}
const denverDays = new Map<number, string>();
const calendarDays = new Map<string | number, string | null>();

function valid(value: Instant): dayjs.Dayjs | null {
  const d = dayjs(value);
  return d.isValid() ? d : null;
}

/** A plain `YYYY-MM-DD` that names a real day, else null. */
export function plainDate(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const m = PLAIN_DATE.exec(value.trim());
  if (!m) return null;
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === m[0] ? m[0] : null;
}

/** The Denver calendar day (`YYYY-MM-DD`) of an instant; now by default. */
export function denverDate(at: Instant = Date.now()): string {
  const d = valid(at);
  if (!d) throw new RangeError(`not a date: ${String(at)}`);
  // A day starts on a whole minute in every zone: the minute is enough of a key.
  return memo(denverDays, Math.floor(d.valueOf() / 60_000), () => denverDayOf(d.valueOf()));
}

/**
 * The Denver calendar day of a date from an API or a file: a plain `YYYY-MM-DD` is that day as it
 * stands, an instant is the day it falls on in Denver; null when missing or unreadable.
 */
export function calendarDate(value: Instant | null | undefined): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string') return memo(calendarDays, value, () => calendarDateOf(value));
  return calendarDateOf(value);
}

function calendarDateOf(value: Instant): string | null {
  if (typeof value === 'string') {
    const plain = plainDate(value);
    if (plain) return plain;
    // Only full date-times: dayjs would read '2026' or 'Nov 5' in the server's own zone.
    if (!/^\d{4}-\d{2}-\d{2}T/.test(value.trim())) return null;
  }
  const d = valid(typeof value === 'string' ? value.trim() : value);
  return d ? denverDayOf(d.valueOf()) : null;
}

/** Whole days from one calendar date to another (`YYYY-MM-DD`); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The calendar date `days` after (or before, when negative) a `YYYY-MM-DD`. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The instant of a Denver wall-clock time on a calendar date (daylight saving time included). */
export function denverInstant(date: string, hour = 0, minute = 0, second = 0): Date {
  const pad = (n: number) => String(n).padStart(2, '0');
  return dayjs.tz(`${date} ${pad(hour)}:${pad(minute)}:${pad(second)}`, SHOPPER_TIME_ZONE).toDate();
}

/**
 * The same Denver wall-clock time `days` calendar days later (or earlier): noon stays noon across
 * a daylight saving change, where adding 24-hour days would land an hour off.
 */
export function addDenverDays(at: Instant, days: number): Date {
  const d = valid(at);
  if (!d) throw new RangeError(`not a date: ${String(at)}`);
  const local = d.tz(SHOPPER_TIME_ZONE);
  const date = addDays(local.format('YYYY-MM-DD'), days);
  const instant = denverInstant(date, local.hour(), local.minute(), local.second());
  return new Date(instant.getTime() + local.millisecond());
}

/** The last second of a Denver calendar date (an end date that includes its whole day). */
export function endOfDenverDay(date: string): Date {
  return new Date(denverInstant(addDays(date, 1)).getTime() - 1000);
}

export type DateStyle = 'short' | 'long' | 'monthDay';
const shopperDates = new Map<string, string>();
const FORMATS: Record<DateStyle, string> = {
  short: 'MMM D, YYYY',
  long: 'dddd, MMMM D, YYYY',
  monthDay: 'MMM D',
};

/**
 * A date as shoppers read it, in Denver: 'Nov 1, 2026' (short), 'Sunday, November 1, 2026'
 * (long), 'Nov 1' (monthDay). A plain `YYYY-MM-DD` keeps its day. '' when missing or unreadable.
 */
export function formatShopperDate(
  value: Instant | null | undefined,
  style: DateStyle = 'short',
): string {
  const day = calendarDate(value);
  // A page writes a few dozen dates (coupon and ad ends) out of a few hundred days: each day's
  // text is formatted once per style (dayjs's format was ~0.7 % of a page's server CPU).
  return day
    ? memo(shopperDates, `${style} ${day}`, () => dayjs.utc(day).format(FORMATS[style]))
    : '';
}

/**
 * True when `name` is an IANA time zone name this runtime knows ('America/Phoenix'). Names only:
 * offsets ('+07:00') and abbreviations ('MST') are refused, since they ignore daylight saving.
 */
export function isTimeZone(name: unknown): name is string {
  if (typeof name !== 'string' || !/^[A-Za-z]+(?:\/[A-Za-z0-9_+-]+)+$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The wall clock of a time zone at an instant: what a clock on a store's wall shows. */
export interface WallClock {
  /** Calendar day there (`YYYY-MM-DD`). */
  date: string;
  /** Day of the week there, Monday 0 … Sunday 6. */
  weekday: number;
  /** Minutes since midnight there (0 … 1439). */
  minutes: number;
}

const wallClocks = new Map<string, Readonly<WallClock>>();

/**
 * The wall clock in `timeZone` (Denver by default) at an instant, daylight saving included; the
 * zone must be valid (see isTimeZone). Kept per zone and minute: a store list asks the same one.
 */
export function wallClock(
  at: Instant = Date.now(),
  timeZone = SHOPPER_TIME_ZONE,
): Readonly<WallClock> {
  const d = valid(at);
  if (!d) throw new RangeError(`not a date: ${String(at)}`);
  const minute = Math.floor(d.valueOf() / 60_000);
  return memo(wallClocks, `${timeZone} ${minute}`, () => {
    const local = d.tz(timeZone);
    return {
      date: local.format('YYYY-MM-DD'),
      weekday: (local.day() + 6) % 7,
      minutes: local.hour() * 60 + local.minute(),
    };
  });
}
