/**
 * A store's opening hours as content writes them (retailer info `hours`: a list of
 * `{ day, hours }`; docs/content.md), read into a week: which days each row names ('Mon-Thu',
 * 'Sun', 'Daily'), when the store opens and closes ('7 AM - 9 PM', '6:30 AM - 10 PM', 'Closed',
 * 'Open 24 hours', late hours past midnight such as '6 AM - 1 AM'), and whether it is open at an
 * instant on the store's own wall clock.
 *
 * Dated exceptions (holiday and special hours, `specialHours` in content) replace the weekly
 * hours on the days they cover, on the store's own calendar (docs/reference/stores.md "Rules").
 *
 * Pure and client-safe. Content is written by people: text this module cannot read never throws;
 * it is shown as written, and no open-now line is claimed from it.
 */
import { addDays, wallClock } from '@common/dates';
import type { SpecialHours } from '~/content/source/types';

export const DAY_SHORT = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
export const DAY_LONG = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

const DAY = 1440;
/** Rows longer than this are not hours (and are not worth a regular expression's time). */
const MAX_TEXT = 100;

/** One day's hours in minutes since that day's midnight; `close` may pass midnight (≤ 2880). */
export type DayHours =
  | { kind: 'closed' }
  | { kind: 'allDay' }
  | { kind: 'open'; open: number; close: number };

export interface StoreHoursRow {
  day: string;
  hours: string;
}

/** A parsed week, Monday first: each day's hours and the text it was read from. */
export interface Week {
  days: (DayHours | null)[];
  texts: (string | null)[];
}

const clean = (text: string) => text.replace(/\s+/g, ' ').trim();

function dayOf(word: string): number | null {
  const w = word.replace(/\.$/, '');
  // Two letters are enough ('Tu', 'Th', 'Sa', 'Su' each start one day only); one is not.
  if (w.length < 2) return null;
  const i = DAY_LONG.findIndex((name) => {
    const n = name.toLowerCase();
    return n.startsWith(w) || (w.endsWith('s') && n === w.slice(0, -1));
  });
  return i < 0 ? null : i;
}

/** The days (Monday 0 … Sunday 6) a row's `day` names, in week order; null when unreadable. */
export function parseDays(text: string): number[] | null {
  if (typeof text !== 'string' || text.length > MAX_TEXT) return null;
  const t = clean(text.toLowerCase())
    .replace(/[–—]/g, '-')
    .replace(/\s+(?:to|through|thru)\s+/g, '-')
    .replace(/\s*-\s*/g, '-')
    .replace(/\s*(?:&|\+|\/|\band\b)\s*/g, ',')
    .replace(/:$/, '');
  if (!t) return null;
  if (/^(?:daily|every ?day|all week|7 days(?: a week)?)$/.test(t)) {
    return [0, 1, 2, 3, 4, 5, 6];
  }
  if (/^week ?days$/.test(t)) return [0, 1, 2, 3, 4];
  if (/^week ?ends$/.test(t)) return [5, 6];
  const days = new Set<number>();
  for (const part of t.split(/\s*,\s*|\s+/)) {
    if (!part) continue;
    const ends = part.split('-');
    if (ends.length > 2) return null;
    const from = dayOf(ends[0]);
    const to = ends.length === 2 ? dayOf(ends[1]) : from;
    if (from === null || to === null) return null;
    // A range may wrap past Sunday ('Fri-Mon').
    for (let d = from; ; d = (d + 1) % 7) {
      days.add(d);
      if (d === to) break;
    }
  }
  return days.size ? [...days].sort((a, b) => a - b) : null;
}

