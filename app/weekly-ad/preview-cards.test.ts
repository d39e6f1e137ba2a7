import { describe, expect, it } from 'vitest';
import type { AdBlock, AdComponent } from './types';
import {
  adCard,
  cardImage,
  endLine,
  imageFileName,
  previewCards,
  thisWeeksBlocks,
} from './preview-cards';
import { adImageUrl, WEEKLY_AD_PREVIEW_LIMIT } from './preview';

// Wednesday Nov 25 2026, noon in Denver (UTC−7).
const NOW = Date.parse('2026-11-25T19:00:00Z');
// The reference ad viewer's week ends: the last second of Tuesday in Denver.
const THIS_WEEK_END = '2026-12-02T06:59:59.000Z';
const NEXT_WEEK_END = '2026-12-09T06:59:59.000Z';
const INFO = 'Valid Wed, Nov 25 - Tue, Dec 1';

let nextId = 1;
const c = (type: string, name: string, value: string, offsetY = 0, offsetX = 0): AdComponent => ({
  id: String(nextId++),
  type,
  name,
  value,
  offsetX,
  offsetY,
});

function block(components: AdComponent[], over: Partial<AdBlock> = {}): AdBlock {
  return { id: String(nextId++), endDate: THIS_WEEK_END, dateInfo: INFO, components, ...over };
}

/** A product block as the reference ad viewer writes one (services/adviewer/ads.ts). */
function product(name: string, over: Partial<AdBlock> = {}, extra: AdComponent[] = []): AdBlock {
  return block(
    [
      c('PRODUCTIMAGE', 'IMAGE1', `Produce-${name.replace(/\W/g, '')}`),
      c('PRODUCTDETAILS', 'TITLE', name, 300),
      c('PRODUCTDETAILS', 'DESCRIPTION', `Fresh ${name.toLowerCase()}`, 330),
      c('PRODUCTDETAILS', 'PRICE', '$0.59', 360),
      c('PRODUCTDETAILS', 'UNIT', 'lb', 360, 120),
      ...extra,
    ],
    over,
  );
}

/** The reference's theme block: a theme image and a headline, no product details. */
const themeBlock = () =>
  block([c('THEMEIMAGE', 'IMAGE1', 'Theme-FreshSavings'), c('CUSTOMTEXT', 'HEADLINE', 'Stock up')]);
/** The reference's text-only deal: details, no image. */
const textOnlyDeal = () =>
  block([
    c('PRODUCTDETAILS', 'TITLE', 'Buy 2, Get 1 Free', 300),
    c('PRODUCTDETAILS', 'DESCRIPTION', 'All canned soups, mix or match', 330),
    c('CUSTOMTEXT', 'DISCLAIMER', 'Limit 1 offer', 420),
  ]);

describe('the card image', () => {
  it('is the first product image after sorting by component name (IMAGE1 beats IMAGE2)', () => {
    const image = cardImage([
      c('PRODUCTIMAGE', 'IMAGE2', 'Theme-FreshSavings'),
      c('PRODUCTIMAGE', 'IMAGE1', 'Produce-Bananas'),
    ]);
    expect(image?.value).toBe('Produce-Bananas');
  });

  it('reads numbers in names as numbers and ignores case', () => {
    expect(
      cardImage([c('PRODUCTIMAGE', 'IMAGE10', 'ten'), c('PRODUCTIMAGE', 'image2', 'two')])?.value,
    ).toBe('two');
  });

  it('is never a theme image nor an image without a value', () => {
    expect(
      cardImage([c('THEMEIMAGE', 'IMAGE1', 'Theme-X'), c('PRODUCTIMAGE', 'IMAGE0', '  ')]),
    ).toBeNull();
  });

  it('is addressed by its value lowercased, png first, jpg when the png fails (spec §7)', () => {
    const base = 'http://127.0.0.1:3200/images/afs/products/';
    const file = imageFileName('Produce-Avocados');
    expect(adImageUrl(base, file, 'png')).toBe(`${base}produce-avocados.png`);
    expect(adImageUrl(base, file, 'jpg')).toBe(`${base}produce-avocados.jpg`);
    // A value never reaches another path of the ad viewer.
    expect(imageFileName('../../healthz?x=1')).toBe('..%2F..%2Fhealthz%3Fx%3D1');
  });
});

