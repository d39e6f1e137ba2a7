/**
 * Contract tests of the provider's OAuth 2 side, with oauth4webapi as the partner (docs/sso-api.md
 * "Standard OAuth 2 endpoints"): metadata, PKCE, exact redirect URIs, clients, single-use and
 * expiring codes, refresh rotation, revocation.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  AVA,
  BEN,
  oauthOf,
  partner,
  PARTNER,
  signInAtSite,
  startProviderKit,
  type ProviderKit,
} from './test-kit';

let kit: ProviderKit;
let lins: Awaited<ReturnType<typeof partner>>;

beforeAll(async () => {
  kit = await startProviderKit();
  lins = await partner(kit.sso.issuer);
});
afterAll(async () => {
  await kit?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

/** How oauth4webapi reports the token endpoint's refusal. */
const INVALID_GRANT = { error: 'invalid_grant' };

/** The authorization endpoint's answer, not followed. */
const authorize = (url: URL) => fetch(url, { redirect: 'manual' });

describe('metadata', () => {
  it('is served as RFC 8414 and OpenID metadata, with S256 only', async () => {
    for (const path of ['oauth-authorization-server', 'openid-configuration']) {
      const res = await fetch(`${kit.sso.url}/.well-known/${path}`);
      expect(res.status).toBe(200);
      const meta = (await res.json()) as Record<string, unknown>;
      expect(meta).toMatchObject({
        issuer: kit.sso.issuer,
        authorization_endpoint: `${kit.sso.issuer}/auth`,
        token_endpoint: `${kit.sso.issuer}/token`,
        revocation_endpoint: `${kit.sso.issuer}/token/revocation`,
        code_challenge_methods_supported: ['S256'],
        response_types_supported: ['code'],
        grant_types_supported: ['authorization_code', 'refresh_token'],
        token_endpoint_auth_methods_supported: ['none'],
      });
    }
  });
});

describe('authorization request', () => {
  it('sends a good request to the brand site with the oauth parameter', async () => {
    const request = await lins.start({ scope: 'openid profile' });
    const res = await authorize(request.url);
    expect(res.status).toBe(303);
    const location = res.headers.get('location')!;
    expect(location.startsWith('http://lins.localhost:3000/sso/login?oauth=')).toBe(true);
    const params = oauthOf(location);
    expect(params).toMatchObject({
      clientId: PARTNER.clientId,
      redirectUri: PARTNER.redirectUri,
      scope: 'openid profile',
      state: request.state,
      codeChallenge: request.url.searchParams.get('code_challenge'),
      codeChallengeMethod: 'S256',
      responseType: 'code',
    });
    expect(params.interaction).toMatch(/^[A-Za-z0-9_-]{10,}$/);
  });

  it('refuses a missing challenge and the plain method back to the partner', async () => {
    for (const change of [
      (p: URLSearchParams) => {
        p.delete('code_challenge');
        p.delete('code_challenge_method');
      },
      (p: URLSearchParams) => p.delete('code_challenge_method'),
      (p: URLSearchParams) => p.set('code_challenge_method', 'plain'),
    ]) {
      const request = await lins.start();
      change(request.url.searchParams);
      const res = await authorize(request.url);
      expect(res.status).toBe(303);
      const back = new URL(res.headers.get('location')!);
      expect(`${back.origin}${back.pathname}`).toBe(PARTNER.redirectUri);
      expect(back.searchParams.get('error')).toBe('invalid_request');
      expect(back.searchParams.get('code')).toBeNull();
    }
  });

  it('refuses an unknown client or a redirect URI not registered exactly, without redirecting', async () => {
    const unknown = await lins.start({ client_id: 'nobody-online-ordering' });
    const variants = [
      'http://localhost:8400/callback/',
      'http://localhost:8400/callback?x=1',
      'http://localhost:8400/callbackx',
      'http://localhost:8400/',
      'http://localhost:8401/callback',
      'https://localhost:8400/callback',
      'http://127.0.0.1:8400/callback',
      'http://LOCALHOST:8400/callback/../callback',
    ];
    const requests = [unknown, ...(await Promise.all(variants.map((v) => lins.start({}, v))))];
    for (const request of requests) {
      const res = await authorize(request.url);
      expect(res.status).toBe(400);
      expect(res.headers.get('location')).toBeNull();
      expect(res.headers.get('content-type')).toContain('text/html');
      const page = await res.text();
      expect(page).toContain('Sign-in request refused');
      expect(page).not.toContain('<script');
    }
  });

  it('refuses a response mode other than query back to the partner', async () => {
    for (const mode of ['fragment', 'form_post']) {
      const res = await authorize((await lins.start({ response_mode: mode })).url);
      // The error goes back the way the partner asked for; no sign-in page is reached.
      expect(res.headers.get('location') ?? '').not.toContain('/sso/login');
      expect(await res.text()).not.toContain('/sso/login');
    }
    const query = await authorize((await lins.start({ response_mode: 'query' })).url);
    expect(query.headers.get('location')).toContain('/sso/login?oauth=');
  });

  it('refuses another brand client’s scope beyond its list', async () => {
    const pharmacy = await partner(kit.sso.issuer, 'southend-pharmacy');
    const request = await pharmacy.start(
      { scope: 'openid email' },
      'http://127.0.0.1:8401/cb?app=pharmacy',
    );
    const res = await authorize(request.url);
    const back = new URL(res.headers.get('location')!);
    expect(back.searchParams.get('error')).toBe('invalid_scope');
  });
});