/** Minutes since midnight of '7 AM', '6:30 pm', '7a.m.', 'noon', 'midnight', '21:00'. */
function timeOf(text: string): number | null {
  const t = text.replace(/\./g, '').replace(/\s+/g, '');
  if (t === 'midnight') return 0;
  if (t === 'noon') return 720;
  let m = /^(\d{1,2})(?::(\d{2}))?(am|pm|a|p)$/.exec(t);
  if (m) {
    const h = Number(m[1]);
    const min = Number(m[2] ?? 0);
    if (h < 1 || h > 12 || min > 59) return null;
    return ((h % 12) + (m[3].startsWith('p') ? 12 : 0)) * 60 + min;
  }
  m = /^(\d{1,2}):(\d{2})$/.exec(t);
  if (m) {
    const h = Number(m[1]);
    const min = Number(m[2]);
    if (h > 24 || min > 59 || (h === 24 && min > 0)) return null;
    return h * 60 + min;
  }
  return null;
}

/** One row's `hours`: closed, all day, or an opening and a closing time; null when unreadable. */
export function parseHoursText(text: string): DayHours | null {
  if (typeof text !== 'string' || text.length > MAX_TEXT) return null;
  const t = clean(text.toLowerCase()).replace(/[–—]/g, '-');
  if (/^closed$/.test(t)) return { kind: 'closed' };
  if (/^(?:open )?(?:24 (?:hours|hrs)(?: a day)?|24\/7|24 hours a day, 7 days a week)$/.test(t)) {
    return { kind: 'allDay' };
  }
  const ends = t.split(/\s*(?:-|\bto\b)\s*/);
  if (ends.length !== 2) return null;
  const open = timeOf(ends[0]);
  const close = timeOf(ends[1]);
  if (open === null || close === null) return null;
  if (open === close || (open === 0 && close === DAY)) return { kind: 'allDay' };
  // A closing time at or before the opening one is the next morning ('6 AM - 1 AM', '... 12 AM').
  return { kind: 'open', open, close: close <= open ? close + DAY : close };
}

/**
 * The week a store's `hours` list describes. A later row wins for a day an earlier row named
 * ('Daily' then 'Sun'). Null when a row's `day` cannot be read: which days it meant is unknown.
 * A day no row names, or whose hours cannot be read, is null in `days`.
 */
export function parseWeek(rows: readonly StoreHoursRow[] | null | undefined): Week | null {
  if (!Array.isArray(rows) || rows.length === 0) return null;
  const days: (DayHours | null)[] = Array(7).fill(null);
  const texts: (string | null)[] = Array(7).fill(null);
  for (const row of rows) {
    const named = parseDays(row?.day);
    if (!named) return null;
    const text = typeof row.hours === 'string' ? clean(row.hours) : '';
    for (const d of named) {
      days[d] = parseHoursText(text);
      texts[d] = text || null;
    }
  }
  return { days, texts };
}

/** '7 AM', '6:30 PM', 'midnight' (12 AM), '12 PM'. */
export function formatTime(minutes: number): string {
  const m = ((minutes % DAY) + DAY) % DAY;
  if (m === 0) return 'midnight';
  const h = Math.floor(m / 60);
  const min = m % 60;
  const clock = `${h % 12 || 12}${min ? `:${String(min).padStart(2, '0')}` : ''}`;
  return `${clock} ${h < 12 ? 'AM' : 'PM'}`;
}

export interface OpenStatus {
  open: boolean;
  /** 'Open now · closes 9 PM', 'Closed · opens 7 AM', 'Closed · opens Mon 7 AM', 'Open 24 hours'. */
  text: string;
}

/**
 * Days around today, yesterday first: index 0 is yesterday, 1 today, 8 a week ahead (the span
 * the open-now line looks at). Null where the hours are not known.
 */
type DaysAround = (DayHours | null)[];
const AROUND = { from: -1, to: 7 } as const;

