import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { uniqueAppId } from '@test/stores';
import { openSiteStore, type SiteStore } from '~/lib/site-store/site-store.server';
import {
  accountKey,
  createRateLimits,
  identifierAccount,
  ipKey,
  loginAccount,
  retryAfterHeaders,
  shopperAccount,
  tooManyAttemptsMessage,
  type LimitRefused,
  type LoginAttempt,
  type RateLimits,
} from './rate-limit.server';

const small = {
  ipPoints: 3,
  ipWindowSeconds: 60,
  accountFailures: 3,
  backoffBaseSeconds: 60,
  backoffMaxSeconds: 300,
  accountForgetSeconds: 3600,
};
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
    expect(accountKey('+1 801 555 0123')).toBe('8015550123');
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

  it('counts e-mail sign-ups per IP and brand over ten minutes, apart from the account forms', async () => {
    const l = limits();
    const results = await consumeTimes(l, 4, 'newsletter-ip', 'dans', '203.0.113.3');
    expect(results.slice(0, 3).every((r) => r.ok)).toBe(true);
    const refused = results[3];
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.retryAfterSeconds).toBeGreaterThan(590);
    if (!refused.ok) expect(refused.retryAfterSeconds).toBeLessThanOrEqual(600);
    expect(await l.consume('register-ip', 'dans', '203.0.113.3')).toEqual({ ok: true });
    expect(await l.consume('newsletter-ip', 'corner', '203.0.113.3')).toEqual({ ok: true });
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

  it('checks and counts failures for forms that test the password (check, then count)', async () => {
    const l = limits();
    expect(await l.loginAllowed('dans', 'pat@example.com')).toEqual({ ok: true });
    expect(await l.recordLoginFailure('dans', 'pat@example.com')).toEqual({ ok: true });
    expect(await l.recordLoginFailure('dans', 'PAT@example.com')).toEqual({ ok: true });
    expect(await l.loginAllowed('dans', 'pat@example.com')).toEqual({ ok: true });
    // The third failure: the next attempt waits the first back-off step (a minute here).
    expect(await l.recordLoginFailure('dans', ' pat@example.com')).toEqual({
      ok: false,
      retryAfterSeconds: 60,
    });
    const locked = await l.loginAllowed('dans', 'Pat@Example.com');
    expect(locked.ok).toBe(false);
    if (!locked.ok) expect(locked.retryAfterSeconds).toBeGreaterThan(55);
    if (!locked.ok) expect(locked.retryAfterSeconds).toBeLessThanOrEqual(60);
    // A typed e-mail and the budget loginAccount names for it are the same budget.
    expect((await l.loginAllowed('dans', identifierAccount('pat@example.com'))).ok).toBe(false);

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

/** Starts `n` attempts one after the other and says which were let through. */
async function attempts(l: RateLimits, n: number, account: string, ip = '198.51.100.1') {
  const results: (LoginAttempt | LimitRefused)[] = [];
  for (let i = 0; i < n; i++) results.push(await l.beginLogin('dans', account, ip));
  return results;
}
const oks = (results: { ok: boolean }[]) => results.map((r) => r.ok);
const wait = (result: LoginAttempt | LimitRefused) => (result.ok ? 0 : result.retryAfterSeconds);

describe('login back-off per account', () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  const ava = shopperAccount('100000000001');

  it('lets the first failures through, then waits 1, 2, 4 … minutes, at most the cap', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const l = limits();
    // 3 free failures (the third starts the first wait), then refused at once.
    expect(oks(await attempts(l, 4, ava))).toEqual([true, true, true, false]);
    const steps: number[] = [];
    for (let i = 0; i < 5; i++) {
      const [refused] = await attempts(l, 1, ava);
      steps.push(wait(refused));
      vi.advanceTimersByTime(wait(refused) * 1000 - 2000);
      expect((await l.beginLogin('dans', ava, '198.51.100.1')).ok).toBe(false); // not yet
      vi.advanceTimersByTime(2000);
      expect((await l.beginLogin('dans', ava, '198.51.100.1')).ok).toBe(true); // one attempt
    }
    expect(steps).toEqual([60, 120, 240, 300, 300]);
    // The wait is per account and brand: another shopper, another brand are not held up.
    expect((await l.beginLogin('dans', shopperAccount('100000000002'), '198.51.100.1')).ok).toBe(
      true,
    );
    expect((await l.beginLogin('corner', ava, '198.51.100.1')).ok).toBe(true);
  });

  it('forgets the failures after a success, a reset, or a quiet day', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const l = limits();
    const elsewhere = '192.0.2.200';
    expect(oks(await attempts(l, 4, ava, elsewhere))).toEqual([true, true, true, false]);
    vi.advanceTimersByTime(60_000);
    const next = await l.beginLogin('dans', ava, '198.51.100.1');
    if (!next.ok) throw new Error('expected an attempt after the wait');
    await next.succeeded();
    expect(oks(await attempts(l, 4, ava, elsewhere))).toEqual([true, true, true, false]);

    await l.clearLoginFailures('dans', ava); // a password reset
    expect(oks(await attempts(l, 4, ava, elsewhere))).toEqual([true, true, true, false]);
    // A reset from an address the shopper logged in from clears that address's budget too.
    expect(oks(await attempts(l, 4, ava))).toEqual([true, true, true, false]);
    await l.clearLoginFailures('dans', ava, '198.51.100.1');
    expect(oks(await attempts(l, 1, ava))).toEqual([true]);

    vi.advanceTimersByTime(3600_000); // accountForgetSeconds after the first failure
    expect(oks(await attempts(l, 4, ava, elsewhere))).toEqual([true, true, true, false]);
  });

  it('lets no burst of parallel attempts past the limit', async () => {
    const l = limits();
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) => l.beginLogin('dans', ava, `198.51.100.${i + 1}`)),
    );
    expect(burst.filter((r) => r.ok)).toHaveLength(3);
    const refused = burst.find((r) => !r.ok);
    expect(wait(refused!)).toBeGreaterThan(55);
  });

  it('gives back an attempt whose password was never checked', async () => {
    const l = limits();
    for (let i = 0; i < 10; i++) {
      const attempt = await l.beginLogin('dans', ava, '198.51.100.1');
      if (!attempt.ok) throw new Error(`attempt ${i} refused`);
      await attempt.notTried();
    }
    expect(oks(await attempts(l, 4, ava))).toEqual([true, true, true, false]);
  });

  it('keeps its own budget for an address the shopper logged in from before', async () => {
    const l = limits();
    const home = '203.0.113.50';
    const first = await l.beginLogin('dans', ava, home);
    if (!first.ok) throw new Error('expected a first attempt');
    await first.succeeded();
    // An attacker elsewhere keeps the account waiting…
    expect(oks(await attempts(l, 5, ava, '198.51.100.66'))).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
    // …and gets no more from other addresses (the account's budget is one)…
    expect((await l.beginLogin('dans', ava, '192.0.2.1')).ok).toBe(false);
    // …while the shopper at home still has theirs, which backs off on its own.
    expect(oks(await attempts(l, 4, ava, home))).toEqual([true, true, true, false]);
    // The address counts for this account only.
    const other = shopperAccount('100000000003');
    await attempts(l, 3, other, '198.51.100.66');
    expect((await l.beginLogin('dans', other, home)).ok).toBe(false);
  });
});

