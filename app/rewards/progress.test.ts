import { describe, expect, it } from 'vitest';
import { offerProgress, spendGoal, tierProgress } from './progress';

describe('tierProgress', () => {
  const tiers = [500, 1000, 2000];

  it('is null without tiers (no panel)', () => {
    expect(tierProgress(320, [])).toBeNull();
  });

  it('takes the first tier above the points as the next threshold', () => {
    expect(tierProgress(463, tiers)).toMatchObject({ nextThreshold: 500, pointsNeeded: 37 });
    expect(tierProgress(763, tiers)).toMatchObject({ nextThreshold: 1000, pointsNeeded: 237 });
    expect(tierProgress(0, tiers)).toMatchObject({ nextThreshold: 500, pointsNeeded: 500 });
  });

  it('on a tier exactly, the next tier is the one above', () => {
    expect(tierProgress(500, tiers)).toMatchObject({ nextThreshold: 1000, pointsNeeded: 500 });
  });

  it('fills points / (points + needed)', () => {
    expect(tierProgress(463, tiers)!.fill).toBeCloseTo(463 / 500, 10);
    expect(tierProgress(763, tiers)!.fill).toBeCloseTo(763 / 1000, 10);
    expect(tierProgress(0, tiers)!.fill).toBe(0);
  });

  it('shows an empty bar for a negative balance', () => {
    expect(tierProgress(-40, tiers)).toMatchObject({ nextThreshold: 500, fill: 0 });
  });

  it('says when the top tier is reached: nothing needed, a full bar', () => {
    expect(tierProgress(2215, tiers)).toEqual({
      points: 2215,
      nextThreshold: null,
      pointsNeeded: 0,
      fill: 1,
      topTierReached: true,
    });
    expect(tierProgress(2000, tiers)!.topTierReached).toBe(true);
    expect(tierProgress(1999, tiers)!.topTierReached).toBe(false);
  });

  it('reads tiers listed out of order as ascending', () => {
    expect(tierProgress(300, [1000, 500, 2000])).toMatchObject({ nextThreshold: 500 });
  });
});

describe('offerProgress', () => {
  it('rounds the percent up', () => {
    expect(offerProgress('0412', 60, null)).toEqual({
      kind: 'bar',
      percent: 60,
      width: 60,
      redeem: false,
    });
    expect(offerProgress('0415', 87.2, null)).toMatchObject({ percent: 88, redeem: false });
    expect(offerProgress('0415', 0.1, null)).toMatchObject({ percent: 1 });
    expect(offerProgress('0415', 99.01, null)).toMatchObject({ percent: 100, redeem: false });
  });

  it('ignores decimal noise from the wire when rounding up', () => {
    expect(offerProgress('0415', 42.0000000001, null)).toMatchObject({ percent: 42 });
  });

  it('at 100 or more reads Redeem Now with a full bar', () => {
    expect(offerProgress('0421', 100, null)).toMatchObject({ redeem: true, width: 100 });
    expect(offerProgress('0415', 112.5, null)).toMatchObject({
      redeem: true,
      width: 100,
      percent: 113,
    });
  });

  it('counts a missing or odd progress as 0', () => {
    expect(offerProgress('0412', null, null)).toMatchObject({ percent: 0, width: 0 });
    expect(offerProgress('0412', Number.NaN, null)).toMatchObject({ percent: 0 });
    expect(offerProgress('0412', -5, null)).toMatchObject({ width: 0, redeem: false });
  });

  it('shows the participation amount instead of a bar for 0509 and 0500', () => {
    expect(offerProgress('0509', 126, 126.4)).toEqual({
      kind: 'participation',
      amount: 126.4,
      goal: 100,
    });
    expect(offerProgress('0500', 31, 155.2)).toEqual({
      kind: 'participation',
      amount: 155.2,
      goal: 500,
    });
    expect(offerProgress('0500', 31, null)).toEqual({
      kind: 'participation',
      amount: null,
      goal: null,
    });
    // Other codes keep their bar even when an amount is sent.
    expect(offerProgress('0501', 31, 155.2)).toMatchObject({ kind: 'bar' });
    expect(offerProgress(null, 31, 155.2)).toMatchObject({ kind: 'bar' });
  });
});

describe('spendGoal: the goal of a spend offer from its amount and progress', () => {
  it('is the exact quotient when the progress carries its decimals', () => {
    expect(spendGoal(42.46, 42.46)).toBe(100);
    expect(spendGoal(37.5, 7.5)).toBe(500);
    expect(spendGoal(12.34, 12.5)).toBe(99);
    expect(spendGoal(12.34, 12.345)).toBe(99.96);
  });

  it('is the roundest figure a whole-percent progress allows', () => {
    expect(spendGoal(42.46, 42)).toBe(100);
    expect(spendGoal(155.2, 31)).toBe(500);
    expect(spendGoal(126.4, 126)).toBe(100);
    expect(spendGoal(10, 3)).toBe(300);
    expect(spendGoal(61, 61)).toBe(100);
  });

  it('is unknown without an amount or a positive progress', () => {
    expect(spendGoal(null, 42)).toBeNull();
    expect(spendGoal(0, 42)).toBeNull();
    expect(spendGoal(42, 0)).toBeNull();
    expect(spendGoal(42, null)).toBeNull();
    expect(spendGoal(Number.NaN, 42)).toBeNull();
    expect(spendGoal(42, Number.POSITIVE_INFINITY)).toBeNull();
  });
});
