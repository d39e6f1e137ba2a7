import { describe, expect, it } from 'vitest';
import {
  addDays,
  addDenverDays,
  calendarDate,
  daysBetween,
  denverDate,
  denverInstant,
  endOfDenverDay,
  formatShopperDate,
  plainDate,
} from './dates';

describe('Denver dates', () => {
  it('follows daylight saving time (UTC−6 in summer, UTC−7 in winter)', () => {
    // 05:30 UTC is still the previous evening in Denver, winter and summer alike.
    expect(denverDate(Date.parse('2026-01-15T05:30:00Z'))).toBe('2026-01-14');
    expect(denverDate(Date.parse('2026-07-15T05:30:00Z'))).toBe('2026-07-14');
    // 06:30 UTC: in summer (UTC−6) it is already 00:30 the same day; in winter 23:30 the day before.
    expect(denverDate(Date.parse('2026-07-15T06:30:00Z'))).toBe('2026-07-15');
    expect(denverDate(Date.parse('2026-01-15T06:30:00Z'))).toBe('2026-01-14');
    expect(denverInstant('2026-07-15', 12).toISOString()).toBe('2026-07-15T18:00:00.000Z');
    expect(denverInstant('2026-01-15', 12).toISOString()).toBe('2026-01-15T19:00:00.000Z');
  });

  it('reads plain dates as they stand and instants as their Denver day', () => {
    expect(calendarDate('2026-11-28')).toBe('2026-11-28');
    expect(calendarDate('2026-11-28T03:00:00Z')).toBe('2026-11-27');
    expect(calendarDate('2026-11-28T23:59:59-07:00')).toBe('2026-11-28');
    expect(calendarDate(Date.parse('2026-11-28T12:00:00Z'))).toBe('2026-11-28');
    for (const bad of [null, undefined, '', 'soon', '2026', 'Nov 5', '2026-02-30']) {
      expect(calendarDate(bad)).toBeNull();
    }
    expect(plainDate('2026-02-28')).toBe('2026-02-28');
    expect(plainDate('2026-02-29')).toBeNull();
  });

  it('counts and adds calendar days', () => {
    expect(daysBetween('2026-11-24', '2026-11-27')).toBe(3);
    expect(daysBetween('2026-03-07', '2026-03-09')).toBe(2); // across the spring change
    expect(daysBetween('2026-11-24', '2026-11-20')).toBe(-4);
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('adds calendar days on the Denver wall clock across daylight saving changes', () => {
    // Noon MST on March 1 is noon MDT 180 days later (18:00 UTC, not 19:00).
    expect(addDenverDays('2026-03-01T19:00:00Z', 180).toISOString()).toBe(
      '2026-08-28T18:00:00.000Z',
    );
    expect(addDenverDays(Date.parse('2026-08-28T18:00:00.250Z'), -180).toISOString()).toBe(
      '2026-03-01T19:00:00.250Z',
    );
    // 23:30 MDT stays 23:30 on the next day too, not 23:30 + 24 h.
    expect(addDenverDays('2026-07-15T05:30:00Z', 1).toISOString()).toBe('2026-07-16T05:30:00.000Z');
  });

  it('ends a day at its last Denver second', () => {
    expect(endOfDenverDay('2026-11-28').toISOString()).toBe('2026-11-29T06:59:59.000Z');
    expect(endOfDenverDay('2026-06-28').toISOString()).toBe('2026-06-29T05:59:59.000Z');
  });

  it('formats dates for shoppers', () => {
    expect(formatShopperDate('2026-11-01')).toBe('Nov 1, 2026');
    expect(formatShopperDate('2026-11-01', 'long')).toBe('Sunday, November 1, 2026');
    expect(formatShopperDate('2026-11-28T03:00:00Z', 'monthDay')).toBe('Nov 27');
    expect(formatShopperDate(null)).toBe('');
    expect(formatShopperDate('not a date')).toBe('');
  });

  it('formats a day again the same way, each style its own', () => {
    for (let i = 0; i < 2; i += 1) {
      expect(formatShopperDate('2026-11-02', 'monthDay')).toBe('Nov 2');
      expect(formatShopperDate('2026-11-02')).toBe('Nov 2, 2026');
      expect(formatShopperDate('2026-11-02', 'long')).toBe('Monday, November 2, 2026');
      expect(formatShopperDate('2026-11-03T03:00:00Z')).toBe('Nov 2, 2026');
    }
  });
});
