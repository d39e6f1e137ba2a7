import { describe, expect, it } from 'vitest';
import { tierProgress } from './progress';
import { creditsSentence, formatPoints, fuelLine, pointsSentence } from './summary';

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
