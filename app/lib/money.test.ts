import { describe, expect, it } from 'vitest';
import { formatCurrency } from './money';

describe('formatCurrency', () => {
  it('shows values under a dollar as cents', () => {
    expect(formatCurrency(0.5)).toBe('50¢');
    expect(formatCurrency(0.25)).toBe('25¢');
    expect(formatCurrency(0.01)).toBe('1¢');
    expect(formatCurrency(0.55)).toBe('55¢');
    expect(formatCurrency(0.994)).toBe('99¢');
  });
  it('shows a dollar or more with two decimals', () => {
    expect(formatCurrency(1)).toBe('$1.00');
    expect(formatCurrency(1.25)).toBe('$1.25');
    expect(formatCurrency(5)).toBe('$5.00');
    expect(formatCurrency(1234.5)).toBe('$1,234.50');
  });
  it('shows zero as $0.00', () => {
    expect(formatCurrency(0)).toBe('$0.00');
    expect(formatCurrency(-0)).toBe('$0.00');
    expect(formatCurrency(0.004)).toBe('$0.00');
  });
  it('rounds to cents before choosing the form', () => {
    expect(formatCurrency(0.999)).toBe('$1.00');
    expect(formatCurrency(0.1 + 0.2)).toBe('30¢');
    expect(formatCurrency(1.499)).toBe('$1.50');
  });
  it('keeps the sign of negative amounts', () => {
    expect(formatCurrency(-0.5)).toBe('-50¢');
    expect(formatCurrency(-1.25)).toBe('-$1.25');
  });
  it('returns an empty string for missing or non-finite values', () => {
    expect(formatCurrency(null)).toBe('');
    expect(formatCurrency(undefined)).toBe('');
    expect(formatCurrency(Number.NaN)).toBe('');
    expect(formatCurrency(Number.POSITIVE_INFINITY)).toBe('');
  });
  it('gives the same text for an amount formatted again, and each amount its own', () => {
    for (let i = 0; i < 2; i += 1) {
      expect(formatCurrency(1234.5)).toBe('$1,234.50');
      expect(formatCurrency(-1234.5)).toBe('-$1,234.50');
      expect(formatCurrency(12.34)).toBe('$12.34');
      expect(formatCurrency(12.35)).toBe('$12.35');
    }
    for (let cents = 100; cents < 6200; cents += 1) {
      expect(formatCurrency(cents / 100)).toBe(
        `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
      );
    }
  });
});
