import { describe, expect, it } from 'vitest';
import { buildAdText, filterAdText, normaliseAdQuery, readBlock, type AdTextWeek } from './ad-text';
import type { AdBlock, AdComponent } from './types';

// Wednesday 2026-11-25 noon in Denver; this week ends Tuesday Dec 1, next week Dec 8.
const NOW = Date.parse('2026-11-25T19:00:00Z');
const THIS_WEEK = {
  endDate: '2026-12-02T06:59:59.000Z',
  dateInfo: 'Valid Wed, Nov 25 - Tue, Dec 1',
};
const NEXT_WEEK = {
  endDate: '2026-12-09T06:59:59.000Z',
  dateInfo: 'Valid Wed, Dec 2 - Tue, Dec 8',
};
const LAST_WEEK = {
  endDate: '2026-11-25T06:59:59.000Z',
  dateInfo: 'Valid Wed, Nov 18 - Tue, Nov 24',
};

let seq = 0;
function c(type: string, name: string, value: string, offsetY = 0, offsetX = 0): AdComponent {
  seq += 1;
  return { id: String(seq), type, name, value, offsetX, offsetY };
}

function block(
  id: string,
  week: { endDate: string | null; dateInfo: string | null },
  components: AdComponent[],
): AdBlock {
  return { id, ...week, components };
}

/** A product as the reference ad viewer writes it (IMAGE2 listed first on every third one). */
const product = (
  id: string,
  week: typeof THIS_WEEK,
  title: string,
  price: string,
  unit?: string,
  extra: AdComponent[] = [],
) =>
  block(id, week, [
    c('PRODUCTIMAGE', 'IMAGE2', 'Theme-Fall', 0),
    c('PRODUCTIMAGE', 'IMAGE1', `Produce-${title}`, 0),
    c('PRODUCTDETAILS', 'TITLE', title, 300),
    ...(unit ? [c('PRODUCTDETAILS', 'UNIT', unit, 360, 120)] : []),
    c('PRODUCTDETAILS', 'PRICE', price, 360),
    ...extra,
  ]);

const theme = (id: string, week: typeof THIS_WEEK, headline: string) =>
  block(id, week, [
    c('THEMEIMAGE', 'IMAGE1', 'Theme-Fall', 0),
    c('CUSTOMTEXT', 'HEADLINE', headline, 220, 20),
  ]);

const textDeal = (id: string, week: typeof THIS_WEEK) =>
  block(id, week, [
    c('CUSTOMTEXT', 'DISCLAIMER', 'Limit 1 offer', 420),
    c('PRODUCTDETAILS', 'DESCRIPTION', 'All canned soups, mix or match', 330),
    c('PRODUCTDETAILS', 'TITLE', 'Buy 2, Get 1 Free', 300),
  ]);

const BLOCKS: AdBlock[] = [
  // Next week's listed first: the text still starts with this week.
  product('n1', NEXT_WEEK, 'Apples', '$1.29', 'lb'),
  theme('t1', THIS_WEEK, 'Fresh savings all week'),
  product('p1', THIS_WEEK, 'Bananas', '$0.59', 'lb', [
    c('PRODUCTDETAILS', 'DESCRIPTION', 'Ripe and sweet', 330),
    c('PRODUCTDETAILS', 'HEALTHYOPTIONATTRIBUTE', 'Heart healthy', 390),
    c('CUSTOMTEXT', 'DISCLAIMER', 'Limit 4', 420),
  ]),
  textDeal('d1', THIS_WEEK),
  product('p2', THIS_WEEK, 'Crème Fraîche', '2/$5'),
  product('old', LAST_WEEK, 'Pears', '$0.99', 'lb'),
  block('img', THIS_WEEK, [c('PRODUCTIMAGE', 'IMAGE1', 'Produce-Kiwi')]),
];

