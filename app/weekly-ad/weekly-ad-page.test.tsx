import { describe, expect, it } from 'vitest';
import { renderServer, textOf } from '@test/render';
import type { AdTextWeek } from './ad-text';
import type { WeeklyAdPageData, WeeklyAdStore } from './page-data';
import { WeeklyAdPage } from './weekly-ad-page';
import {
  AD_VIEWER_UNAVAILABLE_MESSAGE,
  NO_WEEKLY_ADS_MESSAGE,
  UNKNOWN_LOCATION_MESSAGE,
} from './weekly-ad-messages';

/** The page as the server renders it: what a browser without JavaScript keeps. */
const store = (n: string, extra: Partial<WeeklyAdStore> = {}): WeeklyAdStore => ({
  storeNumber: n,
  name: `Store ${n}`,
  page: `ad-${n}`,
  canChoose: true,
  listed: true,
  ...extra,
});

const WEEKS: AdTextWeek[] = [
  {
    id: 'w1',
    label: 'This week',
    dates: 'Valid Wed, Nov 25 - Tue, Dec 1',
    headlines: ['Fresh savings all week'],
    items: [
      {
        id: 'p1',
        title: 'Bananas',
        details: ['Ripe and sweet'],
        healthy: 'Heart healthy',
        notes: ['Limit 4'],
        price: '$0.59',
        unit: 'lb',
        ends: 'Ends Dec 1, 2026',
      },
      {
        id: 'p2',
        title: 'Buy 2, Get 1 Free',
        details: ['All canned soups'],
        healthy: null,
        notes: [],
        price: null,
        unit: null,
        ends: 'Ends Dec 1, 2026',
      },
    ],
  },
  {
    id: 'w2',
    label: 'Next week',
    dates: 'Valid Wed, Dec 2 - Tue, Dec 8',
    headlines: [],
    items: [
      {
        id: 'n1',
        title: 'Apples',
        details: [],
        healthy: null,
        notes: [],
        price: '$1.29',
        unit: 'lb',
        ends: 'Ends Dec 8, 2026',
      },
    ],
  },
];

const pageData = (extra: Partial<WeeklyAdPageData> = {}): WeeklyAdPageData => ({
  frame: {
    src: 'http://127.0.0.1:3200/ad-2',
    title: 'Weekly ad for Store 2',
    chooseStore: false,
  },
  viewerOrigin: 'http://127.0.0.1:3200',
  store: { storeNumber: '2', name: 'Store 2', fromLocation: false },
  unknownLocation: false,
  stores: [store('1'), store('2'), store('3', { listed: false })],
  homeStoreNumber: '2',
  signedIn: false,
  q: '',
  text: { status: 'ok', weeks: WEEKS },
  externalUrl: null,
  retailerName: 'Test Market',
  ...extra,
});

const render = (data: WeeklyAdPageData) => renderServer(<WeeklyAdPage data={data} />, '/weekly-ad');

