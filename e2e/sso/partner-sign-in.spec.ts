import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { discoverLoyaltyApi } from '../kit/loyalty';
import { newShopperDetails, registerFreshShopper } from '../kit/shoppers';
import { startPartner, type Partner } from '../kit/sso-partner';
import { startSiteProcess, type SiteProcess } from '../kit/site-process';
import {
  expectNoSeriousAxeViolations,
  PORT,
  pressUnavailable,
  waitForHydration,
} from '../kit/support';

/**
 * Single sign-on end to end (docs/reference/sso.md): a real OAuth client (oauth4webapi, e2e/kit/sso-partner.ts)
 * plays the partner, with a tiny HTTP server as its registered redirect URI. A second site runs
 * with a tenants folder whose lins and southend partner clients name that server, and its
 * in-process reference provider. The partner discovers the provider from its metadata and sends
 * the browser to the authorization endpoint with PKCE; the provider sends it on to the brand's
 * /sso/login; the shopper signs in there; the partner gets the code at /callback, exchanges it
 * with the verifier and gets tokens (and a refresh works). Then single sign-on for a second
 * request, registration in the flow, refusals on our page, and logout back to the partner.
 */

test.describe.configure({ mode: 'serial' });
test.setTimeout(90_000);

const PASSWORD = 'Garden!2026pw';

let site: SiteProcess | null = null;
let partner: Partner | null = null;
let tenantsDir = '';
let sitePort = 0;

const siteUrl = (sitePath: string, p = '/') => `http://${sitePath}.localhost:${sitePort}${p}`;
const clientIdOf = (sitePath: string) => `${sitePath}-online-ordering`;
const CLIENT_NAMES: Record<string, string> = {
  lins: "Lin's Fresh Market Online Ordering",
  southend: 'Southend Grocers Online Ordering',
};

/** A GET to the second site with a given Cookie header (a replayed cookie), not followed. */
function getWithCookie(sitePath: string, p: string, cookie: string) {
  return new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: sitePort,
        path: p,
        headers: { host: `${sitePath}.localhost:${sitePort}`, cookie },
      },
      (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, location: res.headers.location });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** The `oauth` parameter, as a partner linking straight to /sso/login would build it. */
function oauthParam(fields: Record<string, unknown>) {
  return Buffer.from(JSON.stringify(fields), 'utf8').toString('base64url');
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  // One site and one partner per project (the js and no-js projects may run side by side).
  const offset = test.info().project.name === 'js' ? 0 : 1;
  sitePort = PORT + 66 + offset;
  const partnerPort = PORT + 68 + offset;
  partner = await startPartner(partnerPort, async () => {
    const res = await fetch(`http://127.0.0.1:${sitePort}/healthz`);
    const health = (await res.json()) as { sso?: { url?: string } };
    if (!health.sso?.url) throw new Error('the site names no SSO provider on /healthz');
    return health.sso.url;
  });
  tenantsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-sso-tenants-'));
  for (const f of fs.readdirSync('tenants')) {
    fs.copyFileSync(path.join('tenants', f), path.join(tenantsDir, f));
  }
  for (const sitePath of ['lins', 'southend']) {
    const file = path.join(tenantsDir, `${sitePath}.json`);
    const tenant = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      services: { sso: { clients: Record<string, unknown>[] } };
    };
    tenant.services.sso.clients = tenant.services.sso.clients.map((c) => ({
      ...c,
      redirectUris: [partner!.redirectUri],
      postLogoutRedirectUris: [partner!.postLogoutUri],
    }));
    fs.writeFileSync(file, JSON.stringify(tenant, null, 2));
  }
  site = await startSiteProcess({
    port: sitePort,
    name: `sso-${test.info().project.name}`,
    env: { TENANTS_DIR: tenantsDir, RATE_LIMIT_IP_PER_MINUTE: '1000' },
  });
});