describe('code exchange', () => {
  it('gives tokens for the code with its verifier, once, and the shopper’s claims', async () => {
    const request = await lins.start();
    const callback = await signInAtSite(kit.sso, request.url, BEN);
    const url = new URL(callback);
    expect(url.searchParams.get('iss')).toBe(kit.sso.issuer);
    expect(url.searchParams.get('state')).toBe(request.state);
    const tokens = await lins.exchange(callback, request);
    expect(tokens.token_type).toBe('bearer');
    expect(tokens.refresh_token).toEqual(expect.any(String));
    const claims = (await import('oauth4webapi')).getValidatedIdTokenClaims(tokens)!;
    expect(claims.sub).toMatch(/^lins:\d{12}$/);
    const info = await lins.userInfo(tokens.access_token, claims.sub);
    expect(info).toMatchObject({ email: BEN.email, given_name: BEN.firstName });

    // The same code again: refused, and what it gave is revoked with it.
    const again = await lins.redeem(url.searchParams.get('code')!, request.verifier);
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: 'invalid_grant' });
    await expect(lins.refresh(tokens.refresh_token!)).rejects.toMatchObject(INVALID_GRANT);
  });

  it('refuses a wrong or missing verifier and another redirect URI', async () => {
    const cases: [string, string | undefined][] = [
      ['wrong', 'x'.repeat(43)],
      ['missing', undefined],
      ['redirect', 'use-own'],
    ];
    for (const [what, verifier] of cases) {
      const request = await lins.start();
      const code = new URL(await signInAtSite(kit.sso, request.url)).searchParams.get('code')!;
      const res =
        what === 'redirect'
          ? await lins.redeem(code, request.verifier, 'http://localhost:8400/callback/')
          : await fetch(lins.as.token_endpoint!, {
              method: 'POST',
              body: new URLSearchParams({
                grant_type: 'authorization_code',
                client_id: PARTNER.clientId,
                code,
                redirect_uri: PARTNER.redirectUri,
                ...(verifier ? { code_verifier: verifier } : {}),
              }),
            });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: 'invalid_grant' });
    }
  });

  it('refuses a code of another client', async () => {
    const request = await lins.start();
    const code = new URL(await signInAtSite(kit.sso, request.url)).searchParams.get('code')!;
    const res = await fetch(lins.as.token_endpoint!, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: 'southend-pharmacy',
        code,
        code_verifier: request.verifier,
        redirect_uri: 'http://127.0.0.1:8401/cb?app=pharmacy',
      }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses a code past its lifetime (5 minutes; never more than 10)', async () => {
    const request = await lins.start();
    const callback = await signInAtSite(kit.sso, request.url);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 5 * 60 * 1000 + 1000);
    const res = await lins.redeem(new URL(callback).searchParams.get('code')!, request.verifier);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('accepts a code just before its lifetime ends', async () => {
    const request = await lins.start();
    const callback = await signInAtSite(kit.sso, request.url);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 5 * 60 * 1000 - 5000);
    await expect(lins.exchange(callback, request)).resolves.toHaveProperty('access_token');
  });
});

describe('refresh and revocation', () => {
  it('rotates refresh tokens: the old one is spent, and reusing it ends the chain', async () => {
    const request = await lins.start();
    const first = await lins.exchange(await signInAtSite(kit.sso, request.url), request);
    const second = await lins.refresh(first.refresh_token!);
    expect(second.refresh_token).toEqual(expect.any(String));
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.access_token).not.toBe(first.access_token);

    await expect(lins.refresh(first.refresh_token!)).rejects.toMatchObject(INVALID_GRANT);
    // Reuse of a spent token revokes its whole grant, the newest token included.
    await expect(lins.refresh(second.refresh_token!)).rejects.toMatchObject(INVALID_GRANT);
  });

  it('revokes a refresh token (RFC 7009) and answers 200 for an unknown one', async () => {
    const request = await lins.start();
    const tokens = await lins.exchange(await signInAtSite(kit.sso, request.url, AVA), request);
    await lins.revoke(tokens.refresh_token!);
    await expect(lins.refresh(tokens.refresh_token!)).rejects.toMatchObject(INVALID_GRANT);
    await expect(lins.revoke('not-a-token-we-issued')).resolves.toBeUndefined();
  });

  it('revokes an access token', async () => {
    const request = await lins.start();
    const tokens = await lins.exchange(await signInAtSite(kit.sso, request.url), request);
    const claims = (await import('oauth4webapi')).getValidatedIdTokenClaims(tokens)!;
    await lins.revoke(tokens.access_token);
    await expect(lins.userInfo(tokens.access_token, claims.sub)).rejects.toMatchObject({
      status: 401,
    });
  });
});
