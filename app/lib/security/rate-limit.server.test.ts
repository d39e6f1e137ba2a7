import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { uniqueAppId } from '@test/stores';
import { openSiteStore, type SiteStore } from '~/lib/site-store/site-store.server';
import {
  accountKey,
  createRateLimits,
  ipKey,
  retryAfterHeaders,
  tooManyAttemptsMessage,
  type RateLimits,
} from './rate-limit.server';

const small = { ipPoints: 3, ipWindowSeconds: 60, accountFailures: 3, accountWindowSeconds: 900 };
const opened: RateLimits[] = [];
function limits(options: Parameters<typeof createRateLimits>[0] = {}) {
  const l = createRateLimits({ settings: small, ...options });
  opened.push(l);
  return l;
}
afterAll(async () => {
  for (const l of opened) await l.close();
});

async function consumeTimes(l: RateLimits, n: number, ...args: Parameters<RateLimits['consume']>) {
  const results = [];
  for (let i = 0; i < n; i++) results.push(await l.consume(...args));
  return results;
}

describe('ipKey and accountKey', () => {
  it('counts IPv4 as is, IPv4-mapped IPv6 as IPv4 and IPv6 per /64', () => {
    expect(ipKey('203.0.113.7')).toBe('203.0.113.7');
    expect(ipKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(ipKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(ipKey('2001:DB8:1:2::99')).toBe('2001:db8:1:2::/64');
    expect(ipKey('[2001:db8::1]')).toBe('2001:db8:0:0::/64');
    expect(ipKey('::1')).toBe('0:0:0:0::/64');
    expect(ipKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(ipKey('unknown')).toBe('unknown');
  });

  it('names an account by its lower-cased e-mail or its phone digits', () => {
    expect(accountKey(' Pat@Example.COM ')).toBe('pat@example.com');
    expect(accountKey('(801) 555-0123')).toBe('8015550123');
  });
});

describe('rate limits in memory', () => {
  it('allows the set number of posts per IP, brand and form, then refuses with a wait', async () => {
    const l = limits();
    expect(l.store).toBe('memory');
    const results = await consumeTimes(l, 4, 'login-ip', 'dans', '203.0.113.1');
    expect(results.slice(0, 3)).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    const refused = results[3];
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    expect(refused.retryAfterSeconds).toBeGreaterThan(50);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(retryAfterHeaders(refused)).toEqual({
      'Retry-After': String(refused.retryAfterSeconds),
    });
    expect(retryAfterHeaders({ ok: true })).toEqual({});

    // Other brand, other form, other address: their own counters.
    expect(await l.consume('login-ip', 'corner', '203.0.113.1')).toEqual({ ok: true });
    expect(await l.consume('reset-ip', 'dans', '203.0.113.1')).toEqual({ ok: true });
    expect(await l.consume('register-ip', 'dans', '203.0.113.1')).toEqual({ ok: true });
    expect(await l.consume('login-ip', 'dans', '203.0.113.2')).toEqual({ ok: true });
  });

  it('counts a whole IPv6 /64 together', async () => {
    const l = limits();
    await consumeTimes(l, 3, 'register-ip', 'dans', '2001:db8:5:6::1');
    expect((await l.consume('register-ip', 'dans', '2001:db8:5:6::abcd')).ok).toBe(false);
    expect((await l.consume('register-ip', 'dans', '2001:db8:5:7::1')).ok).toBe(true);
  });

  it('opens again when the window has passed', async () => {
    const l = limits({ settings: { ...small, ipPoints: 1, ipWindowSeconds: 1 } });
    expect((await l.consume('reset-ip', 'dans', '198.51.100.9')).ok).toBe(true);
    expect((await l.consume('reset-ip', 'dans', '198.51.100.9')).ok).toBe(false);
    await sleep(1100);
    expect((await l.consume('reset-ip', 'dans', '198.51.100.9')).ok).toBe(true);
  });

  it('locks an account after the set number of failed logins until cleared', async () => {
    const l = limits();
    expect(await l.loginAllowed('dans', 'pat@example.com')).toEqual({ ok: true });
    expect(await l.recordLoginFailure('dans', 'pat@example.com')).toEqual({ ok: true });
    expect(await l.recordLoginFailure('dans', 'PAT@example.com')).toEqual({ ok: true });
    expect(await l.loginAllowed('dans', 'pat@example.com')).toEqual({ ok: true });
    const third = await l.recordLoginFailure('dans', ' pat@example.com');
    expect(third.ok).toBe(false);
    const locked = await l.loginAllowed('dans', 'Pat@Example.com');
    expect(locked.ok).toBe(false);
    if (!locked.ok) expect(locked.retryAfterSeconds).toBeGreaterThan(890);

    expect(await l.loginAllowed('corner', 'pat@example.com')).toEqual({ ok: true });
    expect(await l.loginAllowed('dans', 'kim@example.com')).toEqual({ ok: true });

    await l.clearLoginFailures('dans', 'pat@example.com');
    expect(await l.loginAllowed('dans', 'pat@example.com')).toEqual({ ok: true });
    await l.clearLoginFailures('dans', 'nobody@example.com'); // nothing to clear: fine
  });

  it('has a message a shopper understands, saying how long to wait', () => {
    expect(tooManyAttemptsMessage(900)).toBe(
      'Too many attempts. Please wait 15 minutes and try again.',
    );
    expect(tooManyAttemptsMessage(61)).toBe(
      'Too many attempts. Please wait 2 minutes and try again.',
    );
    expect(tooManyAttemptsMessage(60)).toBe(
      'Too many attempts. Please wait 1 minute and try again.',
    );
    expect(tooManyAttemptsMessage(42)).toBe(
      'Too many attempts. Please wait 42 seconds and try again.',
    );
    expect(tooManyAttemptsMessage(0.2)).toBe(
      'Too many attempts. Please wait 1 second and try again.',
    );
  });
});

const databaseUrl = process.env.TEST_DATABASE_URL;
describe.runIf(databaseUrl)('rate limits on PostgreSQL', () => {
  let store: SiteStore | undefined;
  afterAll(async () => {
    await store?.close();
  });

  it('shares counters between processes and stores only hashed keys', async () => {
    store = await openSiteStore({ databaseUrl }); // creates site.rate_limits
    const brand = uniqueAppId('rl');
    const a = limits({ databaseUrl });
    const b = limits({ databaseUrl });
    expect(a.store).toBe('postgres');

    expect((await a.consume('login-ip', brand, '192.0.2.10')).ok).toBe(true);
    expect((await b.consume('login-ip', brand, '192.0.2.10')).ok).toBe(true);
    expect((await a.consume('login-ip', brand, '192.0.2.10')).ok).toBe(true);
    const refused = await b.consume('login-ip', brand, '192.0.2.10');
    expect(refused.ok).toBe(false);

    await a.recordLoginFailure(brand, 'pat@example.com');
    await b.recordLoginFailure(brand, 'pat@example.com');
    expect((await a.recordLoginFailure(brand, 'pat@example.com')).ok).toBe(false);
    expect((await b.loginAllowed(brand, 'Pat@Example.com')).ok).toBe(false);
    await b.clearLoginFailures(brand, 'pat@example.com');
    expect(await a.loginAllowed(brand, 'pat@example.com')).toEqual({ ok: true });

    const rows = await store.query<{ key: string }>(
      'select key from rate_limits where key like $1',
      [`%${brand}%`],
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toMatch(/192\.0\.2\.10|pat@/);
    await store.query('delete from rate_limits where key like $1', [`%${brand}%`]);
  });

  it('keeps limiting from memory when the database cannot be reached', async () => {
    // Nothing listens on port 1 of loopback: every query fails at once.
    const l = limits({ databaseUrl: 'postgres://nobody@127.0.0.1:1/none' });
    const results = await consumeTimes(l, 4, 'reset-ip', 'dans', '192.0.2.77');
    expect(results.map((r) => r.ok)).toEqual([true, true, true, false]);
    expect((await l.recordLoginFailure('dans', 'x@example.com')).ok).toBe(true);
  });
});