test.afterAll(async () => {
  await Promise.all([site?.stop(), partner?.close()]);
  if (tenantsDir) fs.rmSync(tenantsDir, { recursive: true, force: true });
});

/** The minimal layout: the brand's logo and one card, none of the site's shell. */
async function expectMinimalLayout(page: Page) {
  await expect(page.getByTestId('sso-logo')).toBeVisible();
  await expect(page.locator('footer')).toHaveCount(0);
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
}

/** Follows a partner's authorization request to the brand's /sso/login. */
async function openAuthorization(page: Page, sitePath: string) {
  const request = await partner!.start(sitePath, clientIdOf(sitePath));
  await page.goto(request.url.href);
  await expect(page).toHaveURL(new RegExp(`^${siteUrl(sitePath, '/sso/login')}\\?oauth=`));
  if (test.info().project.name === 'js') await waitForHydration(page);
  return request;
}

async function expectPartnerSignedIn(page: Page, state: string) {
  await expect(page.getByRole('heading', { name: 'Partner: signed in' })).toBeVisible();
  expect(new URL(page.url()).origin).toBe(partner!.origin);
  await expect.poll(() => partner!.signedIn(state)).toBeTruthy();
  expect(partner!.failures).toEqual([]);
  return partner!.signedIn(state)!;
}

