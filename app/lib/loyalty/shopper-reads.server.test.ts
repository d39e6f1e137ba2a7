import crypto from 'node:crypto';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeTargets } from '@test/stores';
import { createSession } from '@remix-run/node';
import { createSessionStorages } from '~/lib/session/session.server';
import { openSiteStore, type SiteStore } from '~/lib/site-store/site-store.server';
import type { LoyaltyClient } from './client.server';
import { LoyaltyError, LoyaltyUnavailableError } from './errors';
import {
  clearShopperReads,
  LAST_KNOWN_RETRY_MS,
  withShopperReads,
  type ShopperScope,
} from './shopper-reads.server';
import { bumpShopperVersion, readSnapshot, saveSnapshot } from './shopper-store.server';

const stores: SiteStore[] = [];
afterAll(async () => {
  for (const store of stores) await store.close();
});
beforeEach(() => clearShopperReads());

/** A loyalty client whose calls count and answer what the test sets. */
function fakeVendor() {
  const state = { points: 100, fail: null as Error | null };
  const answer = async <T>(value: () => T): Promise<T> => {
    await new Promise((r) => setTimeout(r, 1));
    if (state.fail) throw state.fail;
    return value();
  };
  const client = {
    appId: 'app',
    getLoyaltyInfo: vi.fn((no: string) => answer(() => ({ no, points: state.points }))),
    getOffers: vi.fn((no: string | null, options?: { personalOnly?: boolean }) =>
      answer(() => ({ no, personalOnly: options?.personalOnly ?? false, activated: [{ id: 1 }] })),
    ),
    getCustomer: vi.fn((query: Record<string, string>) => answer(() => ({ ...query }))),
    getReceipts: vi.fn((no: string, query?: { daysAgo?: number }) =>
      answer(() => [{ no, daysAgo: query?.daysAgo }]),
    ),
    activateOffers: vi.fn((no: string) => answer(() => [{ no, activated: true }])),
    getCharities: vi.fn(() => answer(() => [])),
  };
  return { state, client, loyalty: client as unknown as LoyaltyClient };
}

