/**
 * Holiday and special hours (docs/reference/stores.md "Rules"): an exception replaces the weekly
 * hours on the days it covers, on the store's own calendar; the open-now line names it; the store
 * page lists those of the next 30 days, the pharmacy's apart from the store's.
 */
import { describe, expect, it } from 'vitest';
import type { SpecialHours } from '~/content/source/types';
import { describeWeekHours, hoursView, specialHoursOn, type StoreHoursRow } from './hours';
import {
  SPECIAL_HOURS_WINDOW_DAYS,
  upcomingSpecialHours,
  weekWithSpecialHours,
} from './special-hours';

const DENVER = 'America/Denver';
const LA = 'America/Los_Angeles';

const WEEK: StoreHoursRow[] = [
  { day: 'Mon-Sat', hours: '7 AM - 10 PM' },
  { day: 'Sun', hours: 'Closed' },
];
const PHARMACY: StoreHoursRow[] = [
  { day: 'Mon-Fri', hours: '9 AM - 7 PM' },
  { day: 'Sat', hours: '9 AM - 5 PM' },
  { day: 'Sun', hours: 'Closed' },
];

const day = (label: string, date: string, hours: string): SpecialHours => ({
  label,
  from: date,
  to: date,
  hours,
});
const HOLIDAYS: SpecialHours[] = [
  day('Thanksgiving', '2026-11-26', 'Closed'),
  day('Christmas Eve', '2026-12-24', '8 AM - 3 PM'),
  day('Christmas Day', '2026-12-25', 'Closed'),
];
const PHARMACY_HOLIDAYS: SpecialHours[] = [
  day('Thanksgiving', '2026-11-26', 'Closed'),
  day('Christmas Eve', '2026-12-24', '9 AM - 1 PM'),
];

const view = (at: string, special = HOLIDAYS, zone = DENVER, rows = WEEK) =>
  hoursView(rows, new Date(at), zone, special);

