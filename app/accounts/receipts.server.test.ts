import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startActionHarness, type ActionHarness, type HarnessBrowser } from '@test/action-harness';
import { AVA, BEN, type DemoShopper } from '@test/demo';
import { recordingProxy } from '@test/loyalty-proxy';
import { UNAVAILABLE_MESSAGE } from '~/lib/loyalty/errors';
import { action as loginAction } from '~/routes/login';
import { loader as receiptsRouteLoader } from '~/routes/account_.receipts';
import { RECEIPTS_COUNT, RECEIPTS_DAYS_AGO } from './receipts';
import type { ReceiptsLoaderData } from './receipts.server';

/**
 * /account/receipts against the reference loyalty service: the demo shoppers' seeded receipts
 * (Ben's include one an older register sent, which does not follow the format). Nothing here
 * changes a shopper.
 */
let h: ActionHarness;

beforeAll(async () => {
  h = await startActionHarness({ sites: ['lins', 'dicks'] });
}, 60_000);
afterAll(() => h?.close());

async function signedIn(site: string, shopper: DemoShopper): Promise<HarnessBrowser> {
  const b = h.browser(site);
  const res = await b.call(loginAction, '/login', {
    intent: 'login',
    email: shopper.email,
    password: shopper.password,
  });
  expect(res.status).toBe(302);
  return b;
}

async function load(b: HarnessBrowser, path = '/account/receipts') {
  const res = await b.call(receiptsRouteLoader, path);
  return { ...res, page: res.data as ReceiptsLoaderData };
}

describe('receipts loader', () => {
  it('sends a guest to /', async () => {
    const res = await load(h.browser('lins'));
    expect(res.status).toBe(302);
    expect(res.location).toBe('/');
  });

  it('asks for 150 receipts over 150 days and lists them newest first, never cached', async () => {
    const b = await signedIn('lins', AVA);
    const proxy = await recordingProxy(h.services.loyalty.embedded!.url);
    try {
      b.services = {
        ...b.services,
        loyalty: { embedded: { ...h.services.loyalty.embedded!, url: proxy.url } },
      };
      const { status, headers, page } = await load(b);
      expect(status).toBe(200);
      expect(headers.get('Cache-Control')).toBe('private, no-store');
      const calls = proxy.requests.filter((r) => r.path.includes('/receipts'));
      expect(calls).toHaveLength(1);
      const query = new URL(calls[0].path, 'http://x').searchParams;
      expect(query.get('count')).toBe(String(RECEIPTS_COUNT));
      expect(query.get('daysAgo')).toBe(String(RECEIPTS_DAYS_AGO));
      expect(RECEIPTS_COUNT).toBe(150);

      expect(page.loadError).toBeNull();
      expect(page.receipts.length).toBeGreaterThanOrEqual(20);
      const days = page.receipts.map((r) => r.date);
      expect([...days].sort().reverse()).toEqual(days);
      expect(page.range).toMatchObject({ from: days.at(-1), to: days[0] });
      expect(page.limited).toBe(false);
      // Ava's receipts all follow the format: each is read into its parts.
      for (const r of page.receipts) {
        expect(r.parsed, r.key).not.toBeNull();
        expect(r.raw).toBeNull();
        expect(r.store).toBe(r.parsed!.location[0]);
        expect(r.total).toBeCloseTo(r.parsed!.subtotal! + r.parsed!.tax!, 2);
        expect(r.transactionNumber).toMatch(/^\d{9}$/);
        expect(r.parsed!.points).toBe(Math.floor(r.total!));
      }
      expect(new Set(page.receipts.map((r) => r.key)).size).toBe(page.receipts.length);
    } finally {
      await proxy.close();
    }
  });

  it('shows the receipt that does not follow the format as printed', async () => {
    const { page } = await load(await signedIn('dicks', BEN));
    const raw = page.receipts.filter((r) => r.parsed === null);
    expect(raw).toHaveLength(1);
    expect(raw[0]).toMatchObject({ store: null, total: null });
    expect(raw[0].raw).toContain('<<< REPRINT - COPY >>>');
    expect(page.receipts.filter((r) => r.parsed !== null).length).toBeGreaterThanOrEqual(20);
  });

  it('gives each shopper an owner key of their own, never their number', async () => {
    const avaBrowser = await signedIn('lins', AVA);
    const ava = (await load(avaBrowser)).page;
    const ben = (await load(await signedIn('lins', BEN))).page;
    const again = (await load(avaBrowser)).page;
    expect(ava.owner).toMatch(/^[\w-]{16}$/);
    expect(again.owner).toBe(ava.owner);
    expect(ava.owner).not.toBe(ben.owner);
    const frqShopperNo = (await avaBrowser.session()).get('shopper')!.frqShopperNo;
    expect(JSON.stringify(ava)).not.toContain(frqShopperNo);
  });

  it('shows a short message, not an error page, when the service is down', async () => {
    const b = await signedIn('lins', AVA);
    b.services = {
      ...b.services,
      loyalty: { embedded: { ...h.services.loyalty.embedded!, url: 'http://127.0.0.1:9' } },
    };
    const { status, page } = await load(b);
    expect(status).toBe(200);
    expect(page.loadError).toBe(UNAVAILABLE_MESSAGE);
    expect(page.receipts).toEqual([]);
    expect(page.range).toBeNull();
  });

  it('flags clipped coupons that did not come off, sums the savings, and searches', async () => {
    const b = await signedIn('lins', AVA);
    const { page } = await load(b);
    const flagged = page.receipts.filter((r) => r.misses.length > 0);
    expect(flagged.length).toBeGreaterThanOrEqual(1);
    const misses = flagged.flatMap((r) => r.misses);
    expect(misses.length).toBeGreaterThanOrEqual(2);
    for (const r of flagged) {
      for (const m of r.misses) {
        const q = new URL(m.askHref, 'http://x').searchParams;
        expect(q.get('receiptDate')).toBe(r.date);
        expect(q.get('transaction')).toBe(r.transactionNumber);
        expect(q.get('coupon')).toBe(m.coupon);
      }
    }
    const sum = page.receipts.reduce((n, r) => n + Math.round((r.savings?.total ?? 0) * 100), 0);
    expect(page.saved).toBeCloseTo(sum / 100, 2);
    expect(page.saved).toBeGreaterThan(0);
    expect(page.totalCount).toBe(page.receipts.length);

    const line = flagged[0].misses[0].line;
    const found = (await load(b, `/account/receipts?q=${encodeURIComponent(line)}`)).page;
    expect(found.receipts.map((r) => r.key)).toContain(flagged[0].key);
    expect(found.receipts.length).toBeLessThan(page.receipts.length);
    expect(found.totalCount).toBe(page.totalCount);

    const bad = await load(b, `/account/receipts?from=2026-02-31&q=${'x'.repeat(300)}`);
    expect(bad.status).toBe(200);
    expect(bad.page.query.errors).toEqual({
      from: 'Please enter a valid date.',
      q: 'Please enter at most 60 characters.',
    });
    expect(bad.page.receipts).toHaveLength(page.receipts.length);
  });
});
