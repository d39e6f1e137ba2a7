import { describe, expect, it } from 'vitest';
import type { Offer } from '~/lib/loyalty/types';
import {
  COUPON_SORT_LABELS,
  COUPON_SORTS,
  COUPONS_MAX_SHOWN,
  COUPONS_SHOWN,
  type CouponView,
  DEFAULT_COUPON_VIEW,
  DEFAULT_REDEEMED_SORT,
  couponTotals,
  couponViewSearch,
  couponsOfTab,
  expiryLine,
  facets,
  filterCoupons,
  nextRedeemedSort,
  pageOfCoupons,
  parseCouponView,
  parseRedeemedSort,
  searchWords,
  showMore,
  sortCoupons,
  sortRedeemed,
  withFilter,
  withTab,
} from './view';

let nextId = 100001;
function offer(fields: Partial<Offer> = {}): Offer {
  const id = String(nextId++);
  return {
    offerId: id,
    offerCode: `DC${id}`,
    brandName: 'Mountain Creamery',
    categoryName: 'Dairy',
    offerSummary: '$1.00 off Mountain Creamery Milk',
    offerDescription: 'Take $1.00 off one Mountain Creamery Milk, any variety.',
    offerDisclaimer: 'Limit one use per account.',
    offerImage1: '/images/coupons/dairy.svg',
    offerActiveDate: '2026-11-01T07:00:00.000Z',
    offerExpiryDate: '2026-12-15T06:59:59.000Z',
    offerValue: 1,
    isPromoted: false,
    redemptionLimit: 1,
    timesRedeemed: null,
    lastRedeemed: null,
    clippedDate: null,
    ...fields,
  };
}

const ids = (list: Offer[]) => list.map((o) => o.offerId);
const view = (fields: Partial<CouponView> = {}): CouponView => ({
  ...DEFAULT_COUPON_VIEW,
  ...fields,
});
const parse = (search: string, signedIn = true) =>
  parseCouponView(new URLSearchParams(search), { signedIn });

// 10:00 in Denver (MST, UTC-7) on Saturday 21 November 2026.
const NOW = new Date('2026-11-21T17:00:00.000Z');

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

describe('filterCoupons', () => {
  const milk = offer();
  const yogurt = offer({
    brandName: 'Bluebell Meadow',
    offerSummary: '50¢ off Bluebell Meadow Greek Yogurt',
    offerDescription: 'Save 50¢ on one Greek Yogurt cup.',
  });
  const creme = offer({
    brandName: 'Café Délice',
    categoryName: 'Bakery',
    offerSummary: '$2.00 off Crème Brûlée Tarts',
    offerDescription: "Baker's choice.",
  });
  const fish = offer({
    brandName: 'Northern Tide Seafood',
    categoryName: 'Meat & Seafood',
    offerSummary: '$3.00 off Salmon Fillets',
    offerDescription: 'Wild caught.',
  });
  const blank = offer({
    brandName: null,
    categoryName: null,
    offerSummary: null,
    offerDescription: null,
  });
  const all = [milk, yogurt, creme, fish, blank];
  const f = (fields: Partial<CouponView>) => ids(filterCoupons(all, view(fields)));

  it('keeps everything without filters, in order', () => {
    expect(f({})).toEqual(ids(all));
    expect(filterCoupons([], view({ q: 'milk', category: 'Dairy' }))).toEqual([]);
  });

  it('matches category and brand by whole name, ignoring case and spacing', () => {
    expect(f({ category: 'dairy' })).toEqual(ids([milk, yogurt]));
    expect(f({ category: 'meat  &  SEAFOOD' })).toEqual(ids([fish]));
    expect(f({ category: 'Dair' })).toEqual([]);
    expect(f({ category: 'Dairy', brand: 'bluebell meadow' })).toEqual(ids([yogurt]));
    expect(f({ category: 'Bakery', brand: 'Bluebell Meadow' })).toEqual([]);
  });

  it('searches brand, summary, description and category for every word', () => {
    expect(f({ q: 'yogurt' })).toEqual(ids([yogurt]));
    expect(f({ q: 'GREEK bluebell' })).toEqual(ids([yogurt]));
    expect(f({ q: 'greek salmon' })).toEqual([]);
    expect(f({ q: 'seafood' })).toEqual(ids([fish]));
    expect(f({ q: 'wild' })).toEqual(ids([fish]));
    expect(f({ q: 'dairy' })).toEqual(ids([milk, yogurt]));
    expect(f({ q: 'creamery milk milk' })).toEqual(ids([milk]));
  });

  it('ignores accents and apostrophes', () => {
    expect(f({ q: 'creme brulee' })).toEqual(ids([creme]));
    expect(f({ q: 'CAFÉ' })).toEqual(ids([creme]));
    expect(f({ q: 'bakers' })).toEqual(ids([creme]));
    expect(f({ q: 'baker’s' })).toEqual(ids([creme]));
  });

  it('combines search with the filters', () => {
    expect(f({ category: 'Dairy', q: '50¢' })).toEqual(ids([yogurt]));
    expect(f({ category: 'Bakery', q: 'yogurt' })).toEqual([]);
  });

  it('splits the search into folded words', () => {
    expect(searchWords('  Crème   brûlée crème ')).toEqual(['creme', 'brulee']);
    expect(searchWords('')).toEqual([]);
  });
});