describe('the open-now line on an exception day', () => {
  it("says 'Closed today' with the day's name, all day long", () => {
    // Thursday 26 November 2026, 10 AM and 11 PM in Denver (UTC−7).
    for (const at of ['2026-11-26T17:00:00Z', '2026-11-27T06:00:00Z', '2026-11-26T07:30:00Z']) {
      const v = view(at);
      expect(v.status, at).toEqual({ open: false, text: 'Closed today · Thanksgiving' });
      expect(v.today, at).toBe('Closed · Thanksgiving');
    }
  });

  it("gives the day's own hours until they end, then when the store opens next", () => {
    // Christmas Eve (a Thursday), 6 AM, 10 AM and 2:59 PM Denver: the special hours.
    expect(view('2026-12-24T13:00:00Z').status).toEqual({
      open: false,
      text: 'Open today 8 AM – 3 PM · Christmas Eve',
    });
    expect(view('2026-12-24T17:00:00Z').status).toEqual({
      open: true,
      text: 'Open today 8 AM – 3 PM · Christmas Eve',
    });
    expect(view('2026-12-24T21:59:00Z').status?.open).toBe(true);
    expect(view('2026-12-24T17:00:00Z').today).toBe('8 AM – 3 PM · Christmas Eve');
    // 3 PM: closed, and Christmas Day is closed too: it opens on Saturday.
    expect(view('2026-12-24T22:00:00Z').status).toEqual({
      open: false,
      text: 'Closed · opens Sat 7 AM',
    });
  });

  it('looks past an exception the day before: it opens after the holiday', () => {
    // Wednesday 25 November, 11 PM Denver: Thursday is Thanksgiving, so Friday 7 AM.
    expect(view('2026-11-26T06:00:00Z').status?.text).toBe('Closed · opens Fri 7 AM');
    // Without the exception: Thursday 7 AM.
    expect(view('2026-11-26T06:00:00Z', []).status?.text).toBe('Closed · opens 7 AM');
    // Saturday 28 November, noon: the usual line.
    expect(view('2026-11-28T19:00:00Z').status?.text).toBe('Open now · closes 10 PM');
  });

  it("uses the store's own calendar day, not Denver's or the server's", () => {
    // 11:30 PM on 25 November in Los Angeles is already the 26th in Denver and UTC.
    const at = '2026-11-26T07:30:00Z';
    expect(view(at, HOLIDAYS, LA).status?.text).not.toContain('Thanksgiving');
    expect(view(at, HOLIDAYS, DENVER).status?.text).toBe('Closed today · Thanksgiving');
    // 11:30 PM on the 26th in Los Angeles is still Thanksgiving there.
    expect(view('2026-11-27T07:30:00Z', HOLIDAYS, LA).status?.text).toBe(
      'Closed today · Thanksgiving',
    );
    expect(view('2026-11-27T07:30:00Z', HOLIDAYS, DENVER).status?.text).toBe('Closed · opens 7 AM');
  });

  it('covers every day of a range, both ends included', () => {
    const inventory: SpecialHours[] = [
      { label: 'Inventory', from: '2027-01-04', to: '2027-01-06', hours: '10 AM - 4 PM' },
    ];
    expect(specialHoursOn(inventory, '2027-01-03')).toBeNull();
    for (const date of ['2027-01-04', '2027-01-05', '2027-01-06']) {
      expect(specialHoursOn(inventory, date)?.label, date).toBe('Inventory');
      expect(view(`${date}T18:00:00Z`, inventory).status?.text, date).toBe(
        'Open today 10 AM – 4 PM · Inventory',
      );
    }
    expect(specialHoursOn(inventory, '2027-01-07')).toBeNull();
    expect(view('2027-01-07T18:00:00Z', inventory).status?.text).toBe('Open now · closes 10 PM');
  });

  it('keeps the pharmacy and the store apart', () => {
    const at = new Date('2026-12-24T19:00:00Z'); // Christmas Eve, noon in Denver
    const store = hoursView(WEEK, at, DENVER, HOLIDAYS);
    const pharmacy = hoursView(PHARMACY, at, DENVER, PHARMACY_HOLIDAYS);
    expect(store.status?.text).toBe('Open today 8 AM – 3 PM · Christmas Eve');
    expect(pharmacy.status?.text).toBe('Open today 9 AM – 1 PM · Christmas Eve');
    // A store exception says nothing of the pharmacy's day, and the other way round.
    const storeOnly = hoursView(PHARMACY, at, DENVER, []);
    expect(storeOnly.status?.text).toBe('Open now · closes 7 PM');
  });

  it('names the day even when the weekly hours cannot be read', () => {
    const unreadable = [{ day: 'Most days', hours: 'early till late' }];
    const v = view('2026-11-26T17:00:00Z', HOLIDAYS, DENVER, unreadable);
    expect(v.status?.text).toBe('Closed today · Thanksgiving');
    expect(view('2026-11-27T17:00:00Z', HOLIDAYS, DENVER, unreadable).status).toBeNull();
  });
});

