import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  startActionHarness,
  type ActionHarness,
  type DataOf,
  type HarnessBrowser,
} from '@test/action-harness';
import { AVA } from '@test/demo';
import { startAdviewerService, type AdviewerService } from '@test/reference-services';
import { HOME_STORE_INTENTS } from '~/stores/home-store/home-store';
import { action as homeStoreRouteAction } from '~/routes/home-store';
import { action as loginRouteAction } from '~/routes/login';
import { loader as weeklyAdRouteLoader } from '~/routes/weekly-ad';
import { shopperFromSession } from '~/lib/session/shopper.server';
import { clearSharedAdCache } from './adviewer.server';
import type { WeeklyAdPageData } from './page-data';

/**
 * The /weekly-ad loader against the reference ad viewer (started here on loopback, reached over
 * HTTP as a retailer's own would be) and the reference loyalty service (the shopper's token).
 */
let h: ActionHarness;
let adviewer: AdviewerService;

beforeAll(async () => {
  h = await startActionHarness({ sites: ['lins', 'corner'] });
  adviewer = await startAdviewerService({ port: 0 });
  h.services.references.adviewer = adviewer.url;
}, 60_000);
afterAll(async () => {
  await adviewer?.close();
  await h?.close();
});
afterEach(() => {
  h.services.references.adviewer = adviewer.url;
  clearSharedAdCache();
});

async function load(b: HarnessBrowser, search = '') {
  const res = await b.call(weeklyAdRouteLoader, `/weekly-ad${search}`);
  expect(res.status).toBe(200);
  return { res, page: res.data as DataOf<typeof weeklyAdRouteLoader> as WeeklyAdPageData };
}

async function chooseHomeStore(b: HarnessBrowser, storeNumber: string) {
  const res = await b.call(homeStoreRouteAction, '/home-store', {
    intent: HOME_STORE_INTENTS.choose,
    storeNumber,
    redirectTo: '/weekly-ad',
  });
  expect(res.status).toBe(302);
  expect(res.location).toBe('/weekly-ad');
}

const itemCount = (page: WeeklyAdPageData) =>
  page.text.status === 'ok' ? page.text.weeks.reduce((n, w) => n + w.items.length, 0) : 0;