describe('loginAccount', () => {
  const shoppers: Record<string, string> = {
    'email:ava@example.com': '100000000001',
    'phone:4355550101': '100000000001',
  };
  const asked: unknown[] = [];
  const lookup = async (query: { email: string } | { phone: string }) => {
    asked.push(query);
    const key = 'email' in query ? `email:${query.email.toLowerCase()}` : `phone:${query.phone}`;
    return shoppers[key] ? { frqShopperNo: shoppers[key] } : null;
  };

  it('names the shopper whatever identifier is typed', async () => {
    const ava = shopperAccount('100000000001');
    expect(await loginAccount(' Ava@Example.com ', lookup)).toBe(ava);
    expect(await loginAccount('(435) 555-0101', lookup)).toBe(ava);
    expect(await loginAccount('1-435-555-0101', lookup)).toBe(ava);
    expect(asked).toContainEqual({ email: 'Ava@Example.com' });
    expect(asked).toContainEqual({ phone: '4355550101' });
  });

  it('names the identifier when no account matches, the lookup fails or cannot apply', async () => {
    expect(await loginAccount('Nobody@Example.com', lookup)).toBe('login:nobody@example.com');
    expect(await loginAccount('801 555 0000', lookup)).toBe('login:8015550000');
    const failing = async () => {
      throw new Error('service down');
    };
    expect(await loginAccount('ava@example.com', failing)).toBe('login:ava@example.com');
    asked.length = 0;
    // Not an e-mail, not a phone number: nothing to look up.
    expect(await loginAccount('123456789012', lookup)).toBe('login:123456789012');
    expect(await loginAccount('pat', lookup)).toBe('login:pat');
    expect(asked).toEqual([]);
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

    // Two processes, one burst: the account still gets no more than its free attempts.
    const account = shopperAccount('100000000009');
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? a : b).beginLogin(brand, account, `192.0.2.${i + 1}`),
      ),
    );
    expect(burst.filter((r) => r.ok)).toHaveLength(3);

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
