import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { action as logoutRouteAction } from '~/routes/logout';
import { action as ssoLoginAction, loader as ssoLoginLoader } from '~/routes/sso.login';
import { action as ssoRegisterAction, loader as ssoRegisterLoader } from '~/routes/sso.register';
import { loader as ssoAccountLoader } from '~/routes/sso.account';
import { loader as ssoLogoutLoader } from '~/routes/sso.logout';
import { INVALID_LOGIN_MESSAGE } from '~/lib/loyalty/errors';
import { tooManyAttemptsMessage } from '~/lib/security/rate-limit.server';
import { shopperFromSession } from '~/lib/session/shopper.server';
import { ACCOUNT_CREATED_LOG_IN_MESSAGE } from '~/accounts/register.server';
import { startActionHarness, type ActionHarness, type HarnessBrowser } from '@test/action-harness';
import { AVA, BEN, CARA } from '@test/demo';
import { startHarnessSso, type SsoService } from '@test/reference-services';
import { SSO_MESSAGES } from './messages';
import { encodeOAuthParam, OAUTH_MESSAGES } from './oauth';
import { storedSsoToken } from './token.server';

/**
 * The /sso pages' loaders and actions against the real reference provider (services/sso) and the
 * reference loyalty service, through the action harness: no mock of our own services.
 */

const SITES = ['lins', 'southend'];
let h: ActionHarness;
let sso: SsoService;

beforeAll(async () => {
  h = await startActionHarness({ sites: SITES, env: { RATE_LIMIT_LOGIN_FAILURES: '3' } });
  sso = await startHarnessSso(h, SITES);
}, 60_000);
afterAll(async () => {
  await sso?.close();
  await h?.close();
});
afterEach(() => {
  vi.restoreAllMocks();
  h.services.references.sso = sso.url;
});

const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
const REDIRECT_URI = 'http://localhost:8400/callback';
const POST_LOGOUT = 'http://localhost:8400/';

function request(site: string, fields: Record<string, unknown> = {}) {
  return {
    clientId: `${site}-online-ordering`,
    redirectUri: REDIRECT_URI,
    scope: 'openid profile offline_access',
    state: `state-${site}-${Math.random().toString(36).slice(2)}`,
    codeChallenge: CHALLENGE,
    codeChallengeMethod: 'S256',
    responseType: 'code',
    ...fields,
  };
}
const oauthOf = (site: string, fields: Record<string, unknown> = {}) =>
  encodeOAuthParam(request(site, fields));

const formErrors = (data: unknown) =>
  (data as { result: { error?: Record<string, string[]> } }).result.error?.[''] ?? [];
const viewOf = (data: unknown) => (data as { view: string }).view;

/** The partner's callback a redirect leads to, with its code and state. */
function expectPartnerRedirect(location: string | null, state?: string) {
  expect(location).not.toBeNull();
  const url = new URL(location!);
  expect(`${url.origin}${url.pathname}`).toBe(REDIRECT_URI);
  expect(url.searchParams.get('code')).toMatch(/\S{20,}/);
  if (state) expect(url.searchParams.get('state')).toBe(state);
  expect(url.searchParams.get('iss')).toBe(sso.issuer);
}

async function ssoLogin(
  b: HarnessBrowser,
  who: { email: string; password: string },
  oauth: string,
) {
  return b.call(ssoLoginAction, `/sso/login?oauth=${oauth}`, {
    intent: 'login',
    email: who.email,
    password: who.password,
    oauth,
  });
}

/** The provider's refresh call, as the site makes it (the token in the body). */
const refreshAt = (base: string, refreshToken: string) =>
  fetch(`${base}/token/refresh`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ refresh_token: refreshToken }),
  });

