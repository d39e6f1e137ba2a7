/**
 * Contract tests of the login front end's calls (docs/sso-api.md): what the brand site sends on
 * /sso/login, /sso/account and /sso/logout, against the provider and the reference loyalty
 * service, bad input of every shape included.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { getValidatedIdTokenClaims } from 'oauth4webapi';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FAILURES_PER_ADDRESS, MESSAGES } from './front-end';
import { startSsoService } from './index';
import {
  AVA,
  BEN,
  CARA,
  basic,
  oauthOf,
  partner,
  PARTNER,
  postJson,
  signInAtSite,
  startProviderKit,
  testBrands,
  type ProviderKit,
} from './test-kit';

let kit: ProviderKit;
const errors: unknown[] = [];
const logger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: (obj: object) => errors.push(obj),
};

beforeAll(async () => {
  kit = await startProviderKit({ logger });
});
afterAll(async () => {
  await kit?.close();
});
afterEach(() => {
  vi.useRealTimers();
  // No call may have ended in an unexpected (logged) error.
  expect(errors).toEqual([]);
});

const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
/** The oauth parameter of a partner that linked straight to /sso/login (no interaction). */
const OAUTH = {
  clientId: PARTNER.clientId,
  redirectUri: PARTNER.redirectUri,
  scope: 'openid profile email',
  state: 'partner-state',
  codeChallenge: CHALLENGE,
  codeChallengeMethod: 'S256',
  responseType: 'code',
};

/** A shopper address of its own for each call, unless a test names one (per-address limits). */
let addresses = 0;
const nextAddress = () => `10.0.${Math.floor(addresses / 250)}.${(addresses++ % 250) + 1}`;

const login = (
  body: unknown,
  who: { email: string; password: string } = AVA,
  password = who.password,
  address = nextAddress(),
) =>
  postJson(`${kit.sso.url}/authenticate/login`, body, {
    authorization: basic(who.email, password),
    'x-shopper-address': address,
  });
const token = (body: unknown) => postJson(`${kit.sso.url}/authenticate/token`, body);
const refresh = (refreshToken: string) =>
  postJson(`${kit.sso.url}/token/refresh`, { refresh_token: refreshToken });
const revoke = (body: Record<string, string>) =>
  postJson(`${kit.sso.url}/api/logout/revoketoken`, body);
const revokeAll = (body: unknown) => postJson(`${kit.sso.url}/api/logout/revokeall`, body);

interface Tokens {
  customerToken: string;
  refreshToken: string;
  expiresIn: number;
}
async function signIn(who = AVA, oauth: object = OAUTH): Promise<Tokens> {
  const res = await login(oauth, who);
  expect(res.status).toBe(200);
  return (await res.json()) as Tokens;
}

async function expectError(res: Response, status: number, message?: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toContain('application/json');
  const body = (await res.json()) as { error: string };
  expect(typeof body.error).toBe('string');
  expect(body.error).not.toMatch(/\bat .*\.(ts|js):\d+/);
  if (message) expect(body.error).toBe(message);
}