describe('which blocks make a card', () => {
  it('drops the theme block and the text-only deal, keeps products', () => {
    const blocks = [themeBlock(), product('Bananas'), textOnlyDeal(), product('Avocados')];
    const cards = previewCards(blocks, { now: NOW, showPrice: false });
    expect(cards.map((card) => card.title)).toEqual(['Bananas', 'Avocados']);
  });

  it('needs a detail line besides the price: an image with only a price makes no card', () => {
    const priced = block([
      c('PRODUCTIMAGE', 'IMAGE1', 'Meat-Steak'),
      c('PRODUCTDETAILS', 'PRICE', '$9.99'),
      c('PRODUCTDETAILS', 'UNIT', 'lb'),
    ]);
    expect(adCard(priced, true)).toBeNull();
  });

  it('takes the first detail line as the title when the block has no TITLE', () => {
    const card = adCard(
      block([
        c('PRODUCTIMAGE', 'IMAGE1', 'Dairy-Milk'),
        c('PRODUCTDETAILS', 'HEALTHYOPTIONATTRIBUTE', 'Good Source of Calcium', 390),
        c('PRODUCTDETAILS', 'DESCRIPTION', 'One gallon', 330),
      ]),
      false,
    );
    expect(card?.title).toBe('One gallon');
    expect(card?.details).toEqual(['Good Source of Calcium']);
  });

  it('puts title, detail lines and custom text lines in layout order', () => {
    const card = adCard(
      product('Strawberries', {}, [
        c('PRODUCTDETAILS', 'HEALTHYOPTIONATTRIBUTE', 'Good Source of Vitamin C', 390),
        c('CUSTOMTEXT', 'DISCLAIMER', 'Limit 4', 420),
        c('CUSTOMTEXT', 'HEADLINE', 'Berry   season', 250),
      ]),
      false,
    );
    expect(card).toMatchObject({
      title: 'Strawberries',
      details: ['Fresh strawberries', 'Good Source of Vitamin C'],
      customText: ['Berry season', 'Limit 4'],
      image: 'produce-strawberries',
    });
  });
});

describe('the price', () => {
  it('is hidden when the retailer has more than one location', () => {
    expect(adCard(product('Bananas'), false)?.price).toBeNull();
  });

  it('shows with its unit for a single-location retailer, and without a unit when none', () => {
    expect(adCard(product('Bananas'), true)?.price).toEqual({ amount: '$0.59', unit: 'lb' });
    const noUnit = block([
      c('PRODUCTIMAGE', 'IMAGE1', 'Pantry-Pasta'),
      c('PRODUCTDETAILS', 'TITLE', 'Pasta'),
      c('PRODUCTDETAILS', 'PRICE', '2/$5'),
    ]);
    expect(adCard(noUnit, true)?.price).toEqual({ amount: '2/$5', unit: null });
  });
});

describe('the end line', () => {
  it("reads 'Ends' and the short date in Denver", () => {
    // 06:59:59 UTC on Dec 2 is still Tuesday Dec 1 in Denver.
    expect(endLine({ endDate: THIS_WEEK_END, dateInfo: INFO })).toBe('Ends Dec 1');
    // Summer time (UTC−6): 05:59:59 UTC on Jul 8 is Tuesday Jul 7 in Denver.
    expect(endLine({ endDate: '2026-07-08T05:59:59.000Z', dateInfo: null })).toBe('Ends Jul 7');
  });

  it("is the ad's date info without an end date, else empty", () => {
    expect(endLine({ endDate: null, dateInfo: INFO })).toBe(INFO);
    expect(endLine({ endDate: null, dateInfo: null })).toBe('');
  });
});

describe("this week's blocks", () => {
  it("shows this week's blocks, never next week's, even when next week's come first", () => {
    const blocks = [
      product('Next Apples', { endDate: NEXT_WEEK_END }),
      product('Bananas'),
      product('Next Pears', { endDate: NEXT_WEEK_END }),
      product('Avocados'),
    ];
    expect(thisWeeksBlocks(blocks, NOW).map((b) => b.components[1].value)).toEqual([
      'Bananas',
      'Avocados',
    ]);
  });

  it("moves to next week's once this week's have ended", () => {
    const blocks = [product('Bananas'), product('Next Pears', { endDate: NEXT_WEEK_END })];
    const after = Date.parse(THIS_WEEK_END) + 1000;
    expect(previewCards(blocks, { now: after, showPrice: false }).map((x) => x.title)).toEqual([
      'Next Pears',
    ]);
  });

  it('keeps blocks of the same Denver day and undated blocks, drops ended ones', () => {
    const blocks = [
      product('Ended', { endDate: '2026-11-20T06:59:59.000Z' }),
      product('Earlier the same day', { endDate: '2026-12-01T20:00:00.000Z' }),
      product('Undated', { endDate: null }),
      product('Bananas'),
    ];
    expect(previewCards(blocks, { now: NOW, showPrice: false }).map((x) => x.title)).toEqual([
      'Earlier the same day',
      'Undated',
      'Bananas',
    ]);
  });
});

describe('the limit', () => {
  it('is 15 cards, counted after the rules drop blocks', () => {
    const blocks = [textOnlyDeal(), themeBlock()];
    for (let i = 0; i < 20; i += 1) blocks.push(product(`Item ${i}`));
    const cards = previewCards(blocks, { now: NOW, showPrice: false });
    expect(WEEKLY_AD_PREVIEW_LIMIT).toBe(15);
    expect(cards).toHaveLength(15);
    expect(cards[0].title).toBe('Item 0');
    expect(cards[14].title).toBe('Item 14');
  });
});
