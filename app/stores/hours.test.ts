import { describe, expect, it } from 'vitest';
import { wallClock } from '@common/dates';
import {
  formatTime,
  hoursView,
  openStatus,
  parseDays,
  parseHoursText,
  parseWeek,
  type StoreHoursRow,
} from './hours';

const DENVER = 'America/Denver';
const PHOENIX = 'America/Phoenix';
const LA = 'America/Los_Angeles';

/** The status line of `rows` at an instant in a zone. */
const statusAt = (rows: StoreHoursRow[], at: string, zone = DENVER) =>
  hoursView(rows, new Date(at), zone).status?.text ?? null;

const SUNDAY_CLOSED: StoreHoursRow[] = [
  { day: 'Mon-Thu', hours: '7 AM - 9 PM' },
  { day: 'Fri-Sat', hours: '7 AM - 10 PM' },
  { day: 'Sun', hours: 'Closed' },
];
const LATE: StoreHoursRow[] = [
  { day: 'Mon-Sat', hours: '6 AM - 1 AM' },
  { day: 'Sun', hours: '7 AM - 12 AM' },
];

describe('day ranges', () => {
  it('reads single days, ranges, lists and whole weeks', () => {
    expect(parseDays('Sun')).toEqual([6]);
    expect(parseDays('Mon-Thu')).toEqual([0, 1, 2, 3]);
    expect(parseDays('Mon - Sun')).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(parseDays('Daily')).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(parseDays('Every day')).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(parseDays('Monday through Friday')).toEqual([0, 1, 2, 3, 4]);
    expect(parseDays('Sat & Sun')).toEqual([5, 6]);
    expect(parseDays('Tues, Thurs')).toEqual([1, 3]);
    expect(parseDays('Weekends')).toEqual([5, 6]);
    expect(parseDays('Fri–Mon')).toEqual([0, 4, 5, 6]);
  });

  it('refuses what is not a day', () => {
    for (const text of ['', 'Holidays', 'M', 'Mon-Tue-Wed', 'Mon-', 'x'.repeat(500)]) {
      expect(parseDays(text), text).toBeNull();
    }
  });
});

describe('hours text', () => {
  it('reads opening and closing times, closed and all day', () => {
    expect(parseHoursText('7 AM - 9 PM')).toEqual({ kind: 'open', open: 420, close: 1260 });
    expect(parseHoursText('6:30 AM - 10 PM')).toEqual({ kind: 'open', open: 390, close: 1320 });
    expect(parseHoursText('7am–9:30pm')).toEqual({ kind: 'open', open: 420, close: 1290 });
    expect(parseHoursText('7 a.m. to 9 p.m.')).toEqual({ kind: 'open', open: 420, close: 1260 });
    expect(parseHoursText('Closed')).toEqual({ kind: 'closed' });
    expect(parseHoursText('Open 24 hours')).toEqual({ kind: 'allDay' });
    expect(parseHoursText('24 hours')).toEqual({ kind: 'allDay' });
    expect(parseHoursText('12 AM - 12 AM')).toEqual({ kind: 'allDay' });
  });

  it('reads late hours as closing the next morning', () => {
    expect(parseHoursText('6 AM - 1 AM')).toEqual({ kind: 'open', open: 360, close: 1500 });
    expect(parseHoursText('7 AM - 12 AM')).toEqual({ kind: 'open', open: 420, close: 1440 });
    expect(parseHoursText('7 AM - Midnight')).toEqual({ kind: 'open', open: 420, close: 1440 });
  });

  it('refuses what it cannot read', () => {
    for (const text of ['', 'Call for hours', '7 - 9', '13 PM - 9 PM', '7 AM - 9 PM - 10 PM']) {
      expect(parseHoursText(text), text).toBeNull();
    }
  });

  it('formats times as shoppers read them', () => {
    expect(formatTime(420)).toBe('7 AM');
    expect(formatTime(1290)).toBe('9:30 PM');
    expect(formatTime(720)).toBe('12 PM');
    expect(formatTime(1440)).toBe('midnight');
    expect(formatTime(1500)).toBe('1 AM');
  });
});

