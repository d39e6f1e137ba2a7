import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { action as loginRouteAction } from '~/routes/login';
import { action as logoutRouteAction } from '~/routes/logout';
import { GENERIC_FAILURE_MESSAGE, INVALID_LOGIN_MESSAGE } from '~/lib/loyalty/errors';
import { tooManyAttemptsMessage } from '~/lib/security/rate-limit.server';
import { BEN, CARA, DEMO_SHOPPERS } from '@test/demo';
import { startActionHarness, type ActionHarness } from '@test/action-harness';
import { recordingProxy } from '@test/loyalty-proxy';
import { NO_ACCOUNT_MESSAGE } from './messages';
import { shopperFromSession } from '~/lib/session/shopper.server';

/** The /login and /logout actions against the reference loyalty service (demo brands). */
const [ava] = DEMO_SHOPPERS;
let h: ActionHarness;

beforeAll(async () => {
  h = await startActionHarness({
    sites: ['lins', 'southend'],
    env: { RATE_LIMIT_LOGIN_FAILURES: '3' },
  });
}, 60_000);
afterAll(() => h?.close());

const formErrors = (data: unknown) =>
  (data as { result: { error?: Record<string, string[]> } }).result.error?.[''] ?? [];

describe('login action', () => {
  it('logs a demo shopper in, sets the home store and goes to afterLogIn', async () => {
    const b = h.browser('lins');
    const res = await b.call(loginRouteAction, '/login', {
      intent: 'login',
      email: ava.email,
      password: ava.password,
    });
    expect(res.status).toBe(302);
    expect(res.location).toBe(h.tenant('lins').afterLogIn ?? '/');
    const shopper = shopperFromSession(await b.session());
    expect(shopper?.firstName).toBe('Ava');
    expect((await b.session()).get('homeStore')).toMatch(/^\d{4}$/);

    const out = await b.call(logoutRouteAction, '/logout', {});
    expect(out.location).toBe('/');
    expect(shopperFromSession(await b.session())).toBeNull();
  });

  it('answers a wrong password with the invalid-login message and changes nothing', async () => {
    const b = h.browser('lins');
    const res = await b.call(loginRouteAction, '/login', {
      intent: 'login',
      email: ava.email,
      password: 'wrong-password',
    });
    expect(res.status).toBe(400);
    expect(formErrors(res.data)).toEqual([INVALID_LOGIN_MESSAGE]);
    expect(JSON.stringify(res.data)).not.toContain('wrong-password');
    expect(shopperFromSession(await b.session())).toBeNull();
  });

  it('goes to a safe redirectTo, never to another site', async () => {
    const b = h.browser('southend');
    const ok = await b.call(loginRouteAction, '/login', {
      intent: 'login',
      email: ava.email,
      password: ava.password,
      redirectTo: '/digital-coupons?tab=clipped',
    });
    expect(ok.location).toBe('/digital-coupons?tab=clipped');
    const b2 = h.browser('southend');
    const evil = await b2.call(loginRouteAction, '/login', {
      intent: 'login',
      email: ava.email,
      password: ava.password,
      redirectTo: '//evil.example/',
    });
    expect(evil.location).toBe('/');
  });

  it('makes an account wait after repeated failures, with a 429 a shopper understands', async () => {
    const b = h.browser('southend', { clientIp: '198.51.100.20' });
    for (let i = 0; i < 3; i += 1) {
      const r = await b.call(loginRouteAction, '/login', {
        intent: 'login',
        email: 'ben.shopper@example.com',
        password: `nope-${i}`,
      });
      expect(r.status).toBe(400);
    }
    const locked = await b.call(loginRouteAction, '/login', {
      intent: 'login',
      email: 'ben.shopper@example.com',
      password: 'Shopper2!pass',
    });
    expect(locked.status).toBe(429);
    expect(locked.headers.get('Retry-After')).toMatch(/^\d+$/);
    // The message says how long to wait: the first step of the back-off, a minute.
    const wait = Number(locked.headers.get('Retry-After'));
    expect(wait).toBeGreaterThan(50);
    expect(wait).toBeLessThanOrEqual(60);
    expect(formErrors(locked.data)).toEqual([tooManyAttemptsMessage(wait)]);
    expect(formErrors(locked.data)).toEqual([
      'Too many attempts. Please wait 1 minute and try again.',
    ]);
  });

  it('counts wrong passwords per account, whether the e-mail or the phone is typed', async () => {
    // Ben on another brand: every spelling of his e-mail and phone, from several addresses.
    const typed = [
      BEN.email,
      BEN.phone,
      `(${BEN.phone.slice(0, 3)}) ${BEN.phone.slice(3, 6)}-${BEN.phone.slice(6)}`,
      BEN.email.toUpperCase(),
      `1${BEN.phone}`,
      BEN.email,
    ];
    const statuses: number[] = [];
    for (const [i, email] of typed.entries()) {
      const b = h.browser('lins', { clientIp: `198.51.100.${40 + i}` });
      const r = await b.call(loginRouteAction, '/login', {
        intent: 'login',
        email,
        password: `wrong-${i}`,
      });
      statuses.push(r.status);
    }
    expect(statuses).toEqual([400, 400, 400, 429, 429, 429]);
    // The right password waits too: the account, not the identifier, is waiting.
    const b = h.browser('lins', { clientIp: '198.51.100.49' });
    const right = await b.call(loginRouteAction, '/login', {
      intent: 'login',
      email: BEN.phone,
      password: BEN.password,
    });
    expect(right.status).toBe(429);
  });

  it('never locks a shopper out where they logged in before', async () => {
    const home = h.browser('southend', { clientIp: '203.0.113.77' });
    const login = () =>
      home.call(loginRouteAction, '/login', {
        intent: 'login',
        email: CARA.email,
        password: CARA.password,
      });
    expect((await login()).status).toBe(302);
    await home.call(logoutRouteAction, '/logout', {});
    // Someone elsewhere guesses until the account waits…
    for (let i = 0; i < 4; i += 1) {
      const attacker = h.browser('southend', { clientIp: '192.0.2.99' });
      await attacker.call(loginRouteAction, '/login', {
        intent: 'login',
        email: CARA.email,
        password: `guess-${i}`,
      });
    }
    const attacker = h.browser('southend', { clientIp: '192.0.2.98' });
    const refused = await attacker.call(loginRouteAction, '/login', {
      intent: 'login',
      email: CARA.phone,
      password: CARA.password,
    });
    expect(refused.status).toBe(429);
    // …and the shopper at home still logs in.
    expect((await login()).status).toBe(302);
  });

  it('sends a reset e-mail for a known address and names no account for an unknown one', async () => {
    const b = h.browser('lins');
    const sent = await b.call(loginRouteAction, '/login', {
      intent: 'reset-request',
      email: 'cara.shopper@example.com',
    });
    expect(sent.status).toBe(200);
    expect((sent.data as { done: boolean }).done).toBe(true);
    const unknown = await b.call(loginRouteAction, '/login', {
      intent: 'reset-request',
      email: 'nobody.here@example.com',
    });
    expect(unknown.status).toBe(400);
    expect(formErrors(unknown.data)).toEqual([NO_ACCOUNT_MESSAGE]);
  });
});

