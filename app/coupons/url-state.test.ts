import { describe, expect, it } from 'vitest';
import { offer } from '@test/coupon-offers';
import {
  cardAnchor,
  COUPONS_MAX_SHOWN,
  type CouponView,
  DEFAULT_COUPON_VIEW,
  couponViewSearch,
  couponsOfTab,
  parseCouponView,
  showMore,
  showMoreHref,
  withFilter,
  withTab,
} from './url-state';

const view = (fields: Partial<CouponView> = {}): CouponView => ({
  ...DEFAULT_COUPON_VIEW,
  ...fields,
});
const parse = (search: string, signedIn = true) =>
  parseCouponView(new URLSearchParams(search), { signedIn });

describe('parseCouponView', () => {
  it('gives the defaults for an empty query', () => {
    expect(parse('')).toEqual({
      tab: 'available',
      category: null,
      brand: null,
      sort: 'featured',
      q: '',
      show: 48,
    });
  });

  it('reads every field', () => {
    expect(
      parse('tab=clipped&category=Dairy&brand=Mountain+Creamery&sort=value&q=milk&show=144'),
    ).toEqual({
      tab: 'clipped',
      category: 'Dairy',
      brand: 'Mountain Creamery',
      sort: 'value',
      q: 'milk',
      show: 144,
    });
  });

  it('falls back on unknown tabs and sorts, and accepts any letter case', () => {
    expect(parse('tab=everything&sort=cheapest')).toMatchObject({
      tab: 'available',
      sort: 'featured',
    });
    expect(parse('tab=Redeemed&sort=%20Latest%20')).toMatchObject({
      tab: 'redeemed',
      sort: 'latest',
    });
  });

  it('keeps guests on the available tab', () => {
    expect(parse('tab=clipped', false).tab).toBe('available');
    expect(parse('tab=redeemed', false).tab).toBe('available');
    expect(parse('tab=available', false).tab).toBe('available');
    expect(parse('tab=redeemed', true).tab).toBe('redeemed');
  });

  it('trims the search, drops control characters and caps it at 100 characters', () => {
    expect(parse('q=%20%20milk%20%20').q).toBe('milk');
    expect(parse('q=a%00b%0Ac').q).toBe('a b c');
    expect(parse(`q=${'x'.repeat(150)}`).q).toHaveLength(100);
    // No half of a surrogate pair is left at the cut, nor a trailing space.
    expect(parse(`q=${'x'.repeat(99)}${encodeURIComponent('🥛')}`).q).toBe(`${'x'.repeat(99)}🥛`);
    expect(parse(`q=${'x'.repeat(99)}+y`).q).toBe('x'.repeat(99));
  });

  it('treats empty or blank category and brand as no filter', () => {
    expect(parse('category=&brand=%20%20')).toMatchObject({ category: null, brand: null });
    expect(parse('category=%20Dairy%20').category).toBe('Dairy');
  });

  it('clamps show to whole numbers from 48 up', () => {
    expect(parse('show=96').show).toBe(96);
    expect(parse('show=100').show).toBe(100);
    expect(parse('show=10').show).toBe(48);
    expect(parse('show=0').show).toBe(48);
    expect(parse('show=-100').show).toBe(48);
    expect(parse('show=abc').show).toBe(48);
    expect(parse('show=50.5').show).toBe(48);
    expect(parse('show=1e3').show).toBe(48);
    expect(parse('show=').show).toBe(48);
    expect(parse('show=99999999').show).toBe(COUPONS_MAX_SHOWN);
    expect(parse(`show=${'9'.repeat(400)}`).show).toBe(48);
  });

  it('takes the first of repeated keys', () => {
    expect(parse('sort=value&sort=latest').sort).toBe('value');
  });
});

describe('couponViewSearch', () => {
  it('is empty for the default view', () => {
    expect(couponViewSearch(view())).toBe('');
    expect(couponViewSearch(parse('tab=available&sort=featured&show=48&q=&category='))).toBe('');
  });

  it('writes non-defaults in a stable order', () => {
    const v = view({
      show: 144,
      q: 'greek yogurt',
      sort: 'value',
      brand: 'Bluebell Meadow',
      category: 'Dairy & Eggs',
      tab: 'clipped',
    });
    expect(couponViewSearch(v)).toBe(
      '?tab=clipped&category=Dairy+%26+Eggs&brand=Bluebell+Meadow&sort=value&q=greek+yogurt&show=144',
    );
  });

  it('round-trips through parseCouponView', () => {
    const views = [
      view(),
      view({ tab: 'redeemed', sort: 'latest' }),
      view({ category: 'Meat & Seafood', brand: 'Northern Tide Seafood', q: 'crème brûlée?' }),
      view({ show: 1000 }),
    ];
    for (const v of views) expect(parse(couponViewSearch(v))).toEqual(v);
  });

  it('cleans a hand-made view', () => {
    expect(couponViewSearch(view({ q: '  ', category: '', show: 10 }))).toBe('');
  });
});