/** Opening intervals from yesterday to a week ahead, in minutes from today's midnight, merged. */
function intervals(days: DayHours[]): [number, number][] {
  const list: [number, number][] = [];
  for (let offset: number = AROUND.from; offset <= AROUND.to; offset++) {
    const day = days[offset - AROUND.from];
    const base = offset * DAY;
    if (day.kind === 'allDay') list.push([base, base + DAY]);
    else if (day.kind === 'open') list.push([base + day.open, base + day.close]);
  }
  const merged: [number, number][] = [];
  for (const [start, end] of list.sort((a, b) => a[0] - b[0])) {
    const last = merged[merged.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged;
}

/** The time of `minutes` from today's midnight, with the day named past tomorrow's noon. */
function when(minutes: number, today: number): string {
  const time = formatTime(minutes);
  if (minutes < DAY + 720) return time;
  return `${DAY_SHORT[(today + Math.floor(minutes / DAY)) % 7]} ${time}`;
}

/** A day's hours as the special-hours lines write them: 'Closed', 'Open 24 hours', '8 AM – 3 PM'. */
export function describeDayHours(day: DayHours): string {
  if (day.kind === 'closed') return 'Closed';
  if (day.kind === 'allDay') return 'Open 24 hours';
  return `${formatTime(day.open)} – ${formatTime(day.close)}`;
}

/** Today's exception, read: its label and hours. */
interface TodaySpecial {
  label: string;
  day: DayHours;
}

function known(days: DaysAround): days is DayHours[] {
  return days.every((d) => d !== null);
}

function statusAround(
  days: DaysAround,
  weekday: number,
  minutes: number,
  special: TodaySpecial | null,
): OpenStatus | null {
  const spans = known(days) ? intervals(days) : null;
  const current = spans?.find(([start, end]) => start <= minutes && minutes < end);
  if (special) {
    const { label, day } = special;
    if (day.kind === 'closed') return { open: false, text: `Closed today · ${label}` };
    if (day.kind === 'allDay') return { open: true, text: `Open 24 hours today · ${label}` };
    if (minutes < day.close) {
      const open = spans ? current !== undefined : minutes >= day.open;
      return { open, text: `Open today ${describeDayHours(day)} · ${label}` };
    }
    // Past today's special closing time: when it opens next, if the days ahead are known.
    if (!spans) return { open: false, text: `Closed for today · ${label}` };
  }
  if (!spans) return null;
  const today = days[-AROUND.from] as DayHours;
  if (current) {
    if (today.kind === 'allDay' && current[1] > DAY) return { open: true, text: 'Open 24 hours' };
    return { open: true, text: `Open now · closes ${when(current[1], weekday)}` };
  }
  const next = spans.find(([start]) => start > minutes);
  return { open: false, text: next ? `Closed · opens ${when(next[0], weekday)}` : 'Closed' };
}

const weekDaysAround = (week: Week, weekday: number): DaysAround =>
  Array.from({ length: AROUND.to - AROUND.from + 1 }, (_, i) => {
    return week.days[(((weekday + AROUND.from + i) % 7) + 7) % 7];
  });

/**
 * Open or closed at a wall-clock moment (weekday Monday 0, minutes since midnight), from a week
 * whose every day is known; null otherwise (no claim made from hours we could not read).
 */
export function openStatus(week: Week | null, weekday: number, minutes: number): OpenStatus | null {
  if (!week) return null;
  return statusAround(weekDaysAround(week, weekday), weekday, minutes, null);
}

/** The exception that covers a calendar day (`YYYY-MM-DD`), if any. */
export function specialHoursOn(
  list: readonly SpecialHours[] | null | undefined,
  date: string,
): SpecialHours | null {
  return (Array.isArray(list) ? list : []).find((s) => s.from <= date && date <= s.to) ?? null;
}

export interface WeekRow {
  /** 'Monday' … 'Sunday', or the row's own `day` when the week could not be read. */
  day: string;
  hours: string;
  today: boolean;
  /** The holiday or special day that replaces this day's hours in the shown week, if any. */
  special?: { label: string; date: string } | null;
}

/** What a page shows of a store's hours at an instant, in the store's time zone. */
export interface HoursView {
  /** Seven rows Monday to Sunday (today marked), or the rows as written when unreadable. */
  rows: WeekRow[];
  /** Today's hours as written (an exception's with its label); null when not known. */
  today: string | null;
  status: OpenStatus | null;
}

/** Shown for a day the list does not name. */
export const HOURS_NOT_LISTED = 'Not listed';

/** The store's wall clock; Denver's when the zone is unknown to this runtime (never throws). */
function clockAt(at: number | Date, timeZone: string) {
  try {
    return wallClock(at, timeZone);
  } catch {
    return wallClock(at);
  }
}

/** The calendar day (`YYYY-MM-DD`) on the store's own clock at an instant. */
export function storeDate(at: number | Date, timeZone: string): string {
  return clockAt(at, timeZone).date;
}

/** The calendar day and weekday (Monday 0) on the store's own clock at an instant. */
export function storeDay(at: number | Date, timeZone: string): { date: string; weekday: number } {
  const { date, weekday } = clockAt(at, timeZone);
  return { date, weekday };
}

export function hoursView(
  rows: readonly StoreHoursRow[] | null | undefined,
  at: number | Date,
  timeZone: string,
  specialHours: readonly SpecialHours[] = [],
): HoursView {
  const list = Array.isArray(rows) ? rows : [];
  const week = parseWeek(list);
  const clock = clockAt(at, timeZone);
  // The days around today on the store's calendar, each from its exception when one covers it.
  const days: DaysAround = [];
  let special: TodaySpecial | null = null;
  for (let offset: number = AROUND.from; offset <= AROUND.to; offset++) {
    const exception = specialHoursOn(specialHours, addDays(clock.date, offset));
    const day = exception
      ? parseHoursText(exception.hours)
      : (week?.days[(((clock.weekday + offset) % 7) + 7) % 7] ?? null);
    days.push(day);
    if (offset === 0 && exception && day) special = { label: exception.label, day };
  }
  const status = statusAround(days, clock.weekday, clock.minutes, special);
  if (!week) {
    return {
      rows: list.map((r) => ({
        day: clean(String(r?.day ?? '')),
        hours: clean(String(r?.hours ?? '')),
        today: false,
      })),
      today: special ? `${describeDayHours(special.day)} · ${special.label}` : null,
      status: special ? status : null,
    };
  }
  return {
    rows: DAY_LONG.map((day, i) => ({
      day,
      hours: week.texts[i] ?? HOURS_NOT_LISTED,
      today: i === clock.weekday,
    })),
    today: special
      ? `${describeDayHours(special.day)} · ${special.label}`
      : week.texts[clock.weekday],
    status,
  };
}

/** A day's hours in a sentence: 'from 6 AM to midnight', 'closed', '24 hours'. */
function dayPhrase(day: DayHours): string {
  if (day.kind === 'closed') return 'closed';
  if (day.kind === 'allDay') return '24 hours';
  return `from ${formatTime(day.open)} to ${formatTime(day.close)}`;
}

/**
 * A store's regular week in words, for a caption: 'every day from 6 AM to midnight',
 * 'Mon–Sat from 7 AM to 11 PM, Sun closed', '24 hours every day'. Null when the week cannot be
 * read or a day is not listed (a caption then has nothing true to say).
 */
export function describeWeekHours(
  rows: readonly StoreHoursRow[] | null | undefined,
): string | null {
  const week = parseWeek(rows);
  if (!week || week.days.some((d) => d === null)) return null;
  const days = week.days as DayHours[];
  const phrase = days.map(dayPhrase);
  if (phrase.every((p) => p === phrase[0])) {
    return phrase[0] === '24 hours' ? '24 hours every day' : `every day ${phrase[0]}`;
  }
  // Runs of days with the same hours, Monday first.
  const parts: string[] = [];
  for (let i = 0; i < 7; ) {
    let j = i;
    while (j + 1 < 7 && phrase[j + 1] === phrase[i]) j++;
    const span = i === j ? DAY_SHORT[i] : `${DAY_SHORT[i]}–${DAY_SHORT[j]}`;
    parts.push(`${span} ${phrase[i]}`);
    i = j + 1;
  }
  return parts.join(', ');
}
