import { describe, expect, it } from 'vitest';
import { REDIRECTS, redirectFor } from './redirects';

describe('redirects (spec §2)', () => {
  it.each([
    ['/about-rewards', '/about-perks'],
    ['/careers', '/jobs'],
    ['/employment', '/jobs'],
    ['/contact-us', '/customer-service'],
    ['/cut', '/cookable-produce'],
    ['/producerecipes', '/cookable-produce'],
    ['/online', '/anywhere'],
    ['/skip', '/posts/recipes/shop-with-skip'],
    ['/weddingcake', '/posts/recipes/wedding-cake'],
    ['/weeklyAd', '/weekly-ad'],
    ['/in-store/exclusive-brands', '/exclusive-brands'],
  ])('%s -> %s', (from, to) => {
    expect(redirectFor(from)).toBe(to);
  });

  it('covers exactly the table', () => {
    expect(Object.keys(REDIRECTS)).toHaveLength(11);
  });

  it('keeps the query string, ignores case and a trailing slash', () => {
    expect(redirectFor('/Contact-Us/', '?from=ad')).toBe('/customer-service?from=ad');
  });

  it('leaves other paths alone', () => {
    expect(redirectFor('/weekly-ad')).toBeNull();
    expect(redirectFor('/contact-us/extra')).toBeNull();
  });
});