describe('the week', () => {
  it('has seven rows Monday to Sunday with today marked in the store zone', () => {
    // Sunday 2026-06-14, 10:00 in Denver.
    const view = hoursView(SUNDAY_CLOSED, new Date('2026-06-14T16:00:00Z'), DENVER);
    expect(view.rows.map((r) => r.day)).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    expect(view.rows.map((r) => r.hours)).toEqual([
      ...Array(4).fill('7 AM - 9 PM'),
      '7 AM - 10 PM',
      '7 AM - 10 PM',
      'Closed',
    ]);
    expect(view.rows.filter((r) => r.today).map((r) => r.day)).toEqual(['Sunday']);
    expect(view.today).toBe('Closed');
  });

  it('lets a later row override a day an earlier one named', () => {
    const week = parseWeek([
      { day: 'Daily', hours: '6 AM - 11 PM' },
      { day: 'Sun', hours: '8 AM - 8 PM' },
    ]);
    expect(week?.texts).toEqual([...Array(6).fill('6 AM - 11 PM'), '8 AM - 8 PM']);
  });

  it('shows unreadable rows as written, with no open-now line and nothing thrown', () => {
    const rows = [
      { day: 'Holidays', hours: '9 AM - 5 PM' },
      { day: 'Mon-Sun', hours: '6 AM - 11 PM' },
    ];
    const view = hoursView(rows, new Date('2026-06-15T18:00:00Z'), DENVER);
    expect(view.rows).toEqual([
      { day: 'Holidays', hours: '9 AM - 5 PM', today: false },
      { day: 'Mon-Sun', hours: '6 AM - 11 PM', today: false },
    ]);
    expect(view.status).toBeNull();
    expect(view.today).toBeNull();

    // A readable day with unreadable hours: today's text as written, no claim of open or closed.
    const odd = hoursView(
      [{ day: 'Daily', hours: 'Call for hours' }],
      new Date('2026-06-15T18:00:00Z'),
      DENVER,
    );
    expect(odd.today).toBe('Call for hours');
    expect(odd.status).toBeNull();

    // Days the list leaves out are 'Not listed', and no open-now line is claimed.
    const partial = hoursView(
      [{ day: 'Mon-Fri', hours: '9 AM - 5 PM' }],
      new Date('2026-06-15T18:00:00Z'),
      DENVER,
    );
    expect(partial.rows[6]).toEqual({ day: 'Sunday', hours: 'Not listed', today: false });
    expect(partial.status).toBeNull();

    for (const bad of [null, undefined, [], [{}], [{ day: 7, hours: null }]]) {
      expect(() =>
        hoursView(bad as StoreHoursRow[], new Date('2026-06-15T18:00:00Z'), DENVER),
      ).not.toThrow();
    }
  });

  it('never throws on a time zone the runtime does not know (Denver instead)', () => {
    const view = hoursView(SUNDAY_CLOSED, new Date('2026-06-14T16:00:00Z'), 'Mars/Olympus');
    expect(view.today).toBe('Closed');
  });
});

