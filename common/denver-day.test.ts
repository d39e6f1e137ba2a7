import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { describe, expect, it } from 'vitest';
import { denverDayOf } from './denver-day';

dayjs.extend(utc);
dayjs.extend(timezone);

describe('the Denver day without dayjs', () => {
  it('turns at Denver midnight, in winter (UTC−7) and in summer (UTC−6)', () => {
    expect(denverDayOf(Date.parse('2026-01-15T06:59:59Z'))).toBe('2026-01-14');
    expect(denverDayOf(Date.parse('2026-01-15T07:00:00Z'))).toBe('2026-01-15');
    expect(denverDayOf(Date.parse('2026-07-04T05:59:59Z'))).toBe('2026-07-03');
    expect(denverDayOf(Date.parse('2026-07-04T06:00:00Z'))).toBe('2026-07-04');
  });

  it('agrees with dayjs every 97 minutes through a year, both daylight saving changes included', () => {
    const start = Date.parse('2026-01-01T00:00:00Z');
    for (let t = start; t < start + 366 * 86_400_000; t += 97 * 60_000) {
      expect(denverDayOf(t)).toBe(dayjs(t).tz('America/Denver').format('YYYY-MM-DD'));
    }
  });

  it('pads early years to four digits', () => {
    expect(denverDayOf(Date.parse('0999-06-01T12:00:00Z'))).toBe('0999-06-01');
  });
});