describe('/weekly-ad for a guest', () => {
  it("without a store: the viewer's choose-store prompt on the retailer's page, shared", async () => {
    const { res, page } = await load(h.browser('lins'));
    expect(page.frame).toEqual({
      src: `${adviewer.url}/lins?chooseStore`,
      title: "Lin's Fresh Market weekly ad: choose your store",
      chooseStore: true,
    });
    expect(page.viewerOrigin).toBe(adviewer.url);
    expect(page.store).toBeNull();
    expect(page.unknownLocation).toBe(false);
    expect(page.homeStoreNumber).toBeNull();
    expect(page.signedIn).toBe(false);
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=0, s-maxage=5');
    // The retailer's own ad as text: this week's, then next week's.
    expect(page.text.status).toBe('ok');
    if (page.text.status !== 'ok') return;
    expect(page.text.weeks.map((w) => w.label)).toEqual(['This week', 'Next week']);
    expect(page.text.weeks[0].dates).toMatch(/^Valid \w{3}, \w{3} \d+ - \w{3}, \w{3} \d+$/);
    expect(page.text.weeks[0].items[0].ends).toMatch(/^Ends \w{3} \d+, \d{4}$/);
    // A text-only deal is in the text version (it has no picture).
    const titles = page.text.weeks.flatMap((w) => w.items.map((i) => i.title));
    expect(
      titles.some((t) => /Buy 2, Get 1 Free|Save \$5 on Your Order|Double Fuel Points/.test(t)),
    ).toBe(true);
  });

  it("with a home store: that store's page, no prompt", async () => {
    const b = h.browser('lins');
    await chooseHomeStore(b, '0021');
    const { res, page } = await load(b);
    expect(page.frame).toEqual({
      src: `${adviewer.url}/lins-st-george`,
      title: "Weekly ad for Lin's St. George",
      chooseStore: false,
    });
    expect(page.store).toEqual({
      storeNumber: '0021',
      name: "Lin's St. George",
      fromLocation: false,
    });
    expect(page.homeStoreNumber).toBe('0021');
    expect(itemCount(page)).toBeGreaterThan(10);
    // The same for every guest with this home store (the guest page cache keys on it).
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=0, s-maxage=5');
  });

  it('the location parameter (number or slug) wins over the home store', async () => {
    const b = h.browser('lins');
    await chooseHomeStore(b, '0021');
    for (const search of ['?location=0034', '?location=34', '?location=lins-hurricane']) {
      const { page } = await load(b, search);
      expect(page.frame?.src, search).toBe(`${adviewer.url}/lins-hurricane`);
      expect(page.store, search).toEqual({
        storeNumber: '0034',
        name: "Lin's Hurricane",
        fromLocation: true,
      });
      expect(page.homeStoreNumber).toBe('0021');
    }
  });

  it('an unknown location says so and falls back, still 200', async () => {
    const { page } = await load(h.browser('lins'), '?location=no-such-store');
    expect(page.unknownLocation).toBe(true);
    expect(page.frame?.src).toBe(`${adviewer.url}/lins?chooseStore`);
    const b = h.browser('lins');
    await chooseHomeStore(b, '0045');
    const withHome = await load(b, '?location=%00%3Cscript%3E');
    expect(withHome.page.unknownLocation).toBe(true);
    expect(withHome.page.frame?.src).toBe(`${adviewer.url}/lins-richfield`);
  });

  it('a single-location brand shows its store at once', async () => {
    const { page } = await load(h.browser('corner'));
    expect(page.frame).toMatchObject({
      src: `${adviewer.url}/maple-corner-kamas`,
      chooseStore: false,
    });
    expect(page.stores.map((s) => s.storeNumber)).toEqual(['0001']);
  });

  it('lists the stores with their ad pages for the chooser and the messages', async () => {
    const { page } = await load(h.browser('lins'));
    expect(page.stores.map((s) => [s.storeNumber, s.page, s.canChoose, s.listed])).toEqual([
      ['0012', 'lins-cedar-city', true, true],
      ['0021', 'lins-st-george', true, true],
      ['0034', 'lins-hurricane', true, true],
      ['0045', 'lins-richfield', true, true],
      ['0057', 'lins-mesquite', true, true],
      ['0063', 'lins-elko', false, true],
    ]);
  });

  it('passes the search on and keeps every week (the page filters them)', async () => {
    const { page } = await load(h.browser('lins'), `?q=${encodeURIComponent('  apples\u0000 ')}`);
    expect(page.q).toBe('apples');
    expect(itemCount(page)).toBeGreaterThan(10);
  });

  it("links the tenant's external weekly ad", async () => {
    const b = h.browser('lins');
    const before = b.tenant.services.weeklyAdExternalUrl;
    b.tenant.services.weeklyAdExternalUrl = 'https://ads.example.com/lins';
    try {
      const { page } = await load(b);
      expect(page.externalUrl).toBe('https://ads.example.com/lins');
      expect(page.frame).not.toBeNull();
    } finally {
      b.tenant.services.weeklyAdExternalUrl = before;
    }
  });

  it("uses the tenant's ad viewer and default page when it names them", async () => {
    const b = h.browser('lins');
    const before = b.tenant.services.adviewer;
    h.services.references.adviewer = null;
    b.tenant.services.adviewer = { url: `${adviewer.url}/`, defaultPage: 'lins-mesquite' };
    try {
      const { page } = await load(b);
      expect(page.frame?.src).toBe(`${adviewer.url}/lins-mesquite?chooseStore`);
      expect(page.text.status).toBe('ok');
    } finally {
      b.tenant.services.adviewer = before;
    }
  });
});

describe('/weekly-ad for a shopper', () => {
  it("puts the shopper's token in the frame's address: personal, never stored", async () => {
    const b = h.browser('lins');
    const login = await b.call(loginRouteAction, '/login', {
      intent: 'login',
      email: AVA.email,
      password: AVA.password,
    });
    expect(login.status).toBe(302);
    const jwt = shopperFromSession(await b.session())!.frequentShopperJwt;
    expect(jwt).toBeTruthy();
    const { res, page } = await load(b);
    expect(page.signedIn).toBe(true);
    const src = new URL(page.frame!.src);
    expect(src.origin).toBe(adviewer.url);
    expect(src.searchParams.get('token')).toBe(jwt);
    expect(src.searchParams.has('chooseStore')).toBe(false);
    expect(page.frame!.chooseStore).toBe(false);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
  });
});

describe('/weekly-ad without its ad viewer', () => {
  it("a stopped ad viewer: the frame stays, the text section has the spec's sentence, 200", async () => {
    const down = await startAdviewerService({ port: 0 });
    const url = down.url;
    await down.close();
    h.services.references.adviewer = url;
    const { page } = await load(h.browser('lins'), '?location=0012&q=apples');
    expect(page.frame?.src).toBe(`${url}/lins-cedar-city`);
    expect(page.text).toEqual({ status: 'unavailable' });
    expect(page.q).toBe('apples');
  });

  it('no ad viewer address at all: no frame, no origin to honour, 200', async () => {
    h.services.references.adviewer = null;
    const { page } = await load(h.browser('lins'));
    expect(page.frame).toBeNull();
    expect(page.viewerOrigin).toBeNull();
    expect(page.text).toEqual({ status: 'unavailable' });
    expect(page.stores).toHaveLength(6);
  });
});