describe.each(storeTargets())('shopper read cache on $name', (target) => {
  let store: SiteStore;
  const brand = `brand-${crypto.randomBytes(4).toString('hex')}`;
  const scope = (shopperNo: string, version: number, extra: Partial<ShopperScope> = {}) => ({
    store,
    brand,
    shopperNo,
    version,
    cacheReads: true,
    onLastKnown: vi.fn(),
    ...extra,
  });

  it('opens the site store', async () => {
    store = await openSiteStore({ dataDir: target.dataDir, databaseUrl: target.databaseUrl });
    stores.push(store);
  });

  it("keeps a shopper's reads per shopper, version and arguments, and copies each answer", async () => {
    const { client, loyalty, state } = fakeVendor();
    const a = withShopperReads(loyalty, scope('111', 0));
    const first = (await a.getLoyaltyInfo('111')) as unknown as { points: number };
    first.points = -1; // a page that changes what it was given changes nothing kept
    state.points = 200;
    expect(await a.getLoyaltyInfo('111')).toEqual({ no: '111', points: 100 });
    expect(client.getLoyaltyInfo).toHaveBeenCalledTimes(1);

    // Another shopper, or this one at another version: their own call.
    const b = withShopperReads(loyalty, scope('222', 0));
    expect(await b.getLoyaltyInfo('222')).toEqual({ no: '222', points: 200 });
    expect(await withShopperReads(loyalty, scope('111', 1)).getLoyaltyInfo('111')).toEqual({
      no: '111',
      points: 200,
    });
    expect(client.getLoyaltyInfo).toHaveBeenCalledTimes(3);

    // Arguments are part of the key; another shopper's number is never served from the cache.
    await a.getReceipts('111', { daysAgo: 10 });
    await a.getReceipts('111', { daysAgo: 30 });
    await a.getReceipts('111', { daysAgo: 10 });
    expect(client.getReceipts).toHaveBeenCalledTimes(2);
    await a.getLoyaltyInfo('222');
    await a.getLoyaltyInfo('222');
    expect(client.getLoyaltyInfo).toHaveBeenCalledTimes(5);

    // Only the shopper's own coupon lists and own record are kept.
    await a.getOffers('111', { personalOnly: true });
    await a.getOffers('111', { personalOnly: true });
    await a.getOffers(null);
    await a.getOffers(null);
    expect(client.getOffers).toHaveBeenCalledTimes(3);
    await a.getCustomer({ frqShopperNo: '111' });
    await a.getCustomer({ frqShopperNo: '111' });
    await a.getCustomer({ email: 'x@example.com' } as never);
    expect(client.getCustomer).toHaveBeenCalledTimes(2);
  });

  it('shares one call between concurrent reads of one key', async () => {
    const { client, loyalty } = fakeVendor();
    const a = withShopperReads(loyalty, scope('333', 0));
    await Promise.all([a.getLoyaltyInfo('333'), a.getLoyaltyInfo('333'), a.getLoyaltyInfo('333')]);
    expect(client.getLoyaltyInfo).toHaveBeenCalledTimes(1);
  });

  it("one request going away does not fail another's shared read", async () => {
    const { client, loyalty } = fakeVendor();
    const a = withShopperReads(loyalty, scope('339', 0));
    const gone = new AbortController();
    const first = a.getOffers('339', { personalOnly: true, signal: gone.signal });
    const second = a.getOffers('339', { personalOnly: true });
    gone.abort();
    await Promise.all([first, second]);
    expect(client.getOffers).toHaveBeenCalledTimes(1);
    expect(client.getOffers.mock.calls[0][1]).toEqual({ personalOnly: true, signal: undefined });
  });

  it('a form post always asks the service', async () => {
    const { client, loyalty } = fakeVendor();
    const post = withShopperReads(loyalty, scope('444', 0, { cacheReads: false }));
    await post.getLoyaltyInfo('444');
    await post.getLoyaltyInfo('444');
    expect(client.getLoyaltyInfo).toHaveBeenCalledTimes(2);
  });

  it('a write raises the version in the site store, seen by the next session read', async () => {
    const { client, loyalty } = fakeVendor();
    const sessions = createSessionStorages(store, 'test-secret', false);
    const tenant = { sitePath: brand, origin: 'http://localhost' };
    const shopper = { frqShopperNo: '555', signedInAt: 1, firstName: 'A', myStore: '0' };
    const started = createSession({ shopper } as never);
    const { setCookie } = await sessions.commit(tenant, false, started as never, 3600);
    const cookie = setCookie.split(';')[0];
    const read = async () => sessions.shopperVersion(await sessions.read(tenant, false, cookie));

    const before = await read();
    const s = scope('555', before);
    const page = withShopperReads(loyalty, s);
    await page.getLoyaltyInfo('555');
    await page.activateOffers('555', ['1']);
    // The request's own later reads use the new version …
    expect(s.version).toBe(before + 1);
    await page.getLoyaltyInfo('555');
    expect(client.getLoyaltyInfo).toHaveBeenCalledTimes(2);
    // … and so does every later request, in any process (the version comes with the session).
    expect(await read()).toBe(before + 1);
    // Calls that change nothing raise nothing.
    await page.getCharities();
    expect(await read()).toBe(before + 1);
    // A failed write raises it too: it may have changed something at the service.
    client.activateOffers.mockRejectedValueOnce(new LoyaltyError(400, 31, 'Unknown offer'));
    await expect(page.activateOffers('555', ['x'])).rejects.toThrow('Unknown offer');
    expect(await read()).toBe(before + 2);
  });

  it('while the service is down, answers from the last-known store with its time', async () => {
    const { state, loyalty } = fakeVendor();
    const s = scope('666', 0);
    const page = withShopperReads(loyalty, s);
    await page.getLoyaltyInfo('666');
    await page.getCustomer({ frqShopperNo: '666' });
    // The snapshot is saved beside the answer; wait for it.
    await vi.waitFor(async () =>
      expect(await readSnapshot(store, brand, '666', 'loyaltyinfo')).not.toBeNull(),
    );
    const saved = await readSnapshot(store, brand, '666', 'loyaltyinfo');

    state.fail = new LoyaltyUnavailableError(503, 'down');
    const down = scope('666', 1);
    const later = withShopperReads(loyalty, down);
    expect(await later.getLoyaltyInfo('666')).toEqual({ no: '666', points: 100 });
    expect(down.onLastKnown).toHaveBeenCalledWith(saved!.fetchedAt);
    // Never the profile (a form built on an old record), and never for a refusal.
    await expect(later.getCustomer({ frqShopperNo: '666' })).rejects.toThrow('unavailable');
    state.fail = new LoyaltyError(401, 401, 'Unauthorized');
    await expect(withShopperReads(loyalty, scope('666', 2)).getLoyaltyInfo('666')).rejects.toThrow(
      'Unauthorized',
    );
  });

  it('a last-known answer stands only briefly; older than 24 hours it is not shown', async () => {
    const { state, client, loyalty } = fakeVendor();
    const day = 24 * 60 * 60 * 1000;
    await saveSnapshot(store, brand, '777', 'loyaltyinfo', '{"points":5}', Date.now() - day - 1000);
    state.fail = new LoyaltyUnavailableError(503, 'down');
    const page = withShopperReads(loyalty, scope('777', 0));
    await expect(page.getLoyaltyInfo('777')).rejects.toThrow('unavailable');

    await saveSnapshot(store, brand, '777', 'loyaltyinfo', '{"points":6}', Date.now() - 1000);
    expect(await page.getLoyaltyInfo('777')).toEqual({ points: 6 });
    vi.useFakeTimers({ now: Date.now() + LAST_KNOWN_RETRY_MS + 1, toFake: ['Date'] });
    try {
      state.fail = null;
      state.points = 7;
      expect(await page.getLoyaltyInfo('777')).toEqual({ no: '777', points: 7 });
    } finally {
      vi.useRealTimers();
    }
    expect(client.getLoyaltyInfo).toHaveBeenCalledTimes(3);
  });

  it('ending every session of a shopper forgets their last-known answers and cached reads', async () => {
    const sessions = createSessionStorages(store, 'test-secret', false);
    await saveSnapshot(store, brand, '888', 'offers', '[]', Date.now());
    const before = Number(
      (
        await store.query<{ version: string }>(
          'select version from shopper_versions where brand = $1 and shopper_no = $2',
          [brand, '888'],
        )
      )[0]?.version ?? 0,
    );
    await sessions.endSessions(brand, '888');
    expect(await readSnapshot(store, brand, '888', 'offers')).toBeNull();
    expect(await bumpShopperVersion(store, brand, '888')).toBe(before + 2);
  });
});