describe('/sso/login loader', () => {
  it('checks the oauth parameter before anything: a refused one is a 400 page of ours', async () => {
    const b = h.browser('lins');
    for (const [fields, message] of [
      [
        { redirectUri: 'http://localhost:8400/elsewhere' },
        OAUTH_MESSAGES.redirectUri("Lin's Fresh Market Online Ordering"),
      ],
      [{ codeChallenge: undefined }, OAUTH_MESSAGES.codeChallenge],
      [{ clientId: 'southend-online-ordering' }, OAUTH_MESSAGES.unknownClient],
    ] as [Record<string, unknown>, string][]) {
      const res = await b.call(ssoLoginLoader, `/sso/login?oauth=${oauthOf('lins', fields)}`);
      expect(res.status).toBe(400);
      expect(res.location).toBeNull();
      expect(res.data).toMatchObject({ view: 'problem', problem: { message } });
    }
    const garbage = await b.call(ssoLoginLoader, '/sso/login?oauth=%25%25%25');
    expect(garbage.status).toBe(400);
    expect(garbage.data).toMatchObject({ problem: { code: 'malformed' } });
  });

  it('shows the login form of a good request, naming the partner; never cached', async () => {
    const b = h.browser('lins');
    const oauth = oauthOf('lins');
    const res = await b.call(ssoLoginLoader, `/sso/login?oauth=${oauth}`);
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      view: 'login',
      oauth,
      client: { continueTo: "Sign in to continue to Lin's Fresh Market Online Ordering" },
    });
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
  });

  it('without any oauth parameter is the plain login of the minimal layout', async () => {
    const b = h.browser('lins');
    const res = await b.call(ssoLoginLoader, '/sso/login');
    expect(res.data).toMatchObject({ view: 'login', oauth: null, client: null });
  });
});

describe('/sso/login action', () => {
  it('signs the shopper in here and at the provider, keeps the tokens server-side, and sends the browser to the partner with the code', async () => {
    const b = h.browser('lins');
    const oauth = oauthOf('lins', { state: 'abc-123' });
    const res = await ssoLogin(b, BEN, oauth);
    expect(res.status).toBe(303);
    expectPartnerRedirect(res.location, 'abc-123');

    const session = await b.session();
    expect(shopperFromSession(session)?.firstName).toBe(BEN.firstName);
    const token = storedSsoToken(session);
    expect(token).toMatchObject({
      customerToken: expect.any(String),
      refreshToken: expect.any(String),
    });
    expect(token!.expiresAt).toBeGreaterThan(Date.now());
    // Only the session id travels in the cookie.
    expect(b.cookie).not.toContain(token!.customerToken.slice(0, 20));
    expect(res.headers.get('Set-Cookie')).toMatch(/^__session=[^;]{40,120};/);
  });

  it('answers a wrong password as /login does, signing no one in', async () => {
    const b = h.browser('lins');
    const res = await ssoLogin(b, { email: CARA.email, password: 'Wrong-pass-1' }, oauthOf('lins'));
    expect(res.status).toBe(400);
    expect(formErrors(res.data)).toEqual([INVALID_LOGIN_MESSAGE]);
    expect(shopperFromSession(await b.session())).toBeNull();
  });

  it('gives the spec messages for an empty form', async () => {
    const b = h.browser('lins');
    const res = await b.call(ssoLoginAction, '/sso/login', {
      intent: 'login',
      oauth: oauthOf('lins'),
    });
    expect(res.status).toBe(400);
    const errors = (res.data as { result: { error: Record<string, string[]> } }).result.error;
    expect(errors.email).toEqual(['Please enter your email address.']);
    expect(errors.password).toEqual(['Please enter your password.']);
  });

  it('applies the site’s login throttling', async () => {
    const b = h.browser('southend', { clientIp: '198.51.100.40' });
    const oauth = oauthOf('southend');
    for (let i = 0; i < 3; i += 1) {
      const r = await ssoLogin(b, { email: AVA.email, password: `nope-${i}` }, oauth);
      expect(r.status).toBe(400);
    }
    const locked = await ssoLogin(b, AVA, oauth);
    expect(locked.status).toBe(429);
    const wait = Number(locked.headers.get('Retry-After'));
    expect(formErrors(locked.data)).toEqual([tooManyAttemptsMessage(wait)]);
    expect(shopperFromSession(await b.session())).toBeNull();
  });

  it('refuses a post whose oauth parameter fails the check, before any login', async () => {
    const b = h.browser('lins');
    const oauth = oauthOf('lins', { codeChallengeMethod: 'plain' });
    const res = await ssoLogin(b, BEN, oauth);
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({
      view: 'problem',
      problem: { message: OAUTH_MESSAGES.challengeMethod },
    });
    expect(shopperFromSession(await b.session())).toBeNull();
  });

  it('shows the provider’s message when it refuses, and signs no one in', async () => {
    const b = h.browser('lins');
    // A provider that refuses (here an address where it answers 404 with an error field).
    h.services.references.sso = `${sso.url}/nowhere`;
    const res = await ssoLogin(b, BEN, oauthOf('lins'));
    expect(res.status).toBe(400);
    expect(formErrors(res.data)).toHaveLength(1);
    expect(shopperFromSession(await b.session())).toBeNull();

    h.services.references.sso = null;
    const none = await ssoLogin(b, BEN, oauthOf('lins'));
    expect(formErrors(none.data)).toEqual([SSO_MESSAGES.unavailable]);
    expect(shopperFromSession(await b.session())).toBeNull();
  });

  it('takes a password-reset request in the flow, as /login does (the sent pane)', async () => {
    const b = h.browser('lins');
    const oauth = oauthOf('lins');
    const res = await b.call(ssoLoginAction, `/sso/login?oauth=${oauth}`, {
      intent: 'reset-request',
      email: BEN.email,
      oauth,
    });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ intent: 'reset-request', done: true });
    const page = await b.call(ssoLoginLoader, `/sso/login?pane=reset&oauth=${oauth}`);
    expect(page.data).toMatchObject({ view: 'login', pane: 'reset', oauth });
  });

  it('a guest’s Continue as is refused with the sign-in-ended message', async () => {
    const b = h.browser('lins');
    const oauth = oauthOf('lins');
    const res = await b.call(ssoLoginAction, `/sso/login?oauth=${oauth}`, {
      intent: 'continue',
      oauth,
    });
    expect(res.status).toBe(400);
    expect(formErrors(res.data)).toEqual([SSO_MESSAGES.signInEnded]);
  });

  it('without an oauth parameter signs in and lands on /sso/account', async () => {
    const b = h.browser('southend');
    const res = await b.call(ssoLoginAction, '/sso/login', {
      intent: 'login',
      email: BEN.email,
      password: BEN.password,
    });
    expect(res.status).toBe(302);
    expect(res.location).toBe('/sso/account');
    expect(storedSsoToken(await b.session())).toBeNull();
  });
});