describe('open now', () => {
  it('says when an open store closes and when a closed one opens', () => {
    // Monday 2026-06-15 (MDT, UTC−6).
    expect(statusAt(SUNDAY_CLOSED, '2026-06-15T18:00:00Z')).toBe('Open now · closes 9 PM');
    expect(statusAt(SUNDAY_CLOSED, '2026-06-15T12:59:00Z')).toBe('Closed · opens 7 AM');
    expect(statusAt(SUNDAY_CLOSED, '2026-06-15T13:00:00Z')).toBe('Open now · closes 9 PM');
    expect(statusAt(SUNDAY_CLOSED, '2026-06-16T02:59:00Z')).toBe('Open now · closes 9 PM');
    // 9 PM Monday: closed, opening tomorrow morning.
    expect(statusAt(SUNDAY_CLOSED, '2026-06-16T03:00:00Z')).toBe('Closed · opens 7 AM');
  });

  it('names the day when the store stays closed past tomorrow morning (Sunday closure)', () => {
    // Saturday 2026-06-13 at 10:30 PM: closed Sunday, opens Monday.
    expect(statusAt(SUNDAY_CLOSED, '2026-06-14T04:30:00Z')).toBe('Closed · opens Mon 7 AM');
    // Sunday noon: opens tomorrow morning.
    expect(statusAt(SUNDAY_CLOSED, '2026-06-14T18:00:00Z')).toBe('Closed · opens 7 AM');
    // Closed on a Monday, opening Tuesday at 1 PM: past tomorrow's noon, so the day is named.
    const rows = [
      { day: 'Mon', hours: 'Closed' },
      { day: 'Tue-Sun', hours: '1 PM - 5 PM' },
    ];
    expect(statusAt(rows, '2026-06-15T18:00:00Z')).toBe('Closed · opens Tue 1 PM');
  });

  it('keeps late hours open across midnight', () => {
    // Tuesday 2026-06-16 00:30 in Denver: still Monday's hours, closing 1 AM.
    expect(statusAt(LATE, '2026-06-16T06:30:00Z')).toBe('Open now · closes 1 AM');
    expect(statusAt(LATE, '2026-06-16T07:00:00Z')).toBe('Closed · opens 6 AM');
    // Monday 00:30 after Sunday's '7 AM - 12 AM': closed until 6 AM.
    expect(statusAt(LATE, '2026-06-15T06:30:00Z')).toBe('Closed · opens 6 AM');
    // Sunday evening: closes at midnight.
    expect(statusAt(LATE, '2026-06-15T04:00:00Z')).toBe('Open now · closes midnight');
    // The week view of a night-time instant marks the calendar day, Tuesday.
    expect(hoursView(LATE, new Date('2026-06-16T06:30:00Z'), DENVER).rows[1].today).toBe(true);
  });

  it('says Open 24 hours for a store that never closes', () => {
    expect(statusAt([{ day: 'Daily', hours: 'Open 24 hours' }], '2026-06-15T09:00:00Z')).toBe(
      'Open 24 hours',
    );
    // 24 hours on weekdays, closing at midnight into a Saturday that opens at 7.
    const rows = [
      { day: 'Mon-Fri', hours: 'Open 24 hours' },
      { day: 'Sat-Sun', hours: '7 AM - 10 PM' },
    ];
    expect(statusAt(rows, '2026-06-15T09:00:00Z')).toBe('Open 24 hours');
    expect(statusAt(rows, '2026-06-19T20:00:00Z')).toBe('Open now · closes midnight');
    expect(statusAt(rows, '2026-06-20T07:00:00Z')).toBe('Closed · opens 7 AM');
  });

  it('says Closed with no opening in sight when every day is closed', () => {
    expect(statusAt([{ day: 'Daily', hours: 'Closed' }], '2026-06-15T18:00:00Z')).toBe('Closed');
  });

  it('follows daylight saving changes on the store clock', () => {
    // 2026-03-08: Denver springs forward at 2 AM (UTC−7 → UTC−6). 7 AM is 13:00Z that day and
    // 14:00Z the day before.
    const rows = [{ day: 'Daily', hours: '7 AM - 9 PM' }];
    expect(statusAt(rows, '2026-03-07T13:30:00Z')).toBe('Closed · opens 7 AM');
    expect(statusAt(rows, '2026-03-07T14:00:00Z')).toBe('Open now · closes 9 PM');
    expect(statusAt(rows, '2026-03-08T12:59:00Z')).toBe('Closed · opens 7 AM');
    expect(statusAt(rows, '2026-03-08T13:00:00Z')).toBe('Open now · closes 9 PM');
    // 2026-11-01: back to UTC−7 at 2 AM; 9 PM is 04:00Z the next day.
    expect(statusAt(rows, '2026-11-02T03:59:00Z')).toBe('Open now · closes 9 PM');
    expect(statusAt(rows, '2026-11-02T04:00:00Z')).toBe('Closed · opens 7 AM');
    // A late store on the fall-back night (Saturday '6 AM - 1 AM'): 12:30 MDT is open; 1:30
    // comes twice (MDT, then MST) and is after closing both times.
    expect(statusAt(LATE, '2026-11-01T06:30:00Z')).toBe('Open now · closes 1 AM');
    expect(statusAt(LATE, '2026-11-01T07:30:00Z')).toBe('Closed · opens 7 AM');
    expect(statusAt(LATE, '2026-11-01T08:30:00Z')).toBe('Closed · opens 7 AM');
    expect(statusAt(LATE, '2026-11-01T14:00:00Z')).toBe('Open now · closes midnight');
  });

  it('reads each store in its own time zone', () => {
    const rows = [{ day: 'Daily', hours: '7 AM - 9 PM' }];
    // 2026-06-15 14:30Z: 8:30 in Denver, 7:30 in Phoenix (no daylight saving), 7:30 in LA.
    expect(statusAt(rows, '2026-06-15T14:30:00Z', DENVER)).toBe('Open now · closes 9 PM');
    expect(statusAt(rows, '2026-06-15T14:30:00Z', PHOENIX)).toBe('Open now · closes 9 PM');
    expect(statusAt(rows, '2026-06-15T13:30:00Z', PHOENIX)).toBe('Closed · opens 7 AM');
    expect(statusAt(rows, '2026-06-15T13:30:00Z', DENVER)).toBe('Open now · closes 9 PM');
    expect(statusAt(rows, '2026-06-16T03:30:00Z', LA)).toBe('Open now · closes 9 PM');
    expect(statusAt(rows, '2026-06-16T03:30:00Z', DENVER)).toBe('Closed · opens 7 AM');
    // In winter Phoenix and Denver share a clock.
    expect(wallClock('2026-01-15T14:30:00Z', PHOENIX)).toEqual(
      wallClock('2026-01-15T14:30:00Z', DENVER),
    );
  });

  it('makes no claim from a week with an unknown day', () => {
    const week = parseWeek([{ day: 'Mon-Sat', hours: '7 AM - 9 PM' }]);
    expect(openStatus(week, 0, 600)).toBeNull();
    expect(openStatus(null, 0, 600)).toBeNull();
  });
});