describe('sortCoupons', () => {
  const a = offer({ offerId: '5', offerExpiryDate: '2026-12-01T06:59:59Z', offerValue: 1 });
  const b = offer({
    offerId: '3',
    offerExpiryDate: '2026-11-25T06:59:59Z',
    offerValue: 0.5,
    offerActiveDate: '2026-11-20T07:00:00Z',
  });
  const c = offer({
    offerId: '10',
    offerExpiryDate: '2026-12-20T06:59:59Z',
    isPromoted: true,
    offerValue: 5,
    offerActiveDate: '2026-11-18T07:00:00Z',
  });
  const d = offer({
    offerId: '4',
    offerExpiryDate: '2026-11-30T06:59:59Z',
    isPromoted: true,
    offerValue: 1,
    offerActiveDate: '2026-11-20T07:00:00Z',
  });
  const list = [a, b, c, d];

  it('featured: promoted first, then by expiry', () => {
    expect(ids(sortCoupons(list, 'featured'))).toEqual(['4', '10', '3', '5']);
  });

  it('expiration: soonest first', () => {
    expect(ids(sortCoupons(list, 'expiration'))).toEqual(['3', '4', '5', '10']);
  });

  it('value: highest first, ties by expiry', () => {
    expect(ids(sortCoupons(list, 'value'))).toEqual(['10', '4', '5', '3']);
  });

  it('latest: newest active date first, ties by expiry', () => {
    expect(ids(sortCoupons(list, 'latest'))).toEqual(['3', '4', '10', '5']);
  });

  it('does not change the input and ignores its order', () => {
    const copy = [...list];
    sortCoupons(list, 'value');
    expect(list).toEqual(copy);
    for (const sort of COUPON_SORTS) {
      expect(ids(sortCoupons([...list].reverse(), sort))).toEqual(ids(sortCoupons(list, sort)));
    }
  });

  it('breaks full ties by numeric offerId, then input order', () => {
    const same = { offerExpiryDate: '2026-12-01T06:59:59Z', offerValue: 1 };
    const x = offer({ ...same, offerId: '100' });
    const y = offer({ ...same, offerId: '20' });
    const z = offer({ ...same, offerId: '020' });
    expect(ids(sortCoupons([x, y], 'expiration'))).toEqual(['20', '100']);
    expect(sortCoupons([y, z], 'value')).toEqual([y, z]);
    expect(sortCoupons([z, y], 'value')).toEqual([z, y]);
    const p = offer({ ...same, offerId: 'B-2' });
    const q = offer({ ...same, offerId: 'A-9' });
    expect(ids(sortCoupons([p, q], 'featured'))).toEqual(['A-9', 'B-2']);
  });

  it('puts missing or unreadable dates and values last', () => {
    const noExpiry = offer({ offerId: '1', offerExpiryDate: null });
    const badExpiry = offer({ offerId: '2', offerExpiryDate: 'soon' });
    const noValue = offer({ offerId: '6', offerValue: null });
    const nanValue = offer({ offerId: '7', offerValue: Number.NaN });
    const noActive = offer({ offerId: '8', offerActiveDate: null });
    expect(ids(sortCoupons([noExpiry, badExpiry, a, b], 'expiration'))).toEqual([
      '3',
      '5',
      '1',
      '2',
    ]);
    expect(ids(sortCoupons([noValue, nanValue, b, a], 'value'))).toEqual(['5', '3', '6', '7']);
    expect(ids(sortCoupons([noActive, b, a], 'latest'))).toEqual(['3', '5', '8']);
  });

  it('reads plain dates', () => {
    const p = offer({ offerId: '1', offerExpiryDate: '2026-11-26' });
    const q = offer({ offerId: '2', offerExpiryDate: '2026-11-25T06:59:59Z' });
    expect(ids(sortCoupons([p, q], 'expiration'))).toEqual(['2', '1']);
  });

  it('falls back to featured for an unknown sort and handles empty lists', () => {
    expect(ids(sortCoupons(list, 'bogus' as never))).toEqual(ids(sortCoupons(list, 'featured')));
    expect(sortCoupons([], 'value')).toEqual([]);
  });

  it('has the spec labels', () => {
    expect(COUPON_SORTS.map((s) => COUPON_SORT_LABELS[s])).toEqual([
      'Featured',
      'Expiration date',
      'Value',
      'Latest offers',
    ]);
  });
});