describe('single sign-on of a signed-in shopper', () => {
  async function signedIn(site: string) {
    const b = h.browser(site);
    const res = await ssoLogin(b, BEN, oauthOf(site));
    expect(res.status).toBe(303);
    return b;
  }

  it('offers Continue as, and one click sends the browser on with a new code', async () => {
    const b = await signedIn('lins');
    const oauth = oauthOf('lins', { state: 'second' });
    const page = await b.call(ssoLoginLoader, `/sso/login?oauth=${oauth}`);
    expect(page.data).toMatchObject({ view: 'continue', firstName: BEN.firstName, oauth });
    const res = await b.call(ssoLoginAction, `/sso/login?oauth=${oauth}`, {
      intent: 'continue',
      oauth,
    });
    expect(res.status).toBe(303);
    expectPartnerRedirect(res.location, 'second');
  });

  it('refreshes an expired token (the new pair replaces the old) and continues', async () => {
    const b = await signedIn('lins');
    const before = storedSsoToken(await b.session())!;
    const realNow = Date.now.bind(Date);
    vi.spyOn(Date, 'now').mockImplementation(() => before.expiresAt + 60_000 + (realNow() % 1000));
    const oauth = oauthOf('lins', { state: 'after-expiry' });
    const res = await b.call(ssoLoginAction, `/sso/login?oauth=${oauth}`, {
      intent: 'continue',
      oauth,
    });
    expect(res.status).toBe(303);
    expectPartnerRedirect(res.location, 'after-expiry');
    const after = storedSsoToken(await b.session())!;
    expect(after.customerToken).not.toBe(before.customerToken);
    expect(after.refreshToken).not.toBe(before.refreshToken);
    expect(after.expiresAt).toBeGreaterThan(before.expiresAt);
  });

  it('clears both tokens when the refresh fails: the login form again, still signed in here', async () => {
    const b = await signedIn('southend');
    const before = storedSsoToken(await b.session())!;
    // The provider's login session ends (revoked elsewhere): the refresh token is refused.
    const revoked = await fetch(`${sso.url}/api/logout/revoketoken`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_id: 'southend-online-ordering',
        post_logout_redirect_uri: POST_LOGOUT,
        token: before.refreshToken!,
      }),
    });
    expect(revoked.status).toBe(200);
    const realNow = Date.now.bind(Date);
    vi.spyOn(Date, 'now').mockImplementation(() => before.expiresAt + 60_000 + (realNow() % 1000));
    const oauth = oauthOf('southend');
    const res = await b.call(ssoLoginAction, `/sso/login?oauth=${oauth}`, {
      intent: 'continue',
      oauth,
    });
    expect(res.status).toBe(400);
    expect(formErrors(res.data)).toEqual([SSO_MESSAGES.signInEnded]);
    const session = await b.session();
    expect(storedSsoToken(session)).toBeNull();
    expect(shopperFromSession(session)?.firstName).toBe(BEN.firstName);
    const page = await b.call(ssoLoginLoader, `/sso/login?oauth=${oauth}`);
    expect(viewOf(page.data)).toBe('login');
  });

  it('Not you? signs out and shows the login form of the same request', async () => {
    const b = await signedIn('lins');
    const token = storedSsoToken(await b.session())!;
    const oauth = oauthOf('lins');
    const res = await b.call(ssoLoginAction, `/sso/login?oauth=${oauth}`, {
      intent: 'sign-out',
      oauth,
    });
    expect(res.status).toBe(303);
    expect(res.location).toBe(`/sso/login?oauth=${oauth}`);
    expect(shopperFromSession(await b.session())).toBeNull();
    // Revoked at the provider: its refresh token buys nothing any more.
    const refresh = await refreshAt(sso.url, token.refreshToken!);
    expect(refresh.status).toBe(401);
  });
});

