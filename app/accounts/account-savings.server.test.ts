import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { denverDate } from '@common/dates';
import { startActionHarness, type ActionHarness, type HarnessBrowser } from '@test/action-harness';
import { AVA, type DemoShopper } from '@test/demo';
import { recordingProxy } from '@test/loyalty-proxy';
import { GENERIC_FAILURE_MESSAGE } from '~/lib/loyalty/errors';
import { loader as accountRouteLoader } from '~/routes/account._index';
import { action as loginAction } from '~/routes/login';
import { accountLoader, type AccountLoaderData } from './account.server';

/**
 * The year-to-date savings section of /account against the reference loyalty service: the demo
 * shoppers' seeded savings (read only), the brands' column flags, and each of the page's calls
 * failing without taking the other's section with it.
 */
let h: ActionHarness;

beforeAll(async () => {
  h = await startActionHarness({ sites: ['lins', 'corner', 'dicks'] });
}, 60_000);
afterAll(() => h?.close());

async function signedIn(site: string, shopper: DemoShopper = AVA): Promise<HarnessBrowser> {
  const b = h.browser(site);
  const res = await b.call(loginAction, '/login', {
    intent: 'login',
    email: shopper.email,
    password: shopper.password,
  });
  expect(res.status).toBe(302);
  return b;
}

async function load(b: HarnessBrowser) {
  const res = await b.call(accountRouteLoader, '/account');
  return { ...res, page: res.data as AccountLoaderData };
}

/** Points the browser's loyalty client at a recording proxy that may break one call's answer. */
async function throughProxy(b: HarnessBrowser, broken: RegExp | null) {
  const embedded = h.services.loyalty.embedded!;
  const proxy = await recordingProxy(embedded.url, {
    // A body of the wrong shape: the client refuses it as it would a failing backend's.
    rewrite: (body, request) => (broken?.test(request.path) ? { Broken: true } : body),
  });
  b.services = { ...b.services, loyalty: { embedded: { ...embedded, url: proxy.url } } };
  return proxy;
}

describe('account page savings', () => {
  it("shows the shopper's savings of this year, every column on lins", async () => {
    const b = await signedIn('lins');
    const proxy = await throughProxy(b, null);
    try {
      const { status, page } = await load(b);
      expect(status).toBe(200);
      expect(page.loadError).toBeNull();
      expect(page.account?.firstName).toBe(AVA.firstName);
      // The section is streamed: its table settles after the page's own data.
      const table = await page.savings?.table;
      const paths = proxy.requests.map((r) => r.path.replace(/\?.*/, ''));
      expect(paths.filter((p) => p.endsWith('/savings'))).toHaveLength(1);
      expect(table).toBeTruthy();
      const today = denverDate();
      expect(table!.year).toBe(Number(today.slice(0, 4)));
      expect(table!.kinds).toEqual([
        'walletCredit',
        'digitalCoupons',
        'instant',
        'loyalty',
        'targeted',
      ]);
      expect(table!.months.map((m) => m.month)).toEqual(
        Array.from(
          { length: Number(today.slice(5, 7)) },
          (_, i) => `${today.slice(0, 4)}-${String(i + 1).padStart(2, '0')}`,
        ),
      );
      expect(table!.total).toBeGreaterThan(0);
      const sum = table!.months.reduce((s, m) => s + Math.round(m.total * 100), 0);
      expect(sum / 100).toBe(table!.total);
      for (const m of table!.months) {
        const row = table!.kinds.reduce((s, k) => s + Math.round(m.values[k] * 100), 0);
        expect(row / 100).toBe(m.total);
      }
    } finally {
      await proxy.close();
    }
  });

  it('leaves out the wallet credit column on corner and the digital coupon column on dicks', async () => {
    const corner = (await (await load(await signedIn('corner'))).page.savings!.table)!;
    expect(corner.kinds).toEqual(['digitalCoupons', 'instant', 'loyalty', 'targeted']);
    expect(corner.totals.walletCredit).toBe(0);
    const dicks = (await (await load(await signedIn('dicks'))).page.savings!.table)!;
    expect(dicks.kinds).toEqual(['walletCredit', 'instant', 'loyalty', 'targeted']);
    expect(dicks.months.every((m) => m.values.digitalCoupons === 0)).toBe(true);
  });

  it('a failing savings call hides only the savings section', async () => {
    const b = await signedIn('lins');
    const proxy = await throughProxy(b, /\/savings$/);
    try {
      const { status, page } = await load(b);
      expect(status).toBe(200);
      expect(await page.savings?.table).toBeNull();
      expect(page.loadError).toBeNull();
      expect(page.account?.email).toBe(AVA.email);
      expect(page.rows.length).toBeGreaterThan(5);
    } finally {
      await proxy.close();
    }
  });

  it('a navigation does not wait for the savings section (it streams); a document gets it settled', async () => {
    const b = await signedIn('lins');
    const held = new Promise<null>(() => undefined); // a savings call that never ends
    const res = await b.call(
      ({ request, context }) => accountLoader(request, context, { savings: held }),
      '/account',
      undefined,
      // A navigation's data request (the app's own scripts): the section streams.
      { headers: { 'Sec-Fetch-Dest': 'empty' } },
    );
    expect(res.status).toBe(200);
    const page = res.data as AccountLoaderData;
    expect(page.account?.email).toBe(AVA.email);
    expect(page.savings?.table).toBe(held);

    // A document gets the section settled: sent complete, never pending at hydration.
    const doc = await b.call(
      ({ request, context }) => accountLoader(request, context, { savings: Promise.resolve(null) }),
      '/account',
    );
    expect((doc.data as AccountLoaderData).savings?.table).toBeNull();
  });

  it('a failing customer call leaves the savings section in place', async () => {
    const b = await signedIn('lins');
    const proxy = await throughProxy(b, /\/customer\?/);
    try {
      const { status, page } = await load(b);
      expect(status).toBe(200);
      expect(page.account).toBeNull();
      expect(page.loadError).toBe(GENERIC_FAILURE_MESSAGE);
      expect((await page.savings?.table)?.total).toBeGreaterThan(0);
    } finally {
      await proxy.close();
    }
  });

  it('makes no savings call for a guest (sent to /login)', async () => {
    const b = h.browser('lins');
    const proxy = await throughProxy(b, null);
    try {
      const res = await load(b);
      expect(res.status).toBe(302);
      expect(res.location).toBe('/login?redirectTo=%2Faccount');
      expect(proxy.requests).toEqual([]);
    } finally {
      await proxy.close();
    }
  });
});