for (const [sitePath, firstName] of [
  ['lins', 'Ben'],
  ['southend', 'Cara'],
]) {
  test(`a partner signs ${firstName} in on ${sitePath}: code, tokens, refresh, single sign-on, logout @nojs`, async ({
    page,
    context,
  }) => {
    // A wrong password counts against the account: a shopper of this test's own, registered
    // with the second site's loyalty service.
    const shopper = await registerFreshShopper(await discoverLoyaltyApi(sitePort, site!.dataDir), {
      site: sitePath,
      firstName,
    });
    // The partner's authorization request lands on our login page, in the minimal layout.
    const first = await openAuthorization(page, sitePath);
    await expectMinimalLayout(page);
    await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
    await expect(page.getByTestId('sso-continue-to')).toHaveText(
      `Sign in to continue to ${CLIENT_NAMES[sitePath]}`,
    );

    // The catalogue's messages (Login reads as unavailable on the empty form with JavaScript, yet
    // a press shows them; decision 0030), and a wrong password refused as /login refuses it.
    const login = page.getByRole('button', { name: 'Login' });
    if (test.info().project.name === 'js') await pressUnavailable(login);
    else await login.click();
    await expect(page.getByText('Please enter your email address.')).toBeVisible();
    await expect(page.getByText('Please enter your password.')).toBeVisible();
    await page.getByLabel('Email').fill(shopper.email);
    await page.locator('input[name="password"]').fill('Not-the-password-1');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Invalid email address or password.')).toBeVisible();
    expect(partner!.signedIn(first.state)).toBeUndefined();

    await page.getByLabel('Email').fill(shopper.email);
    await page.locator('input[name="password"]').fill(shopper.password);
    await page.getByRole('button', { name: 'Login' }).click();

    // Back at the partner with the code; exchanged with the verifier for tokens.
    const signedIn = await expectPartnerSignedIn(page, first.state);
    expect(signedIn.tokens.access_token).toEqual(expect.any(String));
    expect(signedIn.claims?.sub).toMatch(new RegExp(`^${sitePath}:\\d+$`));
    const refreshToken = signedIn.tokens.refresh_token;
    expect(refreshToken).toEqual(expect.any(String));
    const refreshed = await partner!.refresh(clientIdOf(sitePath), refreshToken!);
    expect(refreshed.access_token).toEqual(expect.any(String));
    expect(refreshed.refresh_token).not.toBe(refreshToken);
    // Rotation: the spent refresh token is refused.
    await expect(partner!.refresh(clientIdOf(sitePath), refreshToken!)).rejects.toBeTruthy();

    // A second request: single sign-on, one click as the signed-in shopper.
    const second = await openAuthorization(page, sitePath);
    await expect(
      page.getByRole('heading', { name: `Welcome back, ${shopper.firstName}` }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await page.getByRole('button', { name: `Continue as ${shopper.firstName}` }).click();
    await expectPartnerSignedIn(page, second.state);

    // The summary page of the minimal layout.
    await page.goto(siteUrl(sitePath, '/sso/account'));
    await expectMinimalLayout(page);
    const summary = page.getByTestId('sso-account-summary');
    await expect(summary).toContainText(shopper.email);
    await expect(summary).toContainText(/•••• \d{4}/);

    // Logout: back to the partner's registered post-logout address, and the session is gone.
    const cookie = (await context.cookies(siteUrl(sitePath)))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
    expect(cookie).toContain('__session=');
    const logout = new URL(siteUrl(sitePath, '/sso/logout'));
    logout.search = new URLSearchParams({
      client_id: clientIdOf(sitePath),
      post_logout_redirect_uri: partner!.postLogoutUri,
    }).toString();
    await page.goto(logout.href);
    await expect(page.getByRole('heading', { name: 'Partner: home' })).toBeVisible();
    expect(page.url()).toBe(partner!.postLogoutUri);
    // The cookie the browser had, replayed: a guest.
    const replayed = await getWithCookie(sitePath, '/sso/account', cookie);
    expect(replayed.status).toBe(302);
    expect(replayed.location).toBe('/sso/login');
    // And a new request asks for the password again.
    await openAuthorization(page, sitePath);
    await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
    // Logout again: idempotent, the same way back.
    await page.goto(logout.href);
    await expect(page.getByRole('heading', { name: 'Partner: home' })).toBeVisible();
    expect(site!.errorLogs()).toEqual([]);
  });
}

test("a partner's sign-in ends with a password change, and with Log Out Everywhere @nojs", async ({
  page,
}) => {
  const sitePath = 'lins';
  const clientId = clientIdOf(sitePath);
  const shopper = await registerFreshShopper(await discoverLoyaltyApi(sitePort, site!.dataDir), {
    site: sitePath,
    firstName: 'Gail',
  });
  /** The partner's sign-in through our login form; its refresh token, refreshed once. */
  const partnerSignIn = async (password: string) => {
    const request = await openAuthorization(page, sitePath);
    await expect(page.getByRole('heading', { name: 'Log In' })).toBeVisible();
    await page.getByLabel('Email').fill(shopper.email);
    await page.locator('input[name="password"]').fill(password);
    await page.getByRole('button', { name: 'Login' }).click();
    const signedIn = await expectPartnerSignedIn(page, request.state);
    return (await partner!.refresh(clientId, signedIn.tokens.refresh_token!)).refresh_token!;
  };

  const before = await partnerSignIn(shopper.password);
  // The shopper changes the password on the account page.
  const next = 'Garden!2027pw';
  await page.goto(siteUrl(sitePath, '/account?edit=password'));
  await page.getByLabel(/^Current Password/).fill(shopper.password);
  await page.getByLabel(/^New Password/).fill(next);
  await page.getByLabel(/^Confirm Password/).fill(next);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Your password has been updated.' }),
  ).toBeVisible();
  // The partner's grant from before is over; a new sign-in asks for the new password.
  await expect(partner!.refresh(clientId, before)).rejects.toBeTruthy();
  const after = await partnerSignIn(next);

  // Log Out Everywhere: this browser is signed out, told so, and the partner's grant ends.
  await page.goto(siteUrl(sitePath, '/account'));
  await page.getByRole('button', { name: 'Log Out Everywhere' }).click();
  await expect(page).toHaveURL(siteUrl(sitePath, '/login'));
  await expect(
    page.getByText('You have been logged out on every device and partner site.'),
  ).toBeVisible();
  await expect(partner!.refresh(clientId, after)).rejects.toBeTruthy();
  await page.goto(siteUrl(sitePath, '/account'));
  await expect(page).toHaveURL(new RegExp(`^${siteUrl(sitePath, '/login')}`));
  expect(site!.errorLogs()).toEqual([]);
});

test('a new shopper registers in the oauth flow and reaches the partner @nojs', async ({
  page,
}) => {
  const sitePath = 'southend';
  const request = await openAuthorization(page, sitePath);
  await page.getByRole('link', { name: 'Register' }).click();
  await expect(page).toHaveURL(new RegExp(`^${siteUrl(sitePath, '/sso/register')}\\?oauth=`));
  await expectMinimalLayout(page);
  await expect(page.getByTestId('sso-continue-to')).toHaveText(
    `Sign in to continue to ${CLIENT_NAMES[sitePath]}`,
  );
  // The way back to the login of the same request.
  const back = page.getByRole('link', { name: 'Click here to log in' });
  await expect(back).toHaveAttribute('href', new RegExp(`^/sso/login\\?oauth=`));

  const sol = newShopperDetails('Sol');
  await page.getByLabel('First Name').fill(sol.firstName);
  await page.getByLabel('Last Name').fill(sol.lastName);
  await page.getByLabel('Birth Date').fill('1990-05-17');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(sol.email);
  await page.getByRole('textbox', { name: 'Phone', exact: true }).fill(sol.phone);
  const field = (name: string) => page.locator(`#register [name="${name}"]`);
  if (await field('address1').count()) {
    await page.getByRole('textbox', { name: 'Address', exact: true }).fill('12 Orchard Lane');
    await page.getByLabel('Zip Code').fill('84720');
  }
  if (await field('storeNumber').count()) await field('storeNumber').selectOption({ index: 1 });
  if (await field('rewardSubscriptionId').count()) {
    await field('rewardSubscriptionId').first().check();
  }
  await field('password').fill(PASSWORD);
  await field('confirmPassword').fill(PASSWORD);
  await field('acceptTerms').check();
  await page.getByRole('button', { name: 'Create Account' }).click();

  const signedIn = await expectPartnerSignedIn(page, request.state);
  expect(signedIn.claims?.sub).toMatch(/^southend:\d+$/);
  expect(site!.errorLogs()).toEqual([]);
});

test('an unregistered redirect URI or a missing PKCE challenge is refused on our page @nojs', async ({
  page,
}) => {
  const good = {
    clientId: clientIdOf('lins'),
    redirectUri: partner!.redirectUri,
    scope: 'openid profile',
    state: 'e2e-state',
    codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    codeChallengeMethod: 'S256',
    responseType: 'code',
  };
  const cases: [string, Record<string, unknown>, RegExp][] = [
    [
      'unregistered redirect URI',
      { ...good, redirectUri: `${partner!.origin}/elsewhere` },
      /return to an address that is not registered/,
    ],
    ['no code challenge', { ...good, codeChallenge: undefined }, /PKCE code challenge/],
    ['an unknown client', { ...good, clientId: 'nobody' }, /not registered with us/],
  ];
  for (const [what, fields, message] of cases) {
    for (const p of ['/sso/login', '/sso/register']) {
      const url = siteUrl('lins', `${p}?oauth=${oauthParam(fields)}`);
      const res = await page.goto(url);
      expect(res?.status(), `${what} on ${p}`).toBe(400);
      expect(page.url(), what).toBe(url);
      await expect(
        page.getByRole('heading', { name: 'We cannot continue this sign-in' }),
      ).toBeVisible();
      await expect(page.getByRole('alert')).toHaveText(message);
      await expectMinimalLayout(page);
    }
  }
  expect(partner!.failures).toEqual([]);
});

test('the single-sign-on pages are accessible and fit a phone', async ({ page }) => {
  for (const sitePath of ['lins', 'southend']) {
    await openAuthorization(page, sitePath);
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('link', { name: 'Register' }).click();
    await expect(page.getByRole('heading', { name: 'Create Your Account' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  }
  await page.setViewportSize({ width: 375, height: 740 });
  await openAuthorization(page, 'lins');
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