describe('/sso/register', () => {
  const PASSWORD = 'Garden!2026pw';
  /** The page's bot-check fields (a honeypot with its signed render time), as a browser posts them. */
  async function botFields(b: HarnessBrowser, oauth: string) {
    const page = await b.call(ssoRegisterLoader, `/sso/register?oauth=${oauth}`);
    const check = (page.data as { form: { botCheck: Record<string, string> } }).form.botCheck;
    return check.mode === 'honeypot'
      ? { [check.trapField]: '', [check.stampField]: check.stamp }
      : {};
  }

  const newShopper = (site: string, n: string) => ({
    firstName: 'Nia',
    lastName: 'Partner',
    birthday: '1991-03-04',
    email: `nia.${n}.${Date.now()}@example.com`,
    phone: `30355${String(Date.now()).slice(-5)}`,
    address1: '1 Main St',
    zip: '80202',
    password: PASSWORD,
    confirmPassword: PASSWORD,
    acceptTerms: 'on',
    storeNumber: h.content.retailerInfo(site).locations[0].storeNumber,
  });

  it('registers, logs in through the provider and goes to the partner', async () => {
    const b = h.browser('southend');
    const oauth = oauthOf('southend', { state: 'registered' });
    const page = await b.call(ssoRegisterLoader, `/sso/register?oauth=${oauth}`);
    expect(page.data).toMatchObject({
      view: 'register',
      sso: {
        oauth,
        loginHref: `/sso/login?oauth=${oauth}`,
        continueTo: 'Sign in to continue to Southend Grocers Online Ordering',
      },
    });
    const res = await b.call(ssoRegisterAction, `/sso/register?oauth=${oauth}`, {
      ...newShopper('southend', 'ok'),
      ...(await botFields(b, oauth)),
      organization: 'Radio',
      oauth,
    });
    expect(res.status).toBe(303);
    expectPartnerRedirect(res.location, 'registered');
    const session = await b.session();
    expect(shopperFromSession(session)?.firstName).toBe('Nia');
    expect(storedSsoToken(session)).not.toBeNull();
  });

  it('with the provider down: the account is made, and /sso/login of the request says so', async () => {
    const b = h.browser('lins');
    const oauth = oauthOf('lins');
    const bot = await botFields(b, oauth);
    h.services.references.sso = null;
    const form = newShopper('lins', 'down');
    const res = await b.call(ssoRegisterAction, `/sso/register?oauth=${oauth}`, {
      ...form,
      ...bot,
      oauth,
    });
    expect(res.status).toBe(302);
    expect(res.location).toBe(`/sso/login?${new URLSearchParams({ address: form.email, oauth })}`);
    expect(shopperFromSession(await b.session())).toBeNull();
    const page = await b.call(ssoLoginLoader, res.location!);
    expect(page.data).toMatchObject({ view: 'login', notice: ACCOUNT_CREATED_LOG_IN_MESSAGE });
  });

  it('refuses a bad oauth parameter before creating anything; without one, it is /register', async () => {
    const b = h.browser('lins');
    const bad = oauthOf('lins', { responseType: 'token' });
    const res = await b.call(ssoRegisterAction, '/sso/register', {
      ...newShopper('lins', 'bad'),
      oauth: bad,
    });
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({ problem: { message: OAUTH_MESSAGES.responseType } });
    const page = await b.call(ssoRegisterLoader, `/sso/register?oauth=${bad}`);
    expect(page.status).toBe(400);
    const plain = await b.call(ssoRegisterLoader, '/sso/register');
    expect(plain.location).toBe('/register');
  });

  it('sends a signed-in shopper to /sso/login of the same request', async () => {
    const b = h.browser('lins');
    await ssoLogin(b, BEN, oauthOf('lins'));
    const oauth = oauthOf('lins');
    const res = await b.call(ssoRegisterLoader, `/sso/register?oauth=${oauth}`);
    expect(res.status).toBe(303);
    expect(res.location).toBe(`/sso/login?oauth=${oauth}`);
  });
});