describe('POST /authenticate/login', () => {
  it('checks the password with the loyalty API and returns the customer and refresh tokens', async () => {
    const res = await login(OAUTH, BEN);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as Tokens;
    expect(body.customerToken.split('.')).toHaveLength(3);
    expect(body.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.expiresIn).toBe(900);
    const claims = JSON.parse(
      Buffer.from(body.customerToken.split('.')[1], 'base64url').toString('utf8'),
    ) as Record<string, unknown>;
    expect(claims).toMatchObject({ brand: 'lins', email: BEN.email, given_name: BEN.firstName });
    expect(claims.sub).toMatch(/^\d{12}$/);
    expect((claims.exp as number) - (claims.iat as number)).toBe(900);
  });

  it('takes a phone number too, which gives no e-mail claim', async () => {
    const res = await login(OAUTH, { email: BEN.phone, password: BEN.password });
    expect(res.status).toBe(200);
    const { customerToken } = (await res.json()) as Tokens;
    const claims = JSON.parse(
      Buffer.from(customerToken.split('.')[1], 'base64url').toString('utf8'),
    ) as Record<string, unknown>;
    expect(claims).toMatchObject({ brand: 'lins', given_name: BEN.firstName });
    expect(claims).not.toHaveProperty('email');
  });

  it('refuses a wrong password or an unknown shopper with the site’s message', async () => {
    await expectError(await login(OAUTH, AVA, 'Wrong1!pass'), 401, MESSAGES.credentials);
    const nobody = { email: 'nobody@example.com', password: 'Whatever1!' };
    await expectError(await login(OAUTH, nobody), 401, MESSAGES.credentials);
  });

  it('refuses a missing or malformed Basic credential', async () => {
    for (const authorization of [
      undefined,
      'Bearer abc',
      'Basic',
      'Basic !!!',
      basic('', 'x'),
      basic('a@example.com', ''),
      `Basic ${Buffer.from('no-colon').toString('base64')}`,
      basic('a'.repeat(300), 'x'),
    ]) {
      const res = await postJson(
        `${kit.sso.url}/authenticate/login`,
        OAUTH,
        authorization ? { authorization } : {},
      );
      await expectError(res, 400, MESSAGES.missingCredentials);
    }
  });

  it('validates the OAuth parameters first', async () => {
    const cases: [object, string][] = [
      [{ ...OAUTH, clientId: 'nobody' }, MESSAGES.unknownClient],
      [{ ...OAUTH, redirectUri: `${PARTNER.redirectUri}/` }, MESSAGES.redirectUri],
      [{ ...OAUTH, redirectUri: 'http://localhost:8400/callbac' }, MESSAGES.redirectUri],
      [{ ...OAUTH, redirectUri: 'http://localhost:8401/callback' }, MESSAGES.redirectUri],
      [{ ...OAUTH, responseType: 'token' }, MESSAGES.responseType],
      [{ ...OAUTH, codeChallenge: undefined }, MESSAGES.noChallenge],
      [{ ...OAUTH, codeChallengeMethod: 'plain' }, MESSAGES.challengeMethod],
      [{ ...OAUTH, codeChallengeMethod: undefined }, MESSAGES.challengeMethod],
      [{ ...OAUTH, codeChallenge: 'short' }, MESSAGES.challenge],
      [{ ...OAUTH, scope: 'openid admin' }, MESSAGES.scope],
      [{ ...OAUTH, clientId: 42 }, MESSAGES.badRequest],
    ];
    for (const [body, message] of cases) await expectError(await login(body), 400, message);
  });

  it('answers 503 with a short message when the loyalty API is down or too slow', async () => {
    // A server that accepts and never answers (a hung backend), and a closed port.
    const hung = http.createServer(() => undefined);
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const warnings: unknown[] = [];
    for (const loyaltyUrl of [
      `http://127.0.0.1:${(hung.address() as AddressInfo).port}`,
      closedUrl,
    ]) {
      const sso = await startSsoService({
        brands: testBrands(),
        loyaltyUrl,
        loyaltyTimeoutMs: 300,
        logger: { ...logger, warn: (obj: object) => warnings.push(obj) },
      });
      const started = Date.now();
      const res = await postJson(`${sso.url}/authenticate/login`, OAUTH, {
        authorization: basic(AVA.email, AVA.password),
      });
      await expectError(res, 503, MESSAGES.loyaltyDown);
      expect(Date.now() - started).toBeLessThan(3000);
      await sso.close();
    }
    hung.closeAllConnections();
    await new Promise<void>((resolve) => hung.close(() => resolve()));
    expect(warnings).toHaveLength(2);
  });

  it('answers 503 when the loyalty API refuses the service credential', async () => {
    const sso = await startSsoService({
      brands: testBrands('site:not-the-password'),
      loyaltyUrl: kit.loyalty.url,
      logger,
    });
    const res = await postJson(`${sso.url}/authenticate/login`, OAUTH, {
      authorization: basic(AVA.email, AVA.password),
    });
    await expectError(res, 503, MESSAGES.loyaltyDown);
    await sso.close();
  });

  it('holds an account back after many failures, whatever the password then', async () => {
    const who = CARA;
    for (let i = 0; i < 20; i += 1) {
      await expectError(await login(OAUTH, who, `Wrong${i}!pass`), 401, MESSAGES.credentials);
    }
    await expectError(await login(OAUTH, who), 429, MESSAGES.tooManyFailures);
    // Another brand's account of the same address is not held back.
    const southend = {
      ...OAUTH,
      clientId: 'southend-pharmacy',
      redirectUri: 'http://127.0.0.1:8401/cb?app=pharmacy',
      scope: 'openid',
    };
    expect((await login(southend, who)).status).toBe(200);
  });

  it('holds an address back after many failures, whatever the account', async () => {
    const address = '203.0.113.9';
    const accounts = Array.from({ length: 30 }, (_, i) => `nobody${i}@example.com`);
    const statuses: number[] = [];
    for (const email of accounts) {
      const res = await login(OAUTH, { email, password: 'Wrong1!pass' }, undefined, address);
      statuses.push(res.status);
      await res.body?.cancel();
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(FAILURES_PER_ADDRESS);
    expect(statuses.slice(FAILURES_PER_ADDRESS).every((s) => s === 429)).toBe(true);
    // The right password from there waits too; from another address it signs in.
    await expectError(await login(OAUTH, AVA, undefined, address), 429, MESSAGES.tooManyFailures);
    expect((await login(OAUTH, AVA)).status).toBe(200);
  });

  it('counts a caller it cannot vouch for by its own address, not the one it names', async () => {
    const keyed = await startSsoService({
      brands: testBrands(),
      loyaltyUrl: kit.loyalty.url,
      logger,
      apiKey: 'k'.repeat(32),
    });
    try {
      const attempt = (key: string | null, named: string) =>
        postJson(`${keyed.url}/authenticate/login`, OAUTH, {
          authorization: basic(`x${named}@example.com`, 'Wrong1!pass'),
          'x-shopper-address': named,
          ...(key ? { 'x-api-key': key } : {}),
        });
      // Without the key: refused outright, before any password is checked.
      await expectError(await attempt(null, '198.51.100.1'), 401);
      await expectError(await attempt('k'.repeat(31), '198.51.100.1'), 401);
      // With it, each named address has a budget of its own.
      for (let i = 0; i < FAILURES_PER_ADDRESS + 2; i += 1) {
        await expectError(await attempt('k'.repeat(32), `198.51.100.${i + 1}`), 401);
      }
    } finally {
      await keyed.close();
    }
  });
});

describe('the site calls need the key when one is set', () => {
  it('refuses every front-end call without it, and leaves the partner endpoints public', async () => {
    const key = 'a-long-enough-service-key-0123456789';
    const keyed = await startSsoService({
      brands: testBrands(),
      loyaltyUrl: kit.loyalty.url,
      logger,
      apiKey: key,
    });
    try {
      for (const path of [
        '/authenticate/login',
        '/authenticate/token',
        '/token/refresh',
        '/api/logout/revoketoken',
        '/api/logout/revokeall',
      ]) {
        await expectError(await postJson(`${keyed.url}${path}`, {}), 401);
      }
      const res = await postJson(`${keyed.url}/authenticate/login`, OAUTH, {
        authorization: basic(AVA.email, AVA.password),
        'x-api-key': key,
      });
      expect(res.status).toBe(200);
      const meta = await fetch(`${keyed.url}/.well-known/oauth-authorization-server`);
      expect(meta.status).toBe(200);
    } finally {
      await keyed.close();
    }
  });
});

describe('POST /api/logout/revokeall', () => {
  it("ends every partner grant and login session of the shopper on the brand, no one else's", async () => {
    const app = await partner(kit.sso.issuer);
    const grantOf = async (who = AVA) => {
      const request = await app.start();
      const callback = await signInAtSite(kit.sso, request.url, who);
      return app.exchange(callback, request);
    };
    const first = await grantOf();
    const second = await grantOf();
    const other = await grantOf(BEN);
    const session = await signIn();
    const sub = String(first.id_token ? (getValidatedIdTokenClaims(first)?.sub ?? '') : '');
    expect(sub).toMatch(/^lins:/);
    expect((await app.userInfo(first.access_token, sub)).sub).toBe(sub);

    const res = await revokeAll({ brand: 'lins', shopper: sub.slice('lins:'.length) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ revoked: 2 });

    // The partner's refresh tokens and access tokens are over, and the site's login session.
    for (const grant of [first, second]) {
      await expect(app.refresh(grant.refresh_token!)).rejects.toThrow();
      await expect(app.userInfo(grant.access_token, sub)).rejects.toThrow();
    }
    await expectError(await refresh(session.refreshToken), 401, MESSAGES.expired);
    // Another shopper keeps theirs.
    const otherSub = getValidatedIdTokenClaims(other)!.sub;
    expect((await app.userInfo(other.access_token, otherSub)).sub).toBe(otherSub);
    expect((await app.refresh(other.refresh_token!)).access_token).toBeTruthy();
    // Again: nothing left, no error.
    expect(await (await revokeAll({ brand: 'lins', shopper: sub.slice(5) })).json()).toEqual({
      revoked: 0,
    });
  });

  it('refuses a body without a brand and shopper, or a brand it does not serve', async () => {
    await expectError(await revokeAll({}), 400, MESSAGES.shopper);
    await expectError(await revokeAll({ brand: 'lins', shopper: ['1'] }), 400, MESSAGES.shopper);
    await expectError(await revokeAll({ brand: 'LINS', shopper: '1' }), 400, MESSAGES.shopper);
    await expectError(await revokeAll({ brand: 'nowhere', shopper: '1' }), 404);
  });
});

describe('POST /authenticate/token', () => {
  it('returns the partner redirect with code, state and iss when the partner linked straight here', async () => {
    const { customerToken } = await signIn();
    const res = await token({ customer_token: customerToken, ...OAUTH });
    expect(res.status).toBe(200);
    const { redirectUrl } = (await res.json()) as { redirectUrl: string };
    const url = new URL(redirectUrl);
    expect(`${url.origin}${url.pathname}`).toBe(PARTNER.redirectUri);
    expect(url.searchParams.get('state')).toBe('partner-state');
    expect(url.searchParams.get('iss')).toBe(kit.sso.issuer);
    expect(url.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  });

  it('keeps a registered redirect URI’s own query and carries the partner’s nonce', async () => {
    const pharmacy = await partner(kit.sso.issuer, 'southend-pharmacy');
    const request = await pharmacy.start(
      { scope: 'openid profile', nonce: 'n-0S6_WzA2Mj' },
      'http://127.0.0.1:8401/cb?app=pharmacy',
    );
    const auth = await fetch(request.url, { redirect: 'manual' });
    const oauth = oauthOf(auth.headers.get('location')!);
    const { customerToken } = await signIn(AVA, oauth);
    const res = await token({ customer_token: customerToken, ...oauth });
    const { redirectUrl } = (await res.json()) as { redirectUrl: string };
    expect(new URL(redirectUrl).searchParams.get('app')).toBe('pharmacy');
    const tokens = await pharmacy.exchange(redirectUrl, request, 'n-0S6_WzA2Mj');
    expect(getValidatedIdTokenClaims(tokens)?.nonce).toBe('n-0S6_WzA2Mj');
  });

  it('refuses a request that does not match the provider’s interaction', async () => {
    const lins = await partner(kit.sso.issuer);
    const request = await lins.start();
    const oauth = oauthOf(
      (await fetch(request.url, { redirect: 'manual' })).headers.get('location')!,
    );
    const { customerToken } = await signIn(AVA, oauth);
    const forged = { ...oauth, state: 'another-state' };
    await expectError(
      await token({ customer_token: customerToken, ...forged }),
      400,
      MESSAGES.interaction,
    );
  });

  it('refuses a missing, forged, expired or signed-out customer token', async () => {
    await expectError(await token({ ...OAUTH }), 400, MESSAGES.customerToken);
    await expectError(await token({ customer_token: 42, ...OAUTH }), 400, MESSAGES.customerToken);
    const { customerToken } = await signIn();
    const [header, payload, signature] = customerToken.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as object;
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: '000000000001' })).toString('base64url')}.${signature}`;
    for (const bad of [forged, 'x.y.z', 'not-a-token', 'a'.repeat(5000)]) {
      await expectError(await token({ customer_token: bad, ...OAUTH }), 401, MESSAGES.expired);
    }

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 901 * 1000);
    await expectError(
      await token({ customer_token: customerToken, ...OAUTH }),
      401,
      MESSAGES.expired,
    );
    vi.useRealTimers();

    const live = await signIn();
    const out = await revoke({
      client_id: PARTNER.clientId,
      post_logout_redirect_uri: PARTNER.postLogout,
      token: live.refreshToken,
    });
    expect(out.status).toBe(200);
    await expectError(
      await token({ customer_token: live.customerToken, ...OAUTH }),
      401,
      MESSAGES.expired,
    );
  });

  it('refuses a customer token of another brand', async () => {
    const { customerToken } = await signIn();
    const southend = {
      ...OAUTH,
      clientId: 'southend-pharmacy',
      redirectUri: 'http://127.0.0.1:8401/cb?app=pharmacy',
      scope: 'openid',
    };
    await expectError(
      await token({ customer_token: customerToken, ...southend }),
      403,
      MESSAGES.otherBrand,
    );
  });
});

describe('POST /token/refresh', () => {
  it('rotates: new customer and refresh tokens, the old refresh token spent', async () => {
    const first = await signIn();
    const res = await refresh(first.refreshToken);
    expect(res.status).toBe(200);
    const second = (await res.json()) as {
      access_token: string;
      refresh_token: string;
      expires_in: number;
    };
    expect(second.expires_in).toBe(900);
    expect(second.refresh_token).not.toBe(first.refreshToken);
    expect(second.access_token).not.toBe(first.customerToken);
    // The new customer token gets a code.
    expect((await token({ customer_token: second.access_token, ...OAUTH })).status).toBe(200);

    await expectError(await refresh(first.refreshToken), 401, MESSAGES.expired);
    // Reusing a spent token ends the sign-in: the newest tokens stop working too.
    await expectError(await refresh(second.refresh_token), 401, MESSAGES.expired);
    await expectError(
      await token({ customer_token: second.access_token, ...OAUTH }),
      401,
      MESSAGES.expired,
    );
  });

  it('refreshes an expired customer token within the sign-in’s lifetime', async () => {
    const first = await signIn();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 3 * 24 * 60 * 60 * 1000);
    const res = await refresh(first.refreshToken);
    expect(res.status).toBe(200);
    vi.setSystemTime(Date.now() + 15 * 24 * 60 * 60 * 1000);
    const { refresh_token } = (await res.json()) as { refresh_token: string };
    await expectError(await refresh(refresh_token), 401, MESSAGES.expired);
  });

  it("still takes the contract's first form: the token in the address", async () => {
    const first = await signIn();
    const res = await fetch(
      `${kit.sso.url}/token/refresh?refresh_token=${encodeURIComponent(first.refreshToken)}`,
      { method: 'POST' },
    );
    expect(res.status).toBe(200);
    const { refresh_token } = (await res.json()) as { refresh_token: string };
    const revoked = await fetch(
      `${kit.sso.url}/api/logout/revoketoken?${new URLSearchParams({
        client_id: PARTNER.clientId,
        post_logout_redirect_uri: PARTNER.postLogout,
        token: refresh_token,
      })}`,
    );
    expect(await revoked.json()).toEqual({ post_logout_redirect_uri: PARTNER.postLogout });
    await expectError(await refresh(refresh_token), 401, MESSAGES.expired);
  });

  it('refuses a missing or unknown refresh token', async () => {
    const missing = await fetch(`${kit.sso.url}/token/refresh`, { method: 'POST' });
    await expectError(missing, 400, MESSAGES.refreshToken);
    for (const bad of ['x', 'a'.repeat(43), (await signIn()).customerToken]) {
      await expectError(await refresh(bad), 401, MESSAGES.expired);
    }
  });
});

describe('POST /api/logout/revoketoken', () => {
  it('ends the sign-in of a customer token and returns the registered post-logout address', async () => {
    const tokens = await signIn();
    const res = await revoke({
      client_id: PARTNER.clientId,
      post_logout_redirect_uri: PARTNER.postLogout,
      token: tokens.customerToken,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ post_logout_redirect_uri: PARTNER.postLogout });
    await expectError(await refresh(tokens.refreshToken), 401, MESSAGES.expired);
    // Again (or with a token never issued): nothing left to revoke, still fine (RFC 7009).
    for (const again of [tokens.customerToken, 'never-issued']) {
      const res2 = await revoke({
        client_id: PARTNER.clientId,
        post_logout_redirect_uri: PARTNER.postLogout,
        token: again,
      });
      expect(res2.status).toBe(200);
    }
  });

  it('refuses an unregistered post-logout address, an unknown client or no token', async () => {
    const { customerToken } = await signIn();
    const good = {
      client_id: PARTNER.clientId,
      post_logout_redirect_uri: PARTNER.postLogout,
      token: customerToken,
    };
    const cases: [Record<string, string>, string][] = [
      [{ ...good, post_logout_redirect_uri: 'http://localhost:8400' }, MESSAGES.postLogout],
      [{ ...good, post_logout_redirect_uri: 'http://localhost:8400/x' }, MESSAGES.postLogout],
      [{ ...good, post_logout_redirect_uri: 'https://evil.example/' }, MESSAGES.postLogout],
      [{ client_id: good.client_id, token: customerToken }, MESSAGES.postLogout],
      [{ ...good, client_id: 'nobody' }, MESSAGES.unknownClient],
      [{ post_logout_redirect_uri: good.post_logout_redirect_uri }, MESSAGES.unknownClient],
      [{ ...good, token: '' }, MESSAGES.token],
    ];
    for (const [query, message] of cases) await expectError(await revoke(query), 400, message);
    // None of those revoked anything.
    expect((await token({ customer_token: customerToken, ...OAUTH })).status).toBe(200);
  });

  it('refuses a token of another brand, and revokes nothing', async () => {
    const { customerToken } = await signIn();
    const other = testBrands()[1].clients[0];
    const res = await revoke({
      client_id: other.clientId,
      post_logout_redirect_uri: other.postLogoutRedirectUris[0],
      token: customerToken,
    });
    await expectError(res, 403, MESSAGES.otherBrand);
    expect((await token({ customer_token: customerToken, ...OAUTH })).status).toBe(200);
  });
});

describe('bad input of every shape', () => {
  it('answers 4xx JSON, never 500', async () => {
    const url = kit.sso.url;
    const cases: [string, RequestInit, number][] = [
      ['/authenticate/login', { method: 'POST', body: 'not json' }, 400],
      ['/authenticate/login', { method: 'POST', body: '[1,2]' }, 400],
      ['/authenticate/login', { method: 'POST', body: 'null' }, 400],
      ['/authenticate/login', { method: 'POST', body: '"text"' }, 400],
      ['/authenticate/login', { method: 'POST', body: '' }, 400],
      ['/authenticate/login', { method: 'POST', body: '{"clientId":{"$ne":1}}' }, 400],
      ['/authenticate/login', { method: 'POST', body: 'x'.repeat(20_000) }, 413],
      ['/authenticate/login', { method: 'GET' }, 405],
      ['/authenticate/token', { method: 'POST', body: '{' }, 400],
      ['/authenticate/token', { method: 'POST', body: '{"customer_token":["a"]}' }, 400],
      ['/authenticate/token', { method: 'PUT', body: '{}' }, 405],
      ['/token/refresh?refresh_token=%E0%A4%A', { method: 'POST' }, 401],
      ['/token/refresh?refresh_token=a&refresh_token=b', { method: 'POST' }, 401],
      ['/token/refresh', { method: 'POST', body: '{"refresh_token":["a"]}' }, 400],
      ['/token/refresh', { method: 'POST', body: '{"refresh_token":"short"}' }, 401],
      ['/token/refresh', { method: 'GET' }, 405],
      ['/api/logout/revoketoken', { method: 'PUT' }, 405],
      ['/api/logout/revoketoken?client_id=%ZZ', { method: 'GET' }, 400],
      ['/api/logout/revoketoken?client_id=%ZZ', { method: 'POST' }, 400],
      ['/api/logout/revokeall', { method: 'POST', body: '[]' }, 400],
      ['/api/logout/revokeall', { method: 'GET' }, 405],
      ['/token', { method: 'POST', body: 'grant_type=password' }, 400],
      ['/token', { method: 'POST', body: '{"grant_type":1}', headers: JSON_HEADERS }, 400],
      ['/token/revocation', { method: 'POST', body: 'token=x' }, 400],
      ['/auth?client_id=%ZZ', { method: 'GET' }, 400],
      ['/auth?client_id=lins-online-ordering&client_id=x', { method: 'GET' }, 400],
    ];
    for (const [path, init, status] of cases) {
      const res = await fetch(`${url}${path}`, {
        ...init,
        headers: init.headers ?? { 'content-type': 'application/json' },
        redirect: 'manual',
      });
      expect(`${path} ${res.status}`).toBe(`${path} ${status}`);
      const text = await res.text();
      expect(text).not.toMatch(/\bat .*\.(ts|js):\d+/);
    }
  });

  it('names the allowed method of a known route', async () => {
    const res = await fetch(`${kit.sso.url}/authenticate/token`);
    await expectError(res, 405);
    expect(res.headers.get('allow')).toBe('POST');
  });

  it('still answers its health check after all that', async () => {
    const res = await fetch(`${kit.sso.url}/healthz`);
    expect(await res.json()).toMatchObject({ ok: true, brands: 2, clients: 2 });
  });
});

const JSON_HEADERS = { 'content-type': 'application/json' };
