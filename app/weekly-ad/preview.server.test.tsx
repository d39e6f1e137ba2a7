import net from 'node:net';
import type { AppLoadContext } from '@remix-run/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startActionHarness, type ActionHarness, type DataOf } from '@test/action-harness';
import { startAdviewerService, type AdviewerService } from '@test/reference-services';
import { renderServer, textOf } from '@test/render';
import { HOME_STORE_INTENTS } from '~/stores/home-store/home-store';
import { PRIVATE_NO_STORE } from '~/lib/http/cache.server';
import { loader as homeLoader } from '~/routes/_index';
import { action as homeStoreAction } from '~/routes/home-store';
import { loader as previewRouteLoader } from '~/routes/weekly-ad_.preview';
import { brandAdCacheSize, brandAds, clearSharedAdCache, fetchAdContent } from './adviewer.server';
import { previewCards } from './preview-cards';
import { WeeklyAdPreview } from './preview-slider';
import { brandAdPages, previewLink, weeklyAdPreview } from './preview.server';
import { NO_WEEKLY_ADS_MESSAGE, previewDataHref, type PreviewCardsReply } from './preview';

const silent = { info() {}, warn() {}, error() {}, debug() {} };
/** The home page's data with its preview shown (every demo brand shows it). */
type HomeData = Omit<DataOf<typeof homeLoader>, 'weeklyAd'> & {
  weeklyAd: NonNullable<DataOf<typeof homeLoader>['weeklyAd']>;
};

/** A port nothing listens on (connection refused): an ad viewer that is stopped. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** An ad viewer that accepts connections and never answers. */
async function hangingServer() {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    close: () => {
      for (const s of sockets) s.destroy();
      server.close();
    },
  };
}

let h: ActionHarness;
let adviewer: AdviewerService;

beforeAll(async () => {
  [h, adviewer] = await Promise.all([
    startActionHarness({ sites: ['lins', 'corner'] }),
    startAdviewerService({ tenantsDir: 'tenants', contentDir: 'content', logger: silent }),
  ]);
});
afterAll(async () => {
  await Promise.all([h?.close(), adviewer?.close()]);
});
beforeEach(() => {
  clearSharedAdCache();
  h.services.references.adviewer = adviewer.url;
});

/**
 * Puts an ad page in the shared ad cache, as an earlier page view would have: these tests are
 * about which cards a page shows, not about how fast the ad viewer answers its first call (on a
 * busy machine it may take longer than the page's short wait; the loading state has its test).
 */
async function warm(site: string, page: string) {
  const result = await brandAds(await h.browser(site).ready(), page);
  expect(result.status).toBe('ok');
}

/** The titles the preview must show for an ad page: the reference's ads through the rules. */
async function expectedTitles(page: string, showPrice: boolean) {
  const blocks = await fetchAdContent(adviewer.url, page);
  return previewCards(blocks, { now: Date.now(), showPrice }).map((c) => c.title);
}

