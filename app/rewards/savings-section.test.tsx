import fs from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { textOf } from '@test/render';
import { UNAVAILABLE_MESSAGE } from '~/lib/loyalty/errors';
import { contrast, readableOnWhite } from '~/lib/theme/color';
import { savingsKinds, savingsTable, type SavingsKind } from './savings';
import { SavingsChart } from './savings-chart';
import { SavingsSection } from './savings-section';

const records = [
  {
    date: '2026-01-01',
    adjustmentValue: 5,
    digitalCouponsOfferValue: 0.5,
    instantOfferSavings: 20,
    loyaltyOfferSavings: 0,
    targetedOfferSavings: 1.25,
  },
  {
    date: '2026-02-01',
    adjustmentValue: 0,
    digitalCouponsOfferValue: 3,
    instantOfferSavings: 0.99,
    loyaltyOfferSavings: 4,
    targetedOfferSavings: 0,
  },
];
const table = (kinds: SavingsKind[] = savingsKinds({ hiddenElements: [] })) =>
  savingsTable(records, kinds, '2026-03-09');

const ids = (html: string, attribute: string) =>
  [...html.matchAll(new RegExp(`${attribute}="([^"]*)"`, 'g'))].map((m) => m[1]);

describe('SavingsChart', () => {
  it('is an SVG image named by its title and description, with no script', () => {
    const html = renderToStaticMarkup(
      <SavingsChart table={table()} orientation="columns" title="T" description="D" />,
    );
    expect(html).toMatch(/^<svg [^>]*role="img"/);
    const [labelledBy] = ids(html, 'aria-labelledby');
    for (const id of labelledBy.split(' ')) expect(html).toContain(`id="${id}"`);
    expect(html).toMatch(/<title id="[^"]+">T<\/title><desc id="[^"]+">D<\/desc>/);
    expect(html).not.toMatch(/<script|\son[a-z]+=/i);
  });

  it('escapes the labels it is given', () => {
    const html = renderToStaticMarkup(
      <SavingsChart
        table={table()}
        orientation="rows"
        title={'Dan’s <Perks> & "more"'}
        description="<script>alert(1)</script>"
      />,
    );
    expect(html).toContain('Dan’s &lt;Perks&gt; &amp; &quot;more&quot;');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');
  });

  it('draws each month’s segments with their values, and every pattern it uses exists', () => {
    const html = renderToStaticMarkup(
      <SavingsChart table={table()} orientation="columns" title="T" description="D" />,
    );
    const jan = /<g data-month="2026-01" data-total="26.75">([\s\S]*?)<\/g>/.exec(html)![1];
    expect(ids(jan, 'data-kind')).toEqual([
      'walletCredit',
      'digitalCoupons',
      'instant',
      'targeted',
    ]);
    expect(ids(jan, 'data-value').map(Number)).toEqual([5, 0.5, 20, 1.25]);
    expect(textOf(jan)).toBe('Jan $26.75');
    expect(html).toContain('data-month="2026-03" data-total="0"');
    for (const url of ids(html, 'fill').filter((f) => f.startsWith('url('))) {
      expect(html).toContain(`id="${url.slice(5, -1)}"`);
    }
    expect(textOf(html)).toContain(
      'Wallet credit Digital coupons Instant savings Loyalty offers Targeted offers',
    );
  });

  it('says so when the year has no savings', () => {
    const html = renderToStaticMarkup(
      <SavingsChart
        table={savingsTable([], ['instant'], '2026-02-01')}
        orientation="columns"
        title="T"
        description="D"
      />,
    );
    expect(textOf(html)).toContain('No savings yet this year.');
    expect(html).not.toContain('data-kind=');
  });
});

describe('SavingsSection', () => {
  it('states the year’s total, draws both layouts and gives the table with a total row', () => {
    const html = renderToStaticMarkup(<SavingsSection savings={table()} />);
    const text = textOf(html);
    expect(text).toContain('Year-to-Date Savings');
    expect(text).toContain('You have saved $34.74 so far in 2026.');
    expect(html).toContain('data-testid="savings-chart-columns"');
    expect(html).toContain('data-testid="savings-chart-rows"');
    expect(html).toContain('The same amounts are in the table “Savings by month, 2026”.');
    const tableHtml = /<table[\s\S]*<\/table>/.exec(html)![0];
    expect(textOf(tableHtml)).toBe(
      [
        'Savings by month, 2026',
        'Month Wallet credit Digital coupons Instant savings Loyalty offers Targeted offers Total',
        'January $5.00 50¢ $20.00 $0.00 $1.25 $26.75',
        'February $0.00 $3.00 99¢ $4.00 $0.00 $7.99',
        'March $0.00 $0.00 $0.00 $0.00 $0.00 $0.00',
        'Year to date $5.00 $3.50 $20.99 $4.00 $1.25 $34.74',
      ].join(' '),
    );
    const list = /<ul[^>]*data-testid="savings-list"[\s\S]*<\/ul>/.exec(html)![0];
    expect(textOf(list)).toContain(
      'February Total $7.99 Wallet credit $0.00 Digital coupons $3.00 Instant savings 99¢',
    );
    expect(textOf(list)).toContain('Year to date Total $34.74');
  });

  it('leaves out the columns the brand hides, everywhere', () => {
    const html = renderToStaticMarkup(
      <SavingsSection
        savings={table(savingsKinds({ hiddenElements: ['digital-coupon-savings-column'] }))}
      />,
    );
    expect(html).not.toContain('Digital coupons');
    expect(html).not.toContain('digital coupons');
    expect(textOf(html)).toContain('You have saved $31.24 so far in 2026.');
    const noWallet = renderToStaticMarkup(
      <SavingsSection
        savings={table(savingsKinds({ hiddenElements: ['wallet-credit-column'] }))}
      />,
    );
    expect(noWallet).not.toMatch(/wallet credit/i);
  });

  it('shows a short message when the savings could not be loaded', () => {
    const html = renderToStaticMarkup(<SavingsSection savings={null} headingId="ytd" />);
    expect(textOf(html)).toBe(`Year-to-Date Savings ${UNAVAILABLE_MESSAGE}`);
    expect(html).toContain('aria-labelledby="ytd"');
  });
});

describe('chart colours', () => {
  it('stand out from the white ground (3:1, WCAG 1.4.11) in every demo brand', () => {
    const dir = path.resolve(__dirname, '../../tenants');
    const themes = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.json') && f !== 'schema.json')
      .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')).theme ?? {});
    expect(themes.length).toBeGreaterThan(5);
    for (const theme of themes) {
      // brand.solid and accent.solid (lib/theme/system.ts), the colours of the bars.
      for (const base of [theme.primary ?? '#006993', theme.secondary ?? '#62cbc9']) {
        expect(contrast(readableOnWhite(base), '#ffffff'), base).toBeGreaterThanOrEqual(3);
      }
    }
  });
});
