import type { AppLoadContext } from '@remix-run/node';
import { describe, expect, it } from 'vitest';
import {
  cacheControlFor,
  cacheHeaders,
  headers,
  PRIVATE_NO_STORE,
  publicCacheControl,
  strictest,
} from './cache.server';

const context = (shopper: boolean, seconds = 5) =>
  ({
    shopper: shopper ? { frqShopperNo: '400000000017' } : null,
    services: { env: { PAGE_CACHE_SECONDS: seconds } },
  }) as unknown as AppLoadContext;

const run = (parts: {
  loader?: HeadersInit;
  parent?: HeadersInit;
  action?: HeadersInit;
  error?: HeadersInit;
}) =>
  new Headers(
    headers({
      loaderHeaders: new Headers(parts.loader),
      parentHeaders: new Headers(parts.parent),
      actionHeaders: new Headers(parts.action),
      errorHeaders: parts.error ? new Headers(parts.error) : undefined,
    }) as HeadersInit,
  );

describe('cache headers', () => {
  it('shares guest pages for PAGE_CACHE_SECONDS and never a shopper’s', () => {
    expect(cacheControlFor(context(false), 'shared')).toBe('public, max-age=0, s-maxage=5');
    expect(cacheControlFor(context(true), 'shared')).toBe(PRIVATE_NO_STORE);
    expect(cacheControlFor(context(false), 'personal')).toBe(PRIVATE_NO_STORE);
    expect(cacheControlFor(context(false, 0), 'shared')).toBe(PRIVATE_NO_STORE);
  });

  it('makes a page that stores a session change personal', () => {
    const plain = cacheHeaders(context(false), 'shared');
    expect(plain.get('Cache-Control')).toBe(publicCacheControl(5));
    const withCookie = cacheHeaders(context(false), 'shared', { 'Set-Cookie': '__session=x' });
    expect(withCookie.get('Cache-Control')).toBe(PRIVATE_NO_STORE);
    expect(withCookie.get('Set-Cookie')).toBe('__session=x');
  });

  it('keeps the strictest answer of the route and its parents', () => {
    const shared = publicCacheControl(5);
    expect(strictest(shared, null)).toBe(shared);
    expect(strictest(null, null)).toBeNull();
    expect(strictest(shared, PRIVATE_NO_STORE)).toBe(PRIVATE_NO_STORE);
    expect(run({ loader: { 'Cache-Control': shared } }).get('Cache-Control')).toBe(shared);
    // A shopper's root answer wins over a page that would be shared.
    const mixed = run({
      loader: { 'Cache-Control': shared },
      parent: { 'Cache-Control': PRIVATE_NO_STORE },
    });
    expect(mixed.get('Cache-Control')).toBe(PRIVATE_NO_STORE);
    // A form's answer is never shared, and a refused post keeps its Retry-After.
    const refused = run({
      loader: { 'Cache-Control': shared },
      action: { 'Cache-Control': PRIVATE_NO_STORE, 'Retry-After': '60' },
    });
    expect(refused.get('Cache-Control')).toBe(PRIVATE_NO_STORE);
    expect(refused.get('Retry-After')).toBe('60');
    // Nothing declared: nothing said here (entry.server makes such a page private).
    expect(run({}).get('Cache-Control')).toBeNull();
    // An error's own headers count for the page that shows it.
    expect(
      run({ loader: {}, error: { 'Cache-Control': PRIVATE_NO_STORE } }).get('Cache-Control'),
    ).toBe(PRIVATE_NO_STORE);
  });
});