describe('the weekly ad as text', () => {
  const weeks = buildAdText(BLOCKS, NOW);

  it('groups by week, this week first, next week after, a week already over left out', () => {
    expect(weeks.map((w) => [w.label, w.dates])).toEqual([
      ['This week', THIS_WEEK.dateInfo],
      ['Next week', NEXT_WEEK.dateInfo],
    ]);
    expect(weeks[1].items.map((i) => i.title)).toEqual(['Apples']);
  });

  it('lists the products in ad order, a text-only deal included, a picture alone skipped', () => {
    expect(weeks[0].items.map((i) => i.title)).toEqual([
      'Bananas',
      'Buy 2, Get 1 Free',
      'Crème Fraîche',
    ]);
  });

  it('gives each product its lines in flyer order, price with unit, and its end date', () => {
    expect(weeks[0].items[0]).toEqual({
      id: 'p1',
      title: 'Bananas',
      details: ['Ripe and sweet'],
      healthy: 'Heart healthy',
      notes: ['Limit 4'],
      price: '$0.59',
      unit: 'lb',
      ends: 'Ends Dec 1, 2026',
    });
    expect(weeks[0].items[1]).toMatchObject({
      details: ['All canned soups, mix or match'],
      notes: ['Limit 1 offer'],
      price: null,
      unit: null,
    });
    expect(weeks[0].items[2]).toMatchObject({ price: '2/$5', unit: null });
  });

  it("shows a theme block's text as its week's headline", () => {
    expect(weeks[0].headlines).toEqual(['Fresh savings all week']);
    expect(weeks[1].headlines).toEqual([]);
  });

  it("ends with the ad's date info when the block has no end date; an unreadable one too", () => {
    const undated = buildAdText(
      [
        product('a', { endDate: null, dateInfo: 'While supplies last' } as never, 'Corn', '5/$2'),
        product('b', { endDate: null, dateInfo: null } as never, 'Beans', '$1'),
      ],
      NOW,
    );
    expect(undated.map((w) => w.dates)).toEqual(['While supplies last', '']);
    expect(undated[0].items[0].ends).toBe('While supplies last');
    expect(undated[1].items[0].ends).toBe('');
  });

  it('names a product by its first detail line when it has no title; skips one with neither', () => {
    const untitled = block('u', THIS_WEEK, [
      c('PRODUCTDETAILS', 'DESCRIPTION', 'Whole chickens', 330),
      c('PRODUCTDETAILS', 'DESCRIPTION', 'Family pack', 340),
      c('PRODUCTDETAILS', 'PRICE', '$0.99', 360),
    ]);
    expect(readBlock(untitled)).toMatchObject({
      kind: 'item',
      item: { title: 'Whole chickens', details: ['Family pack'], price: '$0.99' },
    });
    const priceOnly = block('p', THIS_WEEK, [c('PRODUCTDETAILS', 'PRICE', '$1', 0)]);
    expect(readBlock(priceOnly)).toBeNull();
    expect(readBlock(block('e', THIS_WEEK, []))).toBeNull();
    expect(readBlock(block('blank', THIS_WEEK, [c('CUSTOMTEXT', 'HEADLINE', '   ')]))).toBeNull();
  });

  it('is empty for no blocks, or only blocks already over', () => {
    expect(buildAdText([], NOW)).toEqual([]);
    expect(buildAdText([product('old', LAST_WEEK, 'Pears', '$1')], NOW)).toEqual([]);
  });
});

describe('searching the text', () => {
  const weeks: AdTextWeek[] = buildAdText(BLOCKS, NOW);
  const titles = (q: string) =>
    filterAdText(weeks, q).weeks.flatMap((w) => w.items.map((i) => i.title));

  it('keeps everything for an empty search', () => {
    expect(filterAdText(weeks, '')).toEqual({ weeks, count: 4 });
    expect(filterAdText(weeks, '   ').count).toBe(4);
  });

  it('matches every word anywhere in a product, in any case, accents ignored', () => {
    expect(titles('banana')).toEqual(['Bananas']);
    expect(titles('HEART healthy')).toEqual(['Bananas']);
    expect(titles('limit')).toEqual(['Bananas', 'Buy 2, Get 1 Free']);
    expect(titles('creme fraiche')).toEqual(['Crème Fraîche']);
    expect(titles('lb')).toEqual(['Bananas', 'Apples']);
    expect(titles('soups mix')).toEqual(['Buy 2, Get 1 Free']);
    expect(titles('bananas apples')).toEqual([]);
  });

  it('drops the weeks without a match and the headlines, and counts the matches', () => {
    const found = filterAdText(weeks, 'apples');
    expect(found.count).toBe(1);
    expect(found.weeks.map((w) => w.label)).toEqual(['Next week']);
    expect(filterAdText(weeks, 'bananas').weeks[0].headlines).toEqual([]);
    expect(filterAdText(weeks, 'nothing like this')).toEqual({ weeks: [], count: 0 });
  });

  it('takes odd input as text', () => {
    expect(normaliseAdQuery('  a\u0000b\r\n c  ')).toBe('a b c');
    expect(normaliseAdQuery(['x'])).toBe('');
    expect(normaliseAdQuery(null)).toBe('');
    expect(normaliseAdQuery('x'.repeat(500))).toHaveLength(100);
    expect(titles('<script>')).toEqual([]);
    expect(titles('2/$5')).toEqual(['Crème Fraîche']);
  });
});
