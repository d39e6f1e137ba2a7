import { describe, expect, it } from 'vitest';
import { lastKnownLabel, lastKnownMessage } from './last-known';

describe('the time of last-known data', () => {
  // 2026-11-28 17:42 UTC is 10:42 AM in Denver (UTC−7 in winter).
  const now = Date.UTC(2026, 10, 28, 20, 0);
  const at = Date.UTC(2026, 10, 28, 17, 42);

  it('is a time of day today, in the shoppers’ time zone', () => {
    expect(lastKnownLabel(at, now)?.replace(/\s/g, ' ')).toBe('10:42 AM');
  });

  it('names the day when it is not today there', () => {
    // 05:30 UTC on the 28th is 10:30 PM on the 27th in Denver.
    const before = Date.UTC(2026, 10, 28, 5, 30);
    expect(lastKnownLabel(before, now)?.replace(/\s/g, ' ')).toBe('Nov 27, 10:30 PM');
  });

  it('is nothing without a time', () => {
    expect(lastKnownLabel(null, now)).toBeNull();
    expect(lastKnownLabel(Number.NaN, now)).toBeNull();
  });

  it('says what the page shows and that the latest is missing', () => {
    expect(lastKnownMessage('10:42 AM')).toBe(
      'Shown as of 10:42 AM: the latest is not available right now. Please try again in a few minutes.',
    );
  });
});