describe('pageOfCoupons', () => {
  const many = Array.from({ length: 200 }, () => offer());

  it('shows the first 48 and says when there are more', () => {
    const page = pageOfCoupons(many, view());
    expect(page.items).toEqual(many.slice(0, 48));
    expect(page).toMatchObject({ total: 200, hasMore: true });
  });

  it('shows everything once show reaches the total', () => {
    expect(pageOfCoupons(many, view({ show: 200 }))).toMatchObject({ total: 200, hasMore: false });
    expect(pageOfCoupons(many, view({ show: 5000 })).items).toHaveLength(200);
    expect(pageOfCoupons(many, view({ show: 144 }))).toMatchObject({ hasMore: true });
    expect(pageOfCoupons(many.slice(0, 48), view())).toMatchObject({ total: 48, hasMore: false });
  });

  it('handles empty lists and a bad count', () => {
    expect(pageOfCoupons([], view())).toEqual({ items: [], total: 0, hasMore: false });
    expect(pageOfCoupons(many, view({ show: Number.NaN })).items).toHaveLength(COUPONS_SHOWN);
  });

  it('walks the whole list with Show More', () => {
    let v = view();
    const seen: number[] = [];
    while (pageOfCoupons(many, v).hasMore) {
      v = showMore(v, many.length);
      seen.push(v.show);
    }
    expect(seen).toEqual([144, 200]);
  });
});

describe('facets', () => {
  const list = [
    offer({ categoryName: 'Dairy', brandName: 'Mountain Creamery' }),
    offer({ categoryName: 'dairy ', brandName: 'Bluebell Meadow' }),
    offer({ categoryName: 'Dairy', brandName: 'Mountain Creamery' }),
    offer({ categoryName: 'Bakery', brandName: 'Hearthstone Bakery' }),
    offer({ categoryName: 'Baby', brandName: 'Bluebell Meadow' }),
    offer({ categoryName: null, brandName: '  ' }),
  ];

  it('counts categories and brands, sorted by name', () => {
    expect(facets(list)).toEqual({
      categories: [
        { name: 'Baby', count: 1 },
        { name: 'Bakery', count: 1 },
        { name: 'Dairy', count: 3 },
      ],
      brands: [
        { name: 'Bluebell Meadow', count: 2 },
        { name: 'Hearthstone Bakery', count: 1 },
        { name: 'Mountain Creamery', count: 2 },
      ],
    });
  });

  it('lists the brands of the chosen category only', () => {
    const result = facets(list, { category: 'DAIRY', brand: null });
    expect(result.categories).toHaveLength(3);
    expect(result.brands).toEqual([
      { name: 'Bluebell Meadow', count: 1 },
      { name: 'Mountain Creamery', count: 2 },
    ]);
  });

  it('keeps a chosen name that is not in the list with count 0', () => {
    const result = facets(list, { category: 'Frozen', brand: 'Polar Peak' });
    expect(result.categories).toContainEqual({ name: 'Frozen', count: 0 });
    expect(result.brands).toEqual([{ name: 'Polar Peak', count: 0 }]);
  });

  it('is empty for an empty list', () => {
    expect(facets([])).toEqual({ categories: [], brands: [] });
  });
});

