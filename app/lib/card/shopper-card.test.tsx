import { describe, expect, it } from 'vitest';
import { renderServer } from '@test/render';
import { code128Symbol } from '~/lib/barcode/symbol';
import { groupCardNumber, maskCardNumber } from './card-number';
import type { ShopperCardData } from './card.server';
import { ShopperCard } from './shopper-card';

const NO = '412345678901';
const card: ShopperCardData = {
  title: 'Perks card',
  retailerName: 'A Market',
  number: NO,
  masked: maskCardNumber(NO),
  grouped: groupCardNumber(NO),
  symbol: code128Symbol(NO),
};

describe('card number', () => {
  it('masks all but the last four digits and groups by four for typing', () => {
    expect(maskCardNumber(NO)).toBe('•••• 8901');
    expect(maskCardNumber('123')).toBe('•••');
    expect(groupCardNumber(NO)).toBe('4123 4567 8901');
    expect(groupCardNumber('12345')).toBe('1234 5');
  });
});

describe('ShopperCard', () => {
  it('shows the masked number, reveals the whole one in a disclosure, and links to /card', async () => {
    const html = await renderServer(<ShopperCard card={card} headingId="card-h" />);
    expect(html).toContain('aria-labelledby="card-h"');
    expect(html).toMatch(/<h2[^>]*id="card-h"[^>]*>Perks card<\/h2>/);
    expect(html).toMatch(/data-testid="card-masked"[^>]*>•••• 8901</);
    // Without a script: a native disclosure holds the whole number.
    expect(html).toMatch(
      /<details[^>]*><summary>.*Show full number.*<\/summary><p[^>]*>4123 4567 8901<\/p><\/details>/,
    );
    // The barcode's name never carries the number; the bars are crisp.
    expect(html).toContain('aria-label="Barcode of your card number"');
    expect(html).toContain('shape-rendering="crispEdges"');
    expect(html.match(new RegExp(NO, 'g')) ?? []).toHaveLength(0);
    expect(html).toMatch(/<a[^>]*href="\/card"[^>]*>Show card for scanning<\/a>/);
  });

  it('shows the number alone when no barcode could be drawn', async () => {
    const html = await renderServer(<ShopperCard card={{ ...card, symbol: null }} headingId="h" />);
    expect(html).not.toContain('<svg');
    expect(html).toContain('4123 4567 8901');
  });
});
