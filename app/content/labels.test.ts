import { describe, expect, it } from 'vitest';
import { categoryLabel, labelFromSegment } from './labels';

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
