import { describe, expect, it } from 'vitest';
import { tierProgress } from './progress';
import {
  creditsSentence,
  formatPoints,
  fuelLine,
  pointsSentence,
  soonestCreditExpiry,
} from './summary';

const TIERS = [500, 1000, 2000];

describe('pointsSentence', () => {
  it('says the points and how many more the next reward needs', () => {
    expect(pointsSentence(463, tierProgress(463, TIERS))).toBe(
      'You have 463 points — 37 more for your next reward.',
    );
    expect(pointsSentence(763, tierProgress(763, TIERS))).toBe(
      'You have 763 points — 237 more for your next reward.',
    );
  });

  it('says plainly when the top tier is reached', () => {
    expect(pointsSentence(2215, tierProgress(2215, TIERS))).toBe(
      'You have 2,215 points — you have reached the top reward level.',
    );
  });

  it('says only the points for a brand without tiers', () => {
    expect(pointsSentence(240, null)).toBe('You have 240 points.');
  });

  it('counts one point in the singular and separates thousands', () => {
    expect(formatPoints(1)).toBe('1 point');
    expect(formatPoints(0)).toBe('0 points');
    expect(formatPoints(12500)).toBe('12,500 points');
    expect(pointsSentence(1, tierProgress(1, TIERS))).toBe(
      'You have 1 point — 499 more for your next reward.',
    );
  });
});

describe('currency in the credits and fuel lines', () => {
  it('shows dollars with two decimals, cents under a dollar, $0.00 for none', () => {
    expect(creditsSentence(7.5)).toBe('You have $7.50 in credits.');
    expect(creditsSentence(0.5)).toBe('You have 50¢ in credits.');
    expect(creditsSentence(0)).toBe('You have $0.00 in credits.');
    expect(fuelLine('Fuel Rewards', 20)).toBe('Fuel Rewards: 20¢ off per gallon');
    expect(fuelLine('Fuel Rewards', 150)).toBe('Fuel Rewards: $1.50 off per gallon');
    expect(fuelLine('Fuel Rewards', 0)).toBe('Fuel Rewards: $0.00 off per gallon');
  });
});

describe('soonestCreditExpiry and the credits sentence', () => {
  const row = (balance: number | null, expirationDate: string | null) => ({
    description: 'RC500 - $5.00 reward credit',
    date: '2026-03-01T12:00:00Z',
    issuedBalance: 5,
    balance,
    expirationDate,
  });

  it('names the soonest day still to come, adding the credits that expire that day', () => {
    const rows = [
      row(5, '2026-09-01T06:00:00Z'),
      row(2, '2026-06-30T06:00:00Z'),
      row(0.5, '2026-06-30T18:00:00Z'),
      // Already past, spent, or of unknown expiry: left out.
      row(4, '2026-03-01T06:00:00Z'),
      row(0, '2026-04-01T06:00:00Z'),
      row(3, null),
      row(null, '2026-04-02T06:00:00Z'),
    ];
    expect(soonestCreditExpiry(rows, '2026-03-10')).toEqual({ date: '2026-06-30', amount: 2.5 });
  });

  it('counts a credit that expires today, in Denver time', () => {
    // 05:59 UTC on March 11 is still March 10 in Denver (MDT starts March 8, 2026: UTC-6).
    expect(soonestCreditExpiry([row(1, '2026-03-11T05:59:00Z')], '2026-03-10')).toEqual({
      date: '2026-03-10',
      amount: 1,
    });
  });

  it('is null when no credit has a known expiry', () => {
    expect(soonestCreditExpiry([row(5, null)], '2026-03-10')).toBeNull();
    expect(soonestCreditExpiry([], '2026-03-10')).toBeNull();
  });

  it('adds the expiry in plain words, never more than the balance and never for $0.00', () => {
    expect(creditsSentence(7.5, { date: '2026-06-30', amount: 2.5 })).toBe(
      'You have $7.50 in credits. Use $2.50 by Jun 30, 2026, when it expires.',
    );
    expect(creditsSentence(0.5, { date: '2026-06-30', amount: 5 })).toBe(
      'You have 50¢ in credits. Use 50¢ by Jun 30, 2026, when it expires.',
    );
    expect(creditsSentence(0, { date: '2026-06-30', amount: 5 })).toBe(
      'You have $0.00 in credits.',
    );
    expect(creditsSentence(7.5, null)).toBe('You have $7.50 in credits.');
  });
});