describe('/sso/account', () => {
  it('sends a guest to /sso/login, keeping a valid oauth parameter', async () => {
    const b = h.browser('lins');
    const oauth = oauthOf('lins');
    expect((await b.call(ssoAccountLoader, '/sso/account')).location).toBe('/sso/login');
    expect((await b.call(ssoAccountLoader, `/sso/account?oauth=${oauth}`)).location).toBe(
      `/sso/login?oauth=${oauth}`,
    );
    expect((await b.call(ssoAccountLoader, '/sso/account?oauth=x')).location).toBe('/sso/login');
  });

  it('shows the signed-in shopper’s summary with the card number masked', async () => {
    const b = h.browser('lins');
    await ssoLogin(b, CARA, oauthOf('lins'));
    const res = await b.call(ssoAccountLoader, '/sso/account');
    expect(res.status).toBe(200);
    const data = res.data as {
      name: string;
      email: string;
      cardNumber: string;
      homeStore: string | null;
    };
    expect(data.name).toMatch(/^Cara /);
    expect(data.email).toBe(CARA.email);
    expect(data.cardNumber).toMatch(/^•••• \d{4}$/);
    expect(JSON.stringify(res.data)).not.toMatch(/\d{8,}/);
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
  });
});

describe('logout', () => {
  it('/sso/logout revokes, clears the session and returns to the registered post-logout address; idempotent', async () => {
    const b = h.browser('lins');
    await ssoLogin(b, BEN, oauthOf('lins'));
    const token = storedSsoToken(await b.session())!;
    const cookie = b.cookie;
    const path = `/sso/logout?${new URLSearchParams({
      client_id: 'lins-online-ordering',
      post_logout_redirect_uri: POST_LOGOUT,
    })}`;
    const res = await b.call(ssoLogoutLoader, path);
    expect(res.status).toBe(303);
    expect(res.location).toBe(POST_LOGOUT);
    expect(shopperFromSession(await b.session())).toBeNull();
    // The cookie from before, replayed: a guest.
    b.useCookie(cookie);
    expect(shopperFromSession(await b.session())).toBeNull();
    const refresh = await refreshAt(sso.url, token.refreshToken!);
    expect(refresh.status).toBe(401);
    // Again: nothing to sign out, the same way back.
    const again = await b.call(ssoLogoutLoader, path);
    expect(again.location).toBe(POST_LOGOUT);
  });

  it('an unregistered post-logout address gets our signed-out page, never a redirect there', async () => {
    const b = h.browser('lins');
    await ssoLogin(b, BEN, oauthOf('lins'));
    const token = storedSsoToken(await b.session())!;
    for (const query of <Record<string, string>[]>[
      { client_id: 'lins-online-ordering', post_logout_redirect_uri: 'https://evil.example/' },
      { client_id: 'nobody', post_logout_redirect_uri: POST_LOGOUT },
      {},
    ]) {
      const res = await b.call(ssoLogoutLoader, `/sso/logout?${new URLSearchParams(query)}`);
      expect(res.status).toBe(200);
      expect(res.location).toBeNull();
      expect(res.data).toMatchObject({ back: null, message: null });
    }
    expect(shopperFromSession(await b.session())).toBeNull();
    // Revoked all the same (through the brand's client).
    const refresh = await refreshAt(sso.url, token.refreshToken!);
    expect(refresh.status).toBe(401);
  });

  it('/logout clears the shopper and the single-sign-on token, revoking it', async () => {
    const b = h.browser('southend');
    await ssoLogin(b, CARA, oauthOf('southend'));
    const token = storedSsoToken(await b.session())!;
    const res = await b.call(logoutRouteAction, '/logout', {});
    expect(res.location).toBe('/');
    const session = await b.session();
    expect(shopperFromSession(session)).toBeNull();
    expect(storedSsoToken(session)).toBeNull();
    const refresh = await refreshAt(sso.url, token.refreshToken!);
    expect(refresh.status).toBe(401);
  });
});