describe('the home page loader with the reference ad viewer', () => {
  it("shows the cards of the first location's page to a guest without a home store", async () => {
    await warm('lins', 'lins-cedar-city');
    const guest = h.browser('lins');
    const res = await guest.call(homeLoader, '/');
    const { weeklyAd } = res.data as HomeData;
    expect(res.status).toBe(200);
    expect(weeklyAd.state).toBe('ready');
    if (weeklyAd.state !== 'ready') return;
    expect(weeklyAd.cards.map((c) => c.title)).toEqual(
      await expectedTitles('lins-cedar-city', false),
    );
    expect(weeklyAd.cards.length).toBeGreaterThan(5);
    expect(weeklyAd.cards.length).toBeLessThanOrEqual(15);
    // Lin's has six stores: no prices (more than one location).
    expect(weeklyAd.cards.every((c) => c.price === null)).toBe(true);
    expect(weeklyAd.imageBase).toBe(`${adviewer.url}/images/afs/products/`);
    // The store is named, with the ad's dates on each card; its cards lead to that store's ad.
    expect(weeklyAd.store).toEqual({ storeNumber: '0012', name: "Lin's Cedar City" });
    expect(weeklyAd.link).toEqual({ href: '/weekly-ad?location=0012', external: false });
    expect(weeklyAd.cards.every((c) => /^Valid /.test(c.dates))).toBe(true);
    const html = await renderServer(<WeeklyAdPreview preview={weeklyAd} />);
    expect(html).toContain('href="/weekly-ad?location=0012"');
    expect(html).not.toContain('href="/weekly-ad"');
    expect(textOf(html)).toContain("This week’s ad at Lin's Cedar City · Valid ");
    // The same for every guest with this home store: the guest page cache may keep it.
    expect(res.headers.get('Cache-Control')).toMatch(/^public, max-age=0, s-maxage=\d+$/);
  });

  it("follows the home store: the chosen store's ad page", async () => {
    const guest = h.browser('lins');
    const stGeorge = h.content.retailerInfo('lins').locations.find((l) => l.storeNumber === '0021');
    expect(stGeorge?.adviewerPage).toBe('lins-st-george');
    await guest.call(homeStoreAction, '/home-store', {
      intent: HOME_STORE_INTENTS.choose,
      storeNumber: '0021',
      redirectTo: '/',
    });
    await warm('lins', 'lins-st-george');
    const { weeklyAd } = (await guest.call(homeLoader, '/')).data as HomeData;
    if (weeklyAd.state !== 'ready') throw new Error(`state ${weeklyAd.state}`);
    const titles = weeklyAd.cards.map((c) => c.title);
    expect(titles).toEqual(await expectedTitles('lins-st-george', false));
    // The home store's ad: /weekly-ad shows it without naming it.
    expect(weeklyAd.store).toEqual({ storeNumber: '0021', name: "Lin's St. George" });
    expect(weeklyAd.link).toEqual({ href: '/weekly-ad', external: false });
    // The demo ads differ per store: the page really changed.
    expect(titles).not.toEqual(await expectedTitles('lins-cedar-city', false));
  });

  it('shows prices on a single-location brand', async () => {
    await warm('corner', 'maple-corner-kamas');
    const { weeklyAd } = (await h.browser('corner').call(homeLoader, '/')).data as HomeData;
    if (weeklyAd.state !== 'ready') throw new Error(`state ${weeklyAd.state}`);
    expect(weeklyAd.cards.map((c) => c.title)).toEqual(
      await expectedTitles('maple-corner-kamas', true),
    );
    expect(weeklyAd.cards.every((c) => c.price !== null)).toBe(true);
  });

  it("shows the spec's message when the ad viewer is stopped, and the page stands", async () => {
    h.services.references.adviewer = `http://127.0.0.1:${await closedPort()}`;
    const res = await h.browser('lins').call(homeLoader, '/');
    const data = res.data as HomeData;
    expect(res.status).toBe(200);
    expect(data.weeklyAd).toMatchObject({ state: 'ready', cards: [] });
    // The rest of the home page is there.
    expect(data.home?.title).toBeTruthy();
    expect(data.coupons?.items.length).toBeGreaterThan(0);
    const html = await renderServer(<WeeklyAdPreview preview={data.weeklyAd} />);
    expect(textOf(html)).toContain(NO_WEEKLY_ADS_MESSAGE);
    expect(html).not.toContain('data-testid="ad-card"');
  });

  it('answers within the short wait on a hanging ad viewer: loading, never shared', async () => {
    const hanging = await hangingServer();
    try {
      h.services.references.adviewer = hanging.url;
      const started = Date.now();
      const res = await h.browser('lins').call(homeLoader, '/');
      const took = Date.now() - started;
      const { weeklyAd } = res.data as HomeData;
      expect(weeklyAd).toEqual({
        state: 'loading',
        page: 'lins-cedar-city',
        link: { href: '/weekly-ad?location=0012', external: false },
        store: { storeNumber: '0012', name: "Lin's Cedar City" },
      });
      expect(took).toBeLessThan(1000);
      expect(res.headers.get('Cache-Control')).toBe(PRIVATE_NO_STORE);
      // Skeleton cards, and a link to the ad for a browser without JavaScript.
      const html = await renderServer(<WeeklyAdPreview preview={weeklyAd} />);
      expect(html.match(/data-testid="ad-card-skeleton"/g)).toHaveLength(6);
      expect(html).toContain('<noscript>');
      expect(textOf(html)).toContain('Loading the weekly ad');

      // The browser then asks the preview route, which waits for the same call: the ad viewer's
      // deadline passes, no cards, nothing a shared cache keeps.
      const cards = await h
        .browser('lins')
        .call(previewRouteLoader, previewDataHref('lins-cedar-city'));
      expect(cards.status).toBe(200);
      expect(cards.data).toEqual({ cards: [], imageBase: '' });
      expect(cards.headers.get('Cache-Control')).toBe(PRIVATE_NO_STORE);
    } finally {
      hanging.close();
    }
  });
});

