import type http from 'node:http';
import { describe, expect, it } from 'vitest';
import { callerOf, isLoopback, presentsKey, serviceApiKey, ServiceKeyError } from './caller';

const KEY = 'k'.repeat(32);
const req = (remoteAddress: string, headers: http.IncomingHttpHeaders = {}) =>
  ({ socket: { remoteAddress }, headers }) as unknown as http.IncomingMessage;

describe('serviceApiKey: what a service started alone needs', () => {
  it('refuses to listen beyond loopback without a key, in one line', () => {
    for (const host of ['0.0.0.0', '::', '192.0.2.10', 'service.example']) {
      expect(() => serviceApiKey({}, 'SSO_API_KEY', host)).toThrow(ServiceKeyError);
      expect(() => serviceApiKey({}, 'SSO_API_KEY', host)).toThrow(/^SSO_API_KEY must be set/);
    }
    expect(serviceApiKey({ SSO_API_KEY: KEY }, 'SSO_API_KEY', '0.0.0.0')).toBe(KEY);
  });

  it('needs no key on loopback, and refuses a short one anywhere', () => {
    for (const host of ['127.0.0.1', 'localhost', '::1', '[::1]']) {
      expect(serviceApiKey({}, 'X_KEY', host)).toBeNull();
    }
    expect(() => serviceApiKey({ X_KEY: 'short' }, 'X_KEY', '127.0.0.1')).toThrow(/at least/);
  });
});

describe('callerOf', () => {
  it('believes the forwarded shopper address only from a caller presenting the key', () => {
    const headers = { 'x-api-key': KEY, 'x-shopper-address': '198.51.100.7' };
    expect(callerOf(req('192.0.2.1', headers), KEY)).toEqual({
      trusted: true,
      address: '198.51.100.7',
    });
    expect(callerOf(req('192.0.2.1', { ...headers, 'x-api-key': 'nope' }), KEY)).toEqual({
      trusted: false,
      address: '192.0.2.1',
    });
    // Not an address: the caller's own.
    expect(
      callerOf(req('192.0.2.1', { ...headers, 'x-shopper-address': 'x; rm -rf' }), KEY).address,
    ).toBe('192.0.2.1');
  });

  it('without a key, trusts callers on this machine only', () => {
    const named = { 'x-shopper-address': '198.51.100.7' };
    expect(callerOf(req('::ffff:127.0.0.1', named), null)).toEqual({
      trusted: true,
      address: '198.51.100.7',
    });
    expect(callerOf(req('192.0.2.1', named), null)).toEqual({
      trusted: false,
      address: '192.0.2.1',
    });
  });

  it('compares keys whole', () => {
    expect(presentsKey(req('x', { 'x-api-key': KEY }), KEY)).toBe(true);
    expect(presentsKey(req('x', { 'x-api-key': `${KEY}x` }), KEY)).toBe(false);
    expect(presentsKey(req('x', {}), KEY)).toBe(false);
    expect(isLoopback('127.8.9.1')).toBe(true);
    expect(isLoopback('128.0.0.1')).toBe(false);
  });
});