describe('the weekly ad page', () => {
  it('frames the viewer with a title, and the text version with a heading per week and product', async () => {
    const html = await render(pageData());
    expect(html).toMatch(
      /<iframe [^>]*src="http:\/\/127.0.0.1:3200\/ad-2"[^>]*title="Weekly ad for Store 2"/,
    );
    // Loaded once the page has rendered with its styles and sized the frame (no layout shift).
    expect(html).toMatch(/<iframe [^>]*loading="lazy"/);
    // Behind a disclosure (a phone opens it with a tap, no script needed), closed at first, and
    // before the text version.
    expect(html).toMatch(
      /<details [^>]*data-testid="ad-viewer"[^>]*><summary [^>]*>See the ad page by page [\s\S]*<iframe /,
    );
    expect(html).not.toMatch(/<details [^>]*\bopen\b[^>]*data-testid="ad-viewer"/);
    expect(html.indexOf('data-testid="ad-viewer"')).toBeLessThan(
      html.indexOf('data-testid="ad-text"'),
    );
    // One store picker: the page's GET chooser.
    expect(html.match(/name="location"/g)).toHaveLength(1);
    expect(html).toMatch(/<h1[^>]*>Weekly Ad<\/h1>/);
    expect(html).toMatch(/<h2[^>]*>This week’s ad as text<\/h2>/);
    expect(html).toMatch(/<h3[^>]*>This week: Valid Wed, Nov 25 - Tue, Dec 1<\/h3>/);
    expect(html).toMatch(/<h3[^>]*>Next week: Valid Wed, Dec 2 - Tue, Dec 8<\/h3>/);
    expect(html.match(/<h4[^>]*>/g)).toHaveLength(3);
    const text = textOf(html);
    expect(text).toContain('This week’s ad at Store 2.');
    expect(text).toContain('Fresh savings all week');
    expect(text).toContain(
      'Bananas Ripe and sweet Heart healthy Limit 4 $0.59 / per lb Ends Dec 1, 2026',
    );
    expect(text).toContain('Buy 2, Get 1 Free All canned soups Ends Dec 1, 2026');
    // The search is a GET form of its own, with a label.
    expect(html).toMatch(/<form [^>]*method="get" action="\/weekly-ad" role="search"/);
    expect(html).toMatch(/<label for="([^"]+)"[^>]*>Search the ad<\/label><input id="\1" name="q"/);
  });

  it('filters the products by q in the first HTML (no JavaScript needed)', async () => {
    const html = await render(pageData({ q: 'lb' }));
    const text = textOf(html);
    expect(text).toContain('2 products match “lb”.');
    expect(text).toContain('Bananas');
    expect(text).toContain('Apples');
    expect(text).not.toContain('Buy 2, Get 1 Free');
    expect(text).not.toContain('Fresh savings all week');
    expect(html).toContain('value="lb"');
    const none = textOf(await render(pageData({ q: 'durian' })));
    expect(none).toContain('No products in this ad match “durian”.');
    expect(none).not.toContain('Bananas');
  });

  it('keeps a store named by the address in the search form', async () => {
    const html = await render(
      pageData({ store: { storeNumber: '1', name: 'Store 1', fromLocation: true } }),
    );
    expect(html).toMatch(/role="search"[^>]*>\s*<input type="hidden" name="location" value="1"/);
    const home = await render(pageData());
    expect(home).not.toContain('type="hidden" name="location"');
  });

  it('offers a store chooser (GET location) of the listed stores, the shown one selected', async () => {
    const html = await render(pageData());
    expect(html).toMatch(
      /<form [^>]*method="get" action="\/weekly-ad"[^>]*aria-label="Choose a store&#x27;s weekly ad"/,
    );
    expect(html).toMatch(/<select [^>]*name="location"/);
    expect(html).toContain('<option value="1">Store 1</option>');
    expect(html).toMatch(/<option value="2" selected="">Store 2<\/option>/);
    expect(html).not.toContain('<option value="3"');
    expect(textOf(html)).toContain('Show this store’s ad');
    // One store: nothing to choose.
    const single = await render(pageData({ stores: [store('2')] }));
    expect(single).not.toContain('name="location"');
  });

  it('says when there are no ads, only in the text section; the frame and chooser stay', async () => {
    const html = await render(pageData({ text: { status: 'unavailable' } }));
    const text = textOf(html);
    expect(text).toContain(NO_WEEKLY_ADS_MESSAGE);
    expect(html).toContain('<iframe');
    expect(html).toMatch(/<select [^>]*name="location"/);
    expect(html).not.toContain('role="search"');
  });

  it('has no frame, and says so, without an ad viewer', async () => {
    const html = await render(pageData({ frame: null, viewerOrigin: null }));
    expect(html).not.toContain('<iframe');
    expect(textOf(html)).toContain(AD_VIEWER_UNAVAILABLE_MESSAGE);
  });

  it('says an unknown store was not found, and asks a guest without a store to choose one', async () => {
    const html = await render(pageData({ store: null, unknownLocation: true }));
    const text = textOf(html);
    expect(text).toContain(UNKNOWN_LOCATION_MESSAGE);
    expect(text).toContain('Choose a store to see its weekly ad.');
    expect(text).toContain('Test Market');
    expect(html).toContain('<option value="" disabled="" selected="">Select a store</option>');
  });

  it("links the retailer's external weekly ad when the tenant names one", async () => {
    const html = await render(pageData({ externalUrl: 'https://ads.example.com/x' }));
    expect(html).toMatch(
      /<a href="https:\/\/ads.example.com\/x"[^>]*data-testid="weekly-ad-external"/,
    );
    expect(textOf(html)).toContain('See the weekly ad on Test Market’s ad site');
    expect(await render(pageData())).not.toContain('data-testid="weekly-ad-external"');
  });
});
