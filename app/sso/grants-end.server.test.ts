import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startActionHarness, type ActionHarness, type HarnessBrowser } from '@test/action-harness';
import { partner, startHarnessSso, type SsoService } from '@test/reference-services';
import { resetTokenAppId } from '~/accounts/password-reset.server';
import { issueResetToken } from '~/accounts/reset-tokens.server';
import { LOGGED_OUT_EVERYWHERE_MESSAGE } from '~/accounts/logout.server';
import {
  action as accountRouteAction,
  loader as accountRouteLoader,
} from '~/routes/account._index';
import { action as logoutRouteAction } from '~/routes/logout';
import { action as resetPasswordRouteAction } from '~/routes/reset-password';
import { action as ssoLoginAction } from '~/routes/sso.login';
import { shopperFromSession } from '~/lib/session/shopper.server';

/**
 * A partner site's sign-in ends with the password (docs/reference/sso.md): a password change, a
 * reset by e-mail and 'Log Out Everywhere' revoke every grant of the shopper on the brand at the
 * provider, so the partner's refresh token and access token stop working. The partner is a real
 * OAuth client (oauth4webapi) against the reference provider; the shopper signs in through the
 * site's /sso/login action, as a browser would.
 */

const SITE = 'lins';
const CLIENT = 'lins-online-ordering';
const REDIRECT_URI = 'http://localhost:8400/callback';
const PASSWORD = 'Grants1!pass';
let h: ActionHarness;
let sso: SsoService;

beforeAll(async () => {
  h = await startActionHarness({ sites: [SITE] });
  sso = await startHarnessSso(h, [SITE]);
}, 60_000);
afterAll(async () => {
  await sso?.close();
  await h?.close();
});

let seq = 0;
async function newShopper() {
  seq += 1;
  const email = `grants-${seq}-${Date.now()}@example.com`;
  const customer = await h.browser(SITE).loyalty.register({
    firstName: 'Gail',
    lastName: 'Grant',
    email,
    phone: `80177${String(seq).padStart(5, '0')}`,
    address1: '1 Main St',
    zip: '84720',
    password: PASSWORD,
  });
  return { email, password: PASSWORD, frqShopperNo: customer.frqShopperNo };
}

/**
 * The partner's whole sign-in: its authorization request at the provider, the shopper's login on
 * the site's /sso/login (a browser of its own, signed in there afterwards), the code exchanged.
 */
async function partnerSignIn(who: { email: string; password: string }) {
  const app = await partner(sso.issuer, CLIENT);
  const request = await app.start({}, REDIRECT_URI);
  const auth = await fetch(request.url, { redirect: 'manual' });
  const location = new URL(auth.headers.get('location')!);
  const oauth = location.searchParams.get('oauth')!;
  const b = h.browser(SITE);
  const login = await b.call(ssoLoginAction, `/sso/login?oauth=${oauth}`, {
    intent: 'login',
    email: who.email,
    password: who.password,
    oauth,
  });
  expect(login.status).toBe(303);
  const tokens = await app.exchange(login.location!, request);
  const sub = String((await app.userInfo(tokens.access_token, expectSub(tokens))).sub);
  return { app, tokens, sub, browser: b };
}

function expectSub(tokens: { id_token?: string }): string {
  const [, payload] = tokens.id_token!.split('.');
  return (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub: string }).sub;
}

type Grant = Awaited<ReturnType<typeof partnerSignIn>>;

/** The partner can still refresh and read the shopper's profile. */
async function stillWorks(grant: Grant) {
  const refreshed = await grant.app.refresh(grant.tokens.refresh_token!);
  grant.tokens = refreshed;
  expect((await grant.app.userInfo(refreshed.access_token, grant.sub)).sub).toBe(grant.sub);
}

/** Both of the partner's tokens are refused by the provider. */
async function revoked(grant: Grant) {
  await expect(grant.app.userInfo(grant.tokens.access_token, grant.sub)).rejects.toThrow();
  await expect(grant.app.refresh(grant.tokens.refresh_token!)).rejects.toThrow();
}

async function accountPage(b: HarnessBrowser) {
  const res = await b.call(accountRouteLoader, '/account');
  return res.status === 200 ? 'account' : res.location;
}

describe('partner grants end with the password', () => {
  it('a password change on /account revokes every grant of the shopper, no one else’s', async () => {
    const who = await newShopper();
    const other = await newShopper();
    const first = await partnerSignIn(who);
    const second = await partnerSignIn(who);
    const bystander = await partnerSignIn(other);
    await stillWorks(first);

    const next = 'Grants2!pass';
    const res = await first.browser.call(accountRouteAction, '/account?index', {
      intent: 'password',
      currentPassword: who.password,
      newPassword: next,
      confirmPassword: next,
    });
    expect(res.status).toBe(302);
    await revoked(first);
    await revoked(second);
    await stillWorks(bystander);
    // The one who changed it stays signed in here; the other browser is a guest now.
    expect(await accountPage(first.browser)).toBe('account');
    expect(await accountPage(second.browser)).toMatch(/^\/login\b/);
    // A new sign-in with the new password works for the partner again.
    await stillWorks(await partnerSignIn({ email: who.email, password: next }));
  });

  it('a reset by e-mail revokes them', async () => {
    const who = await newShopper();
    const grant = await partnerSignIn(who);
    await stillWorks(grant);
    const token = await issueResetToken(h.accounts.siteStore, {
      appId: resetTokenAppId(h.tenant(SITE)),
      email: who.email,
    });
    const query = new URLSearchParams({ address: who.email, token });
    const res = await h.browser(SITE).call(resetPasswordRouteAction, `/reset-password?${query}`, {
      intent: 'reset',
      password: 'Reset!pass2026',
      confirmPassword: 'Reset!pass2026',
    });
    expect(res.status).toBe(302);
    await revoked(grant);
  });

  it("'Log Out Everywhere' revokes them and ends every session of the shopper, this one too", async () => {
    const who = await newShopper();
    const grant = await partnerSignIn(who);
    const elsewhere = await partnerSignIn(who);
    const saved = grant.browser.cookie;
    const res = await grant.browser.call(logoutRouteAction, '/logout', { everywhere: '1' });
    expect(res.status).toBe(302);
    expect(res.location).toBe('/login');
    const session = await grant.browser.session();
    expect(shopperFromSession(session)).toBeNull();
    expect(session.get('notice')).toBe(LOGGED_OUT_EVERYWHERE_MESSAGE);
    await revoked(grant);
    await revoked(elsewhere);
    expect(await accountPage(elsewhere.browser)).toMatch(/^\/login\b/);
    // The cookie from before, replayed: a guest.
    const replay = h.browser(SITE);
    replay.useCookie(saved);
    expect(await accountPage(replay)).toMatch(/^\/login\b/);
  });

  it('a plain Log Out ends only this browser’s single sign-on, not the partner’s grant', async () => {
    const who = await newShopper();
    const grant = await partnerSignIn(who);
    const res = await grant.browser.call(logoutRouteAction, '/logout', {});
    expect(res.location).toBe('/');
    await stillWorks(grant);
  });
});
