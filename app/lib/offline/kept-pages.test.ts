import { describe, expect, it } from 'vitest';
import {
  KEPT_PAGES,
  SERVICE_WORKER_PATH,
  SHOPPER_KEY_HEADER,
  isLogout,
  keptPageHref,
  keptPageKey,
  mayKeep,
  shopperOfResponse,
  staleKeptPages,
} from './kept-pages';

const url = (path: string) => new URL(path, 'http://brand.localhost');
const response = (status: number, shopper: string | null, type = 'basic') => ({
  status,
  type,
  headers: new Headers(shopper ? { [SHOPPER_KEY_HEADER]: shopper } : {}),
});

describe('keptPageKey', () => {
  it('keeps the card, the list and the clipped coupons, each under one key', () => {
    expect(keptPageKey(url('/card'))).toBe('/card');
    expect(keptPageKey(url('/card/'))).toBe('/card');
    expect(keptPageKey(url('/list?from=home'))).toBe('/list');
    expect(keptPageKey(url('/digital-coupons?tab=clipped'))).toBe('/digital-coupons?tab=clipped');
    // The view whatever its order or search: the shopper's latest visit.
    expect(keptPageKey(url('/digital-coupons?sort=expiring&tab=clipped&q=milk'))).toBe(
      '/digital-coupons?tab=clipped',
    );
  });

  it('gives a page data request the key of its page', () => {
    expect(keptPageKey(url('/digital-coupons.data?tab=clipped&_routes=routes%2Fx'))).toBe(
      '/digital-coupons?tab=clipped',
    );
    expect(keptPageKey(url('/card.data'))).toBe('/card');
  });

  it('keeps nothing else', () => {
    for (const path of [
      '/',
      '/digital-coupons',
      '/digital-coupons?tab=available',
      '/digital-coupons?tab=redeemed',
      '/digital-coupons/print',
      '/cards',
      '/card/other',
      '/account',
      '/listing',
    ]) {
      expect(keptPageKey(url(path)), path).toBeNull();
    }
  });

  it('links each kept page by its key', () => {
    for (const page of KEPT_PAGES)
      expect(keptPageKey(url(keptPageHref(page)))).toBe(keptPageHref(page));
  });
});

describe('isLogout', () => {
  it('knows the logout posts, with and without JavaScript, and the single sign-on one', () => {
    expect(isLogout(url('/logout'))).toBe(true);
    expect(isLogout(url('/logout.data'))).toBe(true);
    expect(isLogout(url('/sso/logout'))).toBe(true);
    expect(isLogout(url('/logout-help'))).toBe(false);
    expect(isLogout(url('/account'))).toBe(false);
  });
});

describe('the shopper rule', () => {
  it('reads the shopper of a response, or that it cannot tell', () => {
    expect(shopperOfResponse(response(200, 'k1'))).toBe('k1');
    expect(shopperOfResponse(response(200, null))).toBeNull();
    expect(shopperOfResponse(response(0, null, 'opaqueredirect'))).toBeUndefined();
  });

  const kept = [
    { key: '/card', shopper: 'k1' },
    { key: '/digital-coupons?tab=clipped', shopper: 'k1' },
    { key: '/list', shopper: 'k2' },
  ];

  it('drops every copy for a guest (signed out, or the sign-in ended)', () => {
    expect(staleKeptPages(null, kept)).toEqual(kept.map((k) => k.key));
  });

  it("drops another shopper's copies when a shopper is signed in", () => {
    expect(staleKeptPages('k1', kept)).toEqual(['/list']);
    expect(staleKeptPages('k3', kept)).toEqual(kept.map((k) => k.key));
  });

  it('drops nothing when the response cannot tell', () => {
    expect(staleKeptPages(undefined, kept)).toEqual([]);
  });

  it("keeps only a kept page's 200 for a signed-in shopper", () => {
    expect(mayKeep(url('/card'), response(200, 'k1'))).toBe(true);
    expect(mayKeep(url('/card'), response(200, null))).toBe(false);
    expect(mayKeep(url('/card'), response(500, 'k1'))).toBe(false);
    expect(mayKeep(url('/card'), response(0, null, 'opaqueredirect'))).toBe(false);
    expect(mayKeep(url('/account'), response(200, 'k1'))).toBe(false);
  });
});

describe('the registration', () => {
  it('registers the worker where the server serves it', async () => {
    const fs = await import('node:fs');
    const entry = fs.readFileSync('app/entry.client.tsx', 'utf8');
    expect(entry).toContain(`navigator.serviceWorker.register('${SERVICE_WORKER_PATH}')`);
  });
});