describe('the preview route', () => {
  it("answers an ad page's cards as JSON, shared", async () => {
    const res = await h.browser('lins').call(previewRouteLoader, previewDataHref('lins-elko'));
    const reply = res.data as PreviewCardsReply;
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(res.headers.get('Cache-Control')).toMatch(/^public, /);
    expect(reply.cards.map((c) => c.title)).toEqual(await expectedTitles('lins-elko', false));
    expect(reply.imageBase).toBe(`${adviewer.url}/images/afs/products/`);
  });

  it("refuses a page that is not the brand's (no call to the ad viewer for it)", async () => {
    for (const page of ['maple-corner-kamas', 'no-such-page', '', '../x', 'a'.repeat(500)]) {
      const res = await h.browser('lins').call(previewRouteLoader, previewDataHref(page));
      expect(res.status).toBe(404);
    }
    const missing = await h.browser('lins').call(previewRouteLoader, '/weekly-ad/preview');
    expect(missing.status).toBe(404);
  });

  it("knows the brand's pages: the retailer's and each visible store's", async () => {
    const context = await h.browser('lins').ready();
    expect([...brandAdPages(context)].sort()).toEqual([
      'lins',
      'lins-cedar-city',
      'lins-elko',
      'lins-hurricane',
      'lins-mesquite',
      'lins-richfield',
      'lins-st-george',
    ]);
  });
});

describe('the external weekly ad', () => {
  it("sends the cards to the brand's external weekly-ad address when it has one", async () => {
    await warm('lins', 'lins-cedar-city');
    const context = await h.browser('lins').ready();
    const external: AppLoadContext = {
      ...context,
      tenant: {
        ...context.tenant,
        services: { ...context.tenant.services, weeklyAdExternalUrl: 'https://ads.example.com/' },
      },
    };
    expect(previewLink(external)).toEqual({ href: 'https://ads.example.com/', external: true });
    const preview = await weeklyAdPreview(external);
    expect(preview.link.external).toBe(true);
    const html = await renderServer(<WeeklyAdPreview preview={preview} />);
    expect(html).toContain('href="https://ads.example.com/"');
    expect(html).not.toContain('href="/weekly-ad"');
    expect(textOf(html)).toContain('(opens the weekly ad on another site)');
  });
});

describe("a brand that hides the preview ('weekly-ad-preview' in hiddenElements)", () => {
  it('leaves the section out and never asks the ad viewer', async () => {
    clearSharedAdCache();
    const context = await h.browser('lins').ready();
    const hidden: AppLoadContext = {
      ...context,
      tenant: { ...context.tenant, hiddenElements: ['weekly-ad-preview'] },
    };
    const res = await homeLoader({
      request: new Request('http://lins.localhost/'),
      params: {},
      context: hidden,
    });
    const { weeklyAd } = (res as unknown as { data: DataOf<typeof homeLoader> }).data;
    expect(weeklyAd).toBeNull();
    expect(brandAdCacheSize()).toBe(0);
  });
});