describe('the next 30 days a store page lists', () => {
  it('lists the exceptions from today on, in date order, with their hours in words', () => {
    expect(SPECIAL_HOURS_WINDOW_DAYS).toBe(30);
    expect(upcomingSpecialHours(HOLIDAYS, '2026-11-26')).toEqual([
      {
        from: '2026-11-26',
        to: '2026-11-26',
        dates: 'Thu, Nov 26',
        label: 'Thanksgiving',
        hours: 'Closed',
        closed: true,
      },
      {
        from: '2026-12-24',
        to: '2026-12-24',
        dates: 'Thu, Dec 24',
        label: 'Christmas Eve',
        hours: '8 AM – 3 PM',
        closed: false,
      },
      {
        from: '2026-12-25',
        to: '2026-12-25',
        dates: 'Fri, Dec 25',
        label: 'Christmas Day',
        hours: 'Closed',
        closed: true,
      },
    ]);
  });

  it('keeps to the window: today is its first day, the 30th its last', () => {
    const labels = (today: string) => upcomingSpecialHours(HOLIDAYS, today).map((r) => r.label);
    // The day after Thanksgiving: it is past.
    expect(labels('2026-11-27')).toEqual(['Christmas Eve', 'Christmas Day']);
    // Christmas Eve is the 30th day from 25 November, Christmas Day the 31st.
    expect(labels('2026-11-25')).toEqual(['Thanksgiving', 'Christmas Eve']);
    expect(labels('2026-11-24')).toEqual(['Thanksgiving']);
    expect(labels('2026-12-26')).toEqual([]);
  });

  it('lists a range that began before today or ends after the window, once', () => {
    const range: SpecialHours[] = [
      { label: 'Remodel', from: '2026-11-20', to: '2027-02-01', hours: '8 AM - 6 PM' },
    ];
    expect(upcomingSpecialHours(range, '2026-11-28')).toEqual([
      {
        from: '2026-11-20',
        to: '2027-02-01',
        dates: 'Fri, Nov 20 – Mon, Feb 1',
        label: 'Remodel',
        hours: '8 AM – 6 PM',
        closed: false,
      },
    ]);
  });
});

describe('the weekly table with its holiday days in place', () => {
  it('shows a holiday of the shown week on its weekday, with its hours and name', () => {
    // Tuesday 24 November 2026: this week's Thursday is Thanksgiving.
    const rows = view('2026-11-24T17:00:00Z').rows;
    const week = weekWithSpecialHours(rows, HOLIDAYS, '2026-11-24', 1);
    expect(week[3]).toEqual({
      day: 'Thursday',
      hours: 'Closed',
      today: false,
      special: { label: 'Thanksgiving', date: 'Thu, Nov 26' },
    });
    // The other days keep the regular week.
    expect(week.filter((r) => r.special)).toHaveLength(1);
    expect(week[1]).toMatchObject({ day: 'Tuesday', hours: '7 AM - 10 PM', today: true });
    // The shown week runs Monday to Sunday: on the Sunday before, Christmas is next week.
    const before = weekWithSpecialHours(rows, HOLIDAYS, '2026-12-20', 6);
    expect(before.some((r) => r.special)).toBe(false);
    const christmas = weekWithSpecialHours(rows, HOLIDAYS, '2026-12-21', 0);
    expect(christmas.slice(3, 5).map((r) => [r.hours, r.special?.label])).toEqual([
      ['8 AM – 3 PM', 'Christmas Eve'],
      ['Closed', 'Christmas Day'],
    ]);
  });

  it('leaves rows as written (a week it could not read) alone', () => {
    const rows = [{ day: 'Whenever', hours: 'Ask us', today: false }];
    expect(weekWithSpecialHours(rows, HOLIDAYS, '2026-11-24', 1)).toEqual(rows);
  });
});

describe('a week in words (store carousel captions)', () => {
  it('says every day, runs of days, closed days and 24 hours', () => {
    expect(describeWeekHours([{ day: 'Daily', hours: '6 AM - 12 AM' }])).toBe(
      'every day from 6 AM to midnight',
    );
    expect(describeWeekHours(WEEK)).toBe('Mon–Sat from 7 AM to 10 PM, Sun closed');
    expect(describeWeekHours(PHARMACY)).toBe(
      'Mon–Fri from 9 AM to 7 PM, Sat from 9 AM to 5 PM, Sun closed',
    );
    expect(describeWeekHours([{ day: 'Daily', hours: 'Open 24 hours' }])).toBe(
      '24 hours every day',
    );
    // A day not listed or a row not read: nothing true to say.
    expect(describeWeekHours([{ day: 'Mon-Fri', hours: '7 AM - 9 PM' }])).toBeNull();
    expect(describeWeekHours([{ day: 'Daily', hours: 'late' }])).toBeNull();
    expect(describeWeekHours([])).toBeNull();
  });
});
