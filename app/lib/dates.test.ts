import { describe, expect, it } from 'vitest';
import { categoryLabel, formatDate, labelFromSegment } from './dates';

describe('category labels', () => {
  it('takes the second segment of the content path', () => {
    expect(categoryLabel('/posts/recipes')).toBe('Recipes');
    expect(categoryLabel('/posts/fresh-produce/apple-pie')).toBe('Fresh Produce');
    expect(categoryLabel('/posts')).toBe('All Posts');
  });
  it('title-cases words split on dashes', () => {
    expect(labelFromSegment('store-news')).toBe('Store News');
  });
});

describe('formatDate', () => {
  it('formats plain dates without shifting the day', () => {
    expect(formatDate('2026-11-01')).toBe('Nov 1, 2026');
  });
  it('returns an empty string for missing or invalid dates', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});