describe('state transitions', () => {
  const busy = view({
    tab: 'available',
    category: 'Dairy',
    brand: 'Mountain Creamery',
    sort: 'value',
    q: 'milk',
    show: 240,
  });

  it('switching tab clears category, brand and search and resets the count', () => {
    expect(withTab(busy, 'clipped')).toEqual(view({ tab: 'clipped', sort: 'value' }));
    expect(withTab(busy, 'available')).toEqual(view({ sort: 'value' }));
  });

  it('changing a filter, the search or the sort resets the count', () => {
    expect(withFilter(busy, { sort: 'latest' })).toEqual({ ...busy, sort: 'latest', show: 48 });
    expect(withFilter(busy, { q: '  cheese ' })).toEqual({ ...busy, q: 'cheese', show: 48 });
    expect(withFilter(busy, { brand: 'Clover Ridge' })).toEqual({
      ...busy,
      brand: 'Clover Ridge',
      show: 48,
    });
  });

  it('choosing another category clears the brand unless one is given', () => {
    expect(withFilter(busy, { category: 'Bakery' })).toMatchObject({
      category: 'Bakery',
      brand: null,
    });
    expect(withFilter(busy, { category: 'Bakery', brand: 'Hearthstone Bakery' })).toMatchObject({
      category: 'Bakery',
      brand: 'Hearthstone Bakery',
    });
    expect(withFilter(busy, { category: ' dairy ' })).toMatchObject({
      category: 'dairy',
      brand: 'Mountain Creamery',
    });
    expect(withFilter(busy, { category: null })).toMatchObject({ category: null, brand: null });
  });

  it('cleans patch values', () => {
    expect(withFilter(busy, { sort: 'bogus', brand: '', q: null })).toMatchObject({
      sort: 'featured',
      brand: null,
      q: '',
    });
    expect(withFilter(busy, {})).toEqual({ ...busy, show: 48 });
  });

  it('Show More adds up to 96, capped at the total', () => {
    expect(showMore(view(), 640).show).toBe(144);
    expect(showMore(view({ show: 144 }), 640).show).toBe(240);
    expect(showMore(view(), 100).show).toBe(100);
    expect(showMore(view({ show: 600 }), 640).show).toBe(640);
    expect(showMore(view(), 30).show).toBe(48);
    expect(showMore(view(), 0).show).toBe(48);
    expect(showMore(view(), Number.NaN).show).toBe(48);
    expect(showMore(view({ show: COUPONS_MAX_SHOWN - 10 }), 1e9).show).toBe(COUPONS_MAX_SHOWN);
    expect(showMore(busy, 640)).toMatchObject({ q: 'milk', sort: 'value', brand: busy.brand });
  });

  it('picks the list of a tab', () => {
    const lists = { available: [offer()], activated: [offer()], redeemed: [offer()] };
    expect(couponsOfTab(lists, 'available')).toBe(lists.available);
    expect(couponsOfTab(lists, 'clipped')).toBe(lists.activated);
    expect(couponsOfTab(lists, 'redeemed')).toBe(lists.redeemed);
  });
});

// Regression: without JavaScript Show More reloaded at the top of the page, far above the new
// cards; its address now ends with the anchor of the first new card.
describe('Show More address', () => {
  it('names cards by their position in the grid', () => {
    expect(cardAnchor(1)).toBe('card-1');
    expect(cardAnchor(49)).toBe('card-49');
  });

  it('ends with the anchor of the first new card', () => {
    expect(showMoreHref(view(), 640)).toBe('/digital-coupons?show=144#card-49');
    expect(showMoreHref(view({ show: 144 }), 640)).toBe('/digital-coupons?show=240#card-145');
    expect(showMoreHref(view({ show: 600 }), 640)).toBe('/digital-coupons?show=640#card-601');
  });

  it('keeps the rest of the view', () => {
    expect(
      showMoreHref(view({ tab: 'clipped', category: 'Dairy', sort: 'value', q: 'milk' }), 100),
    ).toBe('/digital-coupons?tab=clipped&category=Dairy&sort=value&q=milk&show=100#card-49');
  });
});
