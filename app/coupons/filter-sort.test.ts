import { describe, expect, it } from 'vitest';
import { ids, offer } from '@test/coupon-offers';
import {
  DEFAULT_REDEEMED_SORT,
  facets,
  filterCoupons,
  nextRedeemedSort,
  pageOfCoupons,
  parseRedeemedSort,
  searchWords,
  sortCoupons,
  sortRedeemed,
} from './filter-sort';
import {
  COUPON_SORT_LABELS,
  COUPON_SORTS,
  COUPONS_SHOWN,
  type CouponView,
  DEFAULT_COUPON_VIEW,
  showMore,
} from './url-state';

const view = (fields: Partial<CouponView> = {}): CouponView => ({
  ...DEFAULT_COUPON_VIEW,
  ...fields,
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
