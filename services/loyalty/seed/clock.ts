/**
 * The seed's dates, relative to the day it runs. Days are Denver calendar days (the brands' time
 * zone, daylight saving time included), so "today", "local noon" and "the end of the day" are what
 * a shopper in Denver would call them, in summer as in winter.
 */
import { addDays, denverDate, denverInstant, endOfDenverDay } from '../../../common/dates';

export function seedClock(now: Date) {
  const today = denverDate(now);
  // The seed asks for the same few hundred local times over and over; time zone lookups are slow.
  const instants = new Map<string, Date>();
  const memo = (key: string, make: () => Date) => {
    let instant = instants.get(key);
    if (!instant) instants.set(key, (instant = make()));
    return new Date(instant);
  };
  /** A plain date `YYYY-MM-DD`, `offset` days from today. */
  const date = (offset: number) => addDays(today, offset);
  /** An instant on the day `offset` days from today, at local hour:minute. */
  const at = (offset: number, hour = 12, minute = 0) =>
    memo(`${offset} ${hour}:${minute}`, () => denverInstant(date(offset), hour, minute));
  /** The last second of the day `offset` days from today. */
  const endOfDay = (offset: number) => memo(`${offset} end`, () => endOfDenverDay(date(offset)));
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7)) - 1; // 0-based
  return { now, today, at, endOfDay, date, year, month };
}

export type SeedClock = ReturnType<typeof seedClock>;
