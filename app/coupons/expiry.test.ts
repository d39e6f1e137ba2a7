import { describe, expect, it } from 'vitest';
import { expiryLine } from './expiry';

// 10:00 in Denver (MST, UTC-7) on Saturday 21 November 2026.
const NOW = new Date('2026-11-21T17:00:00.000Z');

describe('expiryLine', () => {
  // Seed expiries are 23:59:59 Denver time (UTC-7 in November).
  const endOfDay = (isoDay: string) => {
    const d = new Date(`${isoDay}T23:59:59.000-07:00`);
    return d.toISOString();
  };

  it('counts Denver calendar days, urgent under 3', () => {
    expect(expiryLine(endOfDay('2026-11-21'), NOW)).toEqual({
      text: 'Expires today!',
      urgent: true,
    });
    expect(expiryLine(endOfDay('2026-11-22'), NOW)).toEqual({
      text: '1 day left!',
      urgent: true,
    });
    expect(expiryLine(endOfDay('2026-11-23'), NOW)).toEqual({
      text: '2 days left!',
      urgent: true,
    });
    expect(expiryLine(endOfDay('2026-11-24'), NOW)).toEqual({
      text: 'Expires Nov 24',
      urgent: false,
    });
    expect(expiryLine(endOfDay('2026-12-28'), NOW)).toEqual({
      text: 'Expires Dec 28',
      urgent: false,
    });
  });

  it('reads today for a date already past', () => {
    expect(expiryLine(endOfDay('2026-11-20'), NOW)).toEqual({
      text: 'Expires today!',
      urgent: true,
    });
    expect(expiryLine('2025-01-01', NOW).text).toBe('Expires today!');
  });

  it('uses the Denver day, not the UTC day', () => {
    // 23:30 Denver on 21 Nov is already 22 Nov in UTC.
    const lateNight = new Date('2026-11-22T06:30:00.000Z');
    expect(expiryLine('2026-11-22T07:30:00.000Z', lateNight).text).toBe('1 day left!');
    // An expiry at 23:59:59 Denver on 24 Nov is 25 Nov in UTC: the short date is still 24 Nov.
    expect(expiryLine('2026-11-25T06:59:59.000Z', lateNight).text).toBe('Expires Nov 24');
    // Summer time (UTC-6).
    const summer = new Date('2026-07-01T05:30:00.000Z'); // 30 Jun 23:30 in Denver
    expect(expiryLine('2026-07-03T05:59:59.000Z', summer).text).toBe('2 days left!');
    expect(expiryLine('2026-07-04T06:00:00.000Z', summer).text).toBe('Expires Jul 4');
  });

  it('reads plain dates as that day', () => {
    expect(expiryLine('2026-11-28', NOW)).toEqual({ text: 'Expires Nov 28', urgent: false });
    expect(expiryLine('2026-11-22', NOW)).toEqual({ text: '1 day left!', urgent: true });
    expect(expiryLine('2027-01-01', NOW).text).toBe('Expires Jan 1');
  });

  it('accepts now as milliseconds', () => {
    expect(expiryLine('2026-11-28', NOW.getTime()).text).toBe('Expires Nov 28');
  });

  it('is empty for missing or unreadable dates', () => {
    expect(expiryLine(null, NOW)).toEqual({ text: '', urgent: false });
    expect(expiryLine(undefined, NOW)).toEqual({ text: '', urgent: false });
    expect(expiryLine('', NOW)).toEqual({ text: '', urgent: false });
    expect(expiryLine('next week', NOW)).toEqual({ text: '', urgent: false });
    expect(expiryLine('2026-11-28', new Date(Number.NaN))).toEqual({ text: '', urgent: false });
  });
});

// Regression: the lines read '1 days left!' and '0 days left!' (issue "one shape", defects).
describe('expiry wording', () => {
  const at = (day: string) => `${day}T23:59:59.000-07:00`;

  it("reads 'Expires today!' on the last day, in red", () => {
    expect(expiryLine(at('2026-11-21'), NOW)).toEqual({ text: 'Expires today!', urgent: true });
    // Still today a minute before the end, and never '0 days left!'.
    const lastMinute = new Date('2026-11-22T06:58:59.000Z');
    expect(expiryLine(at('2026-11-21'), lastMinute).text).toBe('Expires today!');
    expect(expiryLine('2026-11-21', NOW).text).not.toMatch(/\bdays? left/);
  });

  it("reads '1 day left!' the day before, singular, in red", () => {
    expect(expiryLine(at('2026-11-22'), NOW)).toEqual({ text: '1 day left!', urgent: true });
    expect(expiryLine(at('2026-11-22'), NOW).text).not.toContain('1 days');
  });

  it("reads '2 days left!' two days before, in red", () => {
    expect(expiryLine(at('2026-11-23'), NOW)).toEqual({ text: '2 days left!', urgent: true });
  });

  it('gives the date, not in red, from 3 days on', () => {
    expect(expiryLine(at('2026-11-24'), NOW)).toEqual({ text: 'Expires Nov 24', urgent: false });
  });

  it("reads 'Expires today!' for a date already past", () => {
    expect(expiryLine(at('2026-11-19'), NOW)).toEqual({ text: 'Expires today!', urgent: true });
  });

  it('turns at midnight in Denver, daylight saving time included', () => {
    // 1 November 2026: clocks go back at 02:00 in Denver (UTC-6 → UTC-7).
    const before = new Date('2026-11-01T05:59:00.000Z'); // 31 Oct 23:59 MDT
    const after = new Date('2026-11-01T06:01:00.000Z'); // 1 Nov 00:01 MDT
    expect(expiryLine('2026-11-01', before).text).toBe('1 day left!');
    expect(expiryLine('2026-11-01', after).text).toBe('Expires today!');
  });
});
