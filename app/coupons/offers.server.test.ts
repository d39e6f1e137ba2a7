import { describe, expect, it, vi } from 'vitest';
import type { Offer, OfferLists } from '~/lib/loyalty/types';
import { availableFor, createAvailableCache } from './offers.server';

const offer = (offerId: string): Offer => ({ offerId }) as Offer;
const lists = (available: Offer[]): OfferLists => ({ available, activated: [], redeemed: [] });

describe('available-list cache', () => {
  it('fetches once per brand within the time to live, and again after it', async () => {
    let clock = 0;
    const cache = createAvailableCache({ ttlMs: 1000, staleMs: 0, now: () => clock });
    const loyalty = { getOffers: vi.fn(async () => lists([offer('1'), offer('2')])) };
    expect((await cache.available('a', loyalty)).map((o) => o.offerId)).toEqual(['1', '2']);
    await cache.available('a', loyalty);
    expect(loyalty.getOffers).toHaveBeenCalledTimes(1);
    expect(loyalty.getOffers).toHaveBeenCalledWith(null);
    await cache.available('b', loyalty);
    expect(loyalty.getOffers).toHaveBeenCalledTimes(2);
    clock = 1001;
    await cache.available('a', loyalty);
    expect(loyalty.getOffers).toHaveBeenCalledTimes(3);
  });

  it('shares one fetch between concurrent requests', async () => {
    const cache = createAvailableCache();
    let release!: () => void;
    const loyalty = {
      getOffers: vi.fn(
        () => new Promise<OfferLists>((r) => (release = () => r(lists([offer('9')])))),
      ),
    };
    const pending = [cache.available('a', loyalty), cache.available('a', loyalty)];
    release();
    const [x, y] = await Promise.all(pending);
    expect(x).toBe(y);
    expect(loyalty.getOffers).toHaveBeenCalledTimes(1);
  });

  it('serves a stale list at once while one refresh runs, and the new list after it', async () => {
    let clock = 0;
    const cache = createAvailableCache({ ttlMs: 1000, staleMs: 5000, now: () => clock });
    const loyalty = { getOffers: vi.fn(async () => lists([offer('1')])) };
    await cache.available('a', loyalty);
    let release!: () => void;
    loyalty.getOffers.mockImplementation(
      () => new Promise<OfferLists>((r) => (release = () => r(lists([offer('2')])))),
    );
    clock = 2000;
    // Both callers get the old list without waiting; one refresh is under way.
    expect((await cache.available('a', loyalty)).map((o) => o.offerId)).toEqual(['1']);
    expect((await cache.available('a', loyalty)).map((o) => o.offerId)).toEqual(['1']);
    expect(loyalty.getOffers).toHaveBeenCalledTimes(2);
    release();
    await new Promise((r) => setTimeout(r, 0));
    expect((await cache.available('a', loyalty)).map((o) => o.offerId)).toEqual(['2']);
    expect(loyalty.getOffers).toHaveBeenCalledTimes(2);
  });

  it('past the stale window a caller waits for the refresh', async () => {
    let clock = 0;
    const cache = createAvailableCache({ ttlMs: 1000, staleMs: 1000, now: () => clock });
    const loyalty = { getOffers: vi.fn(async () => lists([offer('1')])) };
    await cache.available('a', loyalty);
    loyalty.getOffers.mockResolvedValue(lists([offer('3')]));
    clock = 2500;
    const answer = await cache.lookup('a', loyalty);
    expect(answer.offers.map((o) => o.offerId)).toEqual(['3']);
    expect(answer).toMatchObject({ fetchedAt: 2500, lastKnown: false });
  });

  it('serves the last good list, marked with its time, while refreshes fail; then fails', async () => {
    let clock = 0;
    const cache = createAvailableCache({
      ttlMs: 1000,
      staleMs: 1000,
      lastKnownMs: 60_000,
      now: () => clock,
    });
    const loyalty = { getOffers: vi.fn(async () => lists([offer('1')])) };
    await cache.available('a', loyalty);
    loyalty.getOffers.mockRejectedValue(new Error('down'));
    clock = 30_000;
    expect(await cache.lookup('a', loyalty)).toMatchObject({ fetchedAt: 0, lastKnown: true });
    clock = 60_001;
    await expect(cache.available('a', loyalty)).rejects.toThrow('down');
  });
});

describe('availableFor', () => {
  it("is the brand's list without the shopper's clipped and redeemed coupons", () => {
    const shared = ['1', '2', '3', '4'].map(offer);
    const mine: OfferLists = { available: [], activated: [offer('2')], redeemed: [offer('4')] };
    expect(availableFor(shared, mine).map((o) => o.offerId)).toEqual(['1', '3']);
  });
  it("uses the backend's own available list when it sent one", () => {
    const mine: OfferLists = { available: [offer('7')], activated: [], redeemed: [] };
    expect(availableFor([offer('1')], mine).map((o) => o.offerId)).toEqual(['7']);
  });
});
