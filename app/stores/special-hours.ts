/**
 * The holiday and special hours a store page lists (docs/reference/stores.md "Rules"): every
 * exception of the store, or of its pharmacy, that covers a day of the next
 * SPECIAL_HOURS_WINDOW_DAYS days on the store's own calendar, today included, in date order.
 *
 * Pure and client-safe.
 */
import { addDays } from '@common/dates';
import type { SpecialHours } from '~/content/source/types';
import { DAY_LONG, describeDayHours, parseHoursText, specialHoursOn, type WeekRow } from './hours';

/** How many days ahead, today included, a store page lists exceptions for. */
export const SPECIAL_HOURS_WINDOW_DAYS = 30;

/** One line of the list: 'Thu, Nov 26', 'Thanksgiving', 'Closed'. */
export interface SpecialHoursRow {
  /** First and last day, `YYYY-MM-DD`. */
  from: string;
  to: string;
  /** 'Thu, Nov 26', or 'Mon, Jan 4 – Tue, Jan 5' for a range. */
  dates: string;
  label: string;
  /** 'Closed', 'Open 24 hours' or '8 AM – 3 PM'. */
  hours: string;
  closed: boolean;
}

const DAY_FORMAT = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/** 'Thu, Nov 26' of a `YYYY-MM-DD` (a calendar day: no time zone moves it). */
export function formatSpecialDay(date: string): string {
  return DAY_FORMAT.format(new Date(`${date}T00:00:00Z`));
}

/** The exceptions that touch the window starting on `today` (the store's calendar day). */
export function upcomingSpecialHours(
  list: readonly SpecialHours[] | null | undefined,
  today: string,
  days = SPECIAL_HOURS_WINDOW_DAYS,
): SpecialHoursRow[] {
  const last = addDays(today, days - 1);
  const rows: SpecialHoursRow[] = [];
  for (const s of Array.isArray(list) ? list : []) {
    if (s.to < today || s.from > last) continue;
    const day = parseHoursText(s.hours);
    // Content checks refuse unreadable hours; one that slips through is shown as written.
    rows.push({
      from: s.from,
      to: s.to,
      dates:
        s.from === s.to
          ? formatSpecialDay(s.from)
          : `${formatSpecialDay(s.from)} – ${formatSpecialDay(s.to)}`,
      label: s.label,
      hours: day ? describeDayHours(day) : s.hours,
      closed: day?.kind === 'closed',
    });
  }
  return rows.sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
}

/**
 * The week table with its holiday and special days in place: the shown week runs Monday to
 * Sunday around `today` (the store's calendar day, `weekday` Monday 0); a day an exception
 * covers shows the exception's hours and names it. Rows as written (a week that could not be
 * read) are left as they are.
 */
export function weekWithSpecialHours(
  rows: readonly WeekRow[],
  list: readonly SpecialHours[] | null | undefined,
  today: string,
  weekday: number,
): WeekRow[] {
  if (rows.length !== 7 || rows.some((r, i) => r.day !== DAY_LONG[i])) return [...rows];
  const monday = addDays(today, -weekday);
  return rows.map((row, i) => {
    const date = addDays(monday, i);
    const exception = specialHoursOn(list, date);
    if (!exception) return row;
    const day = parseHoursText(exception.hours);
    return {
      ...row,
      hours: day ? describeDayHours(day) : exception.hours,
      special: { label: exception.label, date: formatSpecialDay(date) },
    };
  });
}