describe('login failures a shopper may see', () => {
  it('shows the generic message, never the transport detail, when the loyalty API is unreachable', async () => {
    const b = h.browser('lins', { clientIp: '198.51.100.31' });
    b.services = {
      ...b.services,
      loyalty: { embedded: { ...h.services.loyalty.embedded!, url: 'http://127.0.0.1:9' } },
    };
    for (const intent of ['login', 'reset-request']) {
      const res = await b.call(loginRouteAction, '/login', {
        intent,
        email: ava.email,
        password: ava.password,
      });
      expect(res.status).toBe(400);
      expect(formErrors(res.data)).toEqual([GENERIC_FAILURE_MESSAGE]);
      expect(JSON.stringify(res.data)).not.toMatch(/ECONNREFUSED|unavailable|127\.0\.0\.1/);
    }
  });

  it('tells a wrong password by the error code, whatever the backend calls it', async () => {
    // A backend that answers code 11 with its own wording: still a failed login that counts towards
    // the lock (3 here), and the shopper reads 'Invalid email address or password.'.
    const proxy = await recordingProxy(h.services.loyalty.embedded!.url, {
      rewrite: (body) =>
        body && typeof body === 'object' && 'Code' in body
          ? { ...(body as object), Reason: 'Credentials rejected by upstream (E11)' }
          : body,
    });
    try {
      const b = h.browser('lins', { clientIp: '198.51.100.32' });
      b.services = {
        ...b.services,
        loyalty: { embedded: { ...h.services.loyalty.embedded!, url: proxy.url } },
      };
      const attempt = (password: string) =>
        b.call(loginRouteAction, '/login', {
          intent: 'login',
          email: 'cara.shopper@example.com',
          password,
        });
      for (let i = 0; i < 3; i += 1) {
        const res = await attempt(`wrong-${i}`);
        expect(res.status).toBe(400);
        expect(formErrors(res.data)).toEqual([INVALID_LOGIN_MESSAGE]);
      }
      expect((await attempt('Shopper3!pass')).status).toBe(429);
    } finally {
      await proxy.close();
    }
  });
});