describe('expiryLine', () => {
  // Seed expiries are 23:59:59 Denver time (UTC-7 in November).
  const endOfDay = (isoDay: string) => {
    const d = new Date(`${isoDay}T23:59:59.000-07:00`);
    return d.toISOString();
  };

  it('counts Denver calendar days, urgent under 3', () => {
    expect(expiryLine(endOfDay('2026-11-21'), NOW)).toEqual({
      text: '0 days left!',
      urgent: true,
    });
    expect(expiryLine(endOfDay('2026-11-22'), NOW)).toEqual({
      text: '1 days left!',
      urgent: true,
    });
    expect(expiryLine(endOfDay('2026-11-23'), NOW)).toEqual({
      text: '2 days left!',
      urgent: true,
    });
    expect(expiryLine(endOfDay('2026-11-24'), NOW)).toEqual({
      text: 'Expires Nov 24',
      urgent: false,
    });
    expect(expiryLine(endOfDay('2026-12-28'), NOW)).toEqual({
      text: 'Expires Dec 28',
      urgent: false,
    });
  });

  it('shows 0 days for a date already past', () => {
    expect(expiryLine(endOfDay('2026-11-20'), NOW)).toEqual({
      text: '0 days left!',
      urgent: true,
    });
    expect(expiryLine('2025-01-01', NOW).text).toBe('0 days left!');
  });

  it('uses the Denver day, not the UTC day', () => {
    // 23:30 Denver on 21 Nov is already 22 Nov in UTC.
    const lateNight = new Date('2026-11-22T06:30:00.000Z');
    expect(expiryLine('2026-11-22T07:30:00.000Z', lateNight).text).toBe('1 days left!');
    // An expiry at 23:59:59 Denver on 24 Nov is 25 Nov in UTC: the short date is still 24 Nov.
    expect(expiryLine('2026-11-25T06:59:59.000Z', lateNight).text).toBe('Expires Nov 24');
    // Summer time (UTC-6).
    const summer = new Date('2026-07-01T05:30:00.000Z'); // 30 Jun 23:30 in Denver
    expect(expiryLine('2026-07-03T05:59:59.000Z', summer).text).toBe('2 days left!');
    expect(expiryLine('2026-07-04T06:00:00.000Z', summer).text).toBe('Expires Jul 4');
  });

  it('reads plain dates as that day', () => {
    expect(expiryLine('2026-11-28', NOW)).toEqual({ text: 'Expires Nov 28', urgent: false });
    expect(expiryLine('2026-11-22', NOW)).toEqual({ text: '1 days left!', urgent: true });
    expect(expiryLine('2027-01-01', NOW).text).toBe('Expires Jan 1');
  });

  it('accepts now as milliseconds', () => {
    expect(expiryLine('2026-11-28', NOW.getTime()).text).toBe('Expires Nov 28');
  });

  it('is empty for missing or unreadable dates', () => {
    expect(expiryLine(null, NOW)).toEqual({ text: '', urgent: false });
    expect(expiryLine(undefined, NOW)).toEqual({ text: '', urgent: false });
    expect(expiryLine('', NOW)).toEqual({ text: '', urgent: false });
    expect(expiryLine('next week', NOW)).toEqual({ text: '', urgent: false });
    expect(expiryLine('2026-11-28', new Date(Number.NaN))).toEqual({ text: '', urgent: false });
  });
});

describe('couponTotals', () => {
  it('sums clipped values and redeemed value × times', () => {
    const totals = couponTotals({
      clipped: [offer({ offerValue: 1.25 }), offer({ offerValue: 0.5 }), offer({ offerValue: 2 })],
      redeemed: [
        offer({ offerValue: 1.5, timesRedeemed: 2 }),
        offer({ offerValue: 0.25, timesRedeemed: 1 }),
      ],
    });
    expect(totals).toEqual({ clippedValue: 3.75, redeemedValue: 3.25 });
  });

  it('has no float drift', () => {
    const tenths = Array.from({ length: 3 }, () => offer({ offerValue: 0.1 }));
    expect(couponTotals({ clipped: tenths, redeemed: [] }).clippedValue).toBe(0.3);
    const redeemed = [offer({ offerValue: 0.55, timesRedeemed: 3 })];
    expect(couponTotals({ clipped: [], redeemed }).redeemedValue).toBe(1.65);
  });

  it('is zero for empty lists', () => {
    expect(couponTotals({ clipped: [], redeemed: [] })).toEqual({
      clippedValue: 0,
      redeemedValue: 0,
    });
  });

  it('counts missing, NaN or negative numbers as zero', () => {
    const totals = couponTotals({
      clipped: [offer({ offerValue: null }), offer({ offerValue: Number.NaN }), offer()],
      redeemed: [
        offer({ offerValue: 2, timesRedeemed: null }),
        offer({ offerValue: 2, timesRedeemed: -1 }),
        offer({ offerValue: null, timesRedeemed: 4 }),
        offer({ offerValue: 2, timesRedeemed: Number.POSITIVE_INFINITY }),
        offer({ offerValue: 1, timesRedeemed: 1 }),
      ],
    });
    expect(totals).toEqual({ clippedValue: 1, redeemedValue: 1 });
  });
});

