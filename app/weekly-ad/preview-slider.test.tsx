import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
} from 'react-router-dom/server';
import { describe, expect, it } from 'vitest';
import { renderServer, textOf } from '@test/render';
import { NonceContext } from '~/lib/theme/emotion';
import { WeeklyAdPreview } from './preview-slider';
import { NO_WEEKLY_ADS_MESSAGE, type AdCard, type WeeklyAdPreviewData } from './preview';

const IMAGES = 'http://127.0.0.1:3200/images/afs/products/';
const link = { href: '/weekly-ad', external: false };

const card = (n: number, over: Partial<AdCard> = {}): AdCard => ({
  id: String(n),
  title: `Product ${n}`,
  details: [`Detail ${n}a`, `Detail ${n}b`],
  customText: ['Limit 4'],
  price: null,
  ends: 'Ends Dec 1',
  dates: 'Valid Wed, Nov 25 - Tue, Dec 1',
  image: `produce-item${n}`,
  ...over,
});

const ready = (cards: AdCard[]): WeeklyAdPreviewData => ({
  state: 'ready',
  cards,
  imageBase: IMAGES,
  link,
  store: { storeNumber: '0012', name: "Lin's Cedar City" },
});

describe('the weekly-ad preview slider as the server renders it', () => {
  it('renders a card per ad card, each linking to the weekly ad', async () => {
    const html = await renderServer(<WeeklyAdPreview preview={ready([card(1), card(2)])} />);
    expect(html.match(/data-testid="ad-card"/g)).toHaveLength(2);
    expect(html.match(/href="\/weekly-ad"/g)).toHaveLength(3); // two cards and 'See the full…'
    const text = textOf(html);
    expect(text).toContain('Weekly Ad');
    expect(text).toContain('Product 1 Detail 1a Detail 1b Limit 4');
    expect(text).toContain('Ends Dec 1');
    expect(html).not.toContain('data-testid="ad-price"');
    // Without JavaScript the list scrolls: no buttons that would do nothing.
    expect(html).not.toContain('Next weekly ad items');
  });

  it('shows the price with its unit when the card has one', async () => {
    const html = await renderServer(
      <WeeklyAdPreview
        preview={ready([card(1, { price: { amount: '$0.59', unit: 'lb' } }), card(2)])}
      />,
    );
    expect(html.match(/data-testid="ad-price"/g)).toHaveLength(1);
    expect(textOf(html)).toContain('$0.59 / lb');
  });

  it('gives images their size, lazy loading, the title as alt text, and png first', async () => {
    const html = await renderServer(<WeeklyAdPreview preview={ready([card(7)])} />);
    const img = html.match(/<img [^>]*>/)?.[0] ?? '';
    expect(img).toContain(`src="${IMAGES}produce-item7.png"`);
    expect(img).toContain('alt="Product 7"');
    expect(img).toContain('width="120"');
    expect(img).toContain('height="120"');
    expect(img).toContain('loading="lazy"');
    // The box behind it carries both addresses for the page without JavaScript.
    expect(html).toContain(`--ad-png:url(&quot;${IMAGES}produce-item7.png&quot;)`);
    expect(html).toContain(`--ad-jpg:url(&quot;${IMAGES}produce-item7.jpg&quot;)`);
  });

  it("carries the page's nonce on the style only a browser without JavaScript applies", async () => {
    const html = await renderServer(
      <NonceContext.Provider value="abc123">
        <WeeklyAdPreview preview={ready([card(1)])} />
      </NonceContext.Provider>,
    );
    // renderServer strips style elements: the noscript around it is what is left to see.
    expect(html).toMatch(/<noscript><\/noscript>/);
    const raw = await renderServerKeepingStyles(
      <NonceContext.Provider value="abc123">
        <WeeklyAdPreview preview={ready([card(1)])} />
      </NonceContext.Provider>,
    );
    expect(raw).toMatch(/<noscript><style nonce="abc123">\[data-ad-image\]\{background:/);
  });

  it("shows the spec's message when there are no cards", async () => {
    const html = await renderServer(<WeeklyAdPreview preview={ready([])} />);
    expect(textOf(html)).toContain(NO_WEEKLY_ADS_MESSAGE);
    expect(html).not.toContain('data-testid="ad-card"');
  });

  it('shows skeleton cards while loading, and a link to the ad without JavaScript', async () => {
    const html = await renderServer(
      <WeeklyAdPreview preview={{ state: 'loading', page: 'lins-elko', link, store: null }} />,
    );
    expect(html).toContain('data-state="loading"');
    expect(html.match(/data-testid="ad-card-skeleton"/g)).toHaveLength(6);
    expect(html).toMatch(/<noscript><p><a [^>]*href="\/weekly-ad"[^>]*>See this week&#x27;s ad/);
    expect(html).not.toContain(NO_WEEKLY_ADS_MESSAGE);
  });

  it('says so when the cards lead to another site', async () => {
    const html = await renderServer(
      <WeeklyAdPreview
        preview={{
          ...ready([card(1)]),
          link: { href: 'https://ads.example.com/lins', external: true },
        }}
      />,
    );
    expect(html.match(/href="https:\/\/ads.example.com\/lins"/g)).toHaveLength(2);
    expect(html).not.toContain('target=');
    expect(textOf(html)).toContain('Product 1 (opens the weekly ad on another site)');
  });
});

/** As renderServer does, keeping style elements (this test looks at one). */
async function renderServerKeepingStyles(node: ReactNode): Promise<string> {
  const handler = createStaticHandler([{ path: '*', element: node }]);
  const context = await handler.query(new Request('http://localhost/'));
  if (context instanceof Response) throw new Error('unexpected redirect');
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <ChakraProvider value={defaultSystem}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </ChakraProvider>,
  );
}