describe('redeemed table sort', () => {
  const r1 = offer({
    offerId: '1',
    brandName: 'Zephyr Farms',
    categoryName: 'Produce',
    timesRedeemed: 1,
    lastRedeemed: '2026-11-10T18:00:00Z',
    offerValue: 0.5,
  });
  const r2 = offer({
    offerId: '2',
    brandName: 'alpine cultures',
    categoryName: 'Dairy',
    timesRedeemed: 3,
    lastRedeemed: '2026-11-20T18:00:00Z',
    offerValue: 2,
  });
  const r3 = offer({
    offerId: '3',
    brandName: 'Bluebell Meadow',
    categoryName: 'Dairy',
    timesRedeemed: 2,
    lastRedeemed: '2026-11-15',
    offerValue: 1,
  });
  const r4 = offer({
    offerId: '4',
    brandName: null,
    categoryName: null,
    timesRedeemed: null,
    lastRedeemed: null,
    offerValue: null,
  });
  const list = [r1, r2, r3, r4];
  const by = (column: Parameters<typeof parseRedeemedSort>[0], direction: 'asc' | 'desc') =>
    ids(sortRedeemed(list, parseRedeemedSort(column, direction)));

  it('defaults to last redeemed, newest first', () => {
    expect(DEFAULT_REDEEMED_SORT).toEqual({ column: 'lastRedeemed', direction: 'desc' });
    expect(ids(sortRedeemed(list))).toEqual(['2', '3', '1', '4']);
    expect(by('lastRedeemed', 'asc')).toEqual(['1', '3', '2', '4']);
  });

  it('sorts names ignoring case, missing last in both directions', () => {
    expect(by('brandName', 'asc')).toEqual(['2', '3', '1', '4']);
    expect(by('brandName', 'desc')).toEqual(['1', '3', '2', '4']);
  });

  it('breaks ties by last redeemed, newest first', () => {
    expect(by('categoryName', 'asc')).toEqual(['2', '3', '1', '4']);
    expect(by('categoryName', 'desc')).toEqual(['1', '2', '3', '4']);
  });

  it('sorts numbers', () => {
    expect(by('timesRedeemed', 'desc')).toEqual(['2', '3', '1', '4']);
    expect(by('timesRedeemed', 'asc')).toEqual(['1', '3', '2', '4']);
    expect(by('offerValue', 'desc')).toEqual(['2', '3', '1', '4']);
    expect(by('offerValue', 'asc')).toEqual(['1', '3', '2', '4']);
  });

  it('does not change the input and handles an empty list', () => {
    const copy = [...list];
    sortRedeemed(list, { column: 'brandName', direction: 'asc' });
    expect(list).toEqual(copy);
    expect(sortRedeemed([])).toEqual([]);
  });

  it('reads a sort tolerantly', () => {
    expect(parseRedeemedSort('nope', 'asc')).toEqual(DEFAULT_REDEEMED_SORT);
    expect(parseRedeemedSort(null, null)).toEqual(DEFAULT_REDEEMED_SORT);
    expect(parseRedeemedSort('brandName', 'sideways')).toEqual({
      column: 'brandName',
      direction: 'asc',
    });
    expect(parseRedeemedSort('offerValue', undefined)).toEqual({
      column: 'offerValue',
      direction: 'desc',
    });
    expect(parseRedeemedSort('offerValue', 'ASC')).toEqual({
      column: 'offerValue',
      direction: 'asc',
    });
  });

  it('flips the direction on the same column and starts fresh on another', () => {
    expect(nextRedeemedSort(DEFAULT_REDEEMED_SORT, 'lastRedeemed')).toEqual({
      column: 'lastRedeemed',
      direction: 'asc',
    });
    expect(nextRedeemedSort(DEFAULT_REDEEMED_SORT, 'brandName')).toEqual({
      column: 'brandName',
      direction: 'asc',
    });
    expect(nextRedeemedSort(DEFAULT_REDEEMED_SORT, 'timesRedeemed')).toEqual({
      column: 'timesRedeemed',
      direction: 'desc',
    });
  });
});
