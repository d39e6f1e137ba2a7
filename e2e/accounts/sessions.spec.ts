import type { BrowserContext, Page } from '@playwright/test';
import { expect, submitLogin, test } from '../kit/fixtures';
import { quietPage } from '../kit/popups';
import { brandUrl, dismissPopups, PORT, rawRequest } from '../kit/support';

/**
 * Sessions live on the server (decision record 0012): Log Out ends the session wherever its
 * cookie was copied, a password change signs the shopper's other browsers out, a brand's cookie
 * is a guest on another brand. Each test signs in a shopper of its own on Lin's, so no other
 * test is disturbed. JavaScript on (the js project).
 */

const SITE = 'lins';

test.beforeEach(async ({ page }) => {
  await dismissPopups(page);
});

async function openAccount(page: Page, email: string) {
  await page.goto(brandUrl(SITE, '/account'));
  await expect(page.getByRole('heading', { name: 'My Account Information' })).toBeVisible();
  await expect(page.locator('[data-account-row="email"]')).toContainText(email);
}

/** A fresh browser (no cookie) with the popups already dismissed. */
async function freshBrowser(context: BrowserContext) {
  const other = await context.browser()!.newContext();
  const page = await other.newPage();
  await dismissPopups(page);
  return { context: other, page };
}

test('a cookie replayed after Log Out is a guest: no account page, no change', async ({
  page,
  context,
  newShopper,
}) => {
  test.setTimeout(60_000);
  const who = await newShopper({ site: SITE });
  // Through the login form: the cookie checked below is the one the server gave the browser.
  await page.goto(brandUrl(SITE, '/login?redirectTo=/account'));
  await submitLogin(page, who.email, who.password);
  // The login's own navigation lands first: a goto while it is in flight would interrupt it.
  await expect(page).toHaveURL(brandUrl(SITE, '/account'));
  await openAccount(page, who.email);
  const saved = await context.cookies(brandUrl(SITE));
  expect(saved.map((c) => c.name)).toEqual(['__session']);
  // The cookie holds a signed id, no token: about a hundred bytes.
  const [cookie] = saved;
  expect(cookie.value.length).toBeLessThan(160);
  expect(cookie.value).not.toContain('eyJ');
  expect(cookie.httpOnly).toBe(true);
  expect(cookie.sameSite).toBe('Lax');

  await page.getByTestId('account-logout').getByRole('button', { name: 'Log Out' }).click();
  await expect(page.getByRole('link', { name: 'Log In' }).first()).toBeVisible();
  await expect(page).toHaveURL(brandUrl(SITE, '/'));
  // Log Out loads a new document: the tab's page source holds nothing of the shopper's (with a
  // client-side navigation the account page's data script would stay in the DOM).
  expect(await page.evaluate(() => document.documentElement.outerHTML)).not.toContain(who.email);

  // Back: the account page is asked for again and the guest goes to /login.
  await page.goBack();
  await expect(page).toHaveURL(brandUrl(SITE, '/login?redirectTo=%2Faccount'));
  await expect(page.getByRole('heading', { name: 'Log In', level: 1 })).toBeVisible();
  await expect(page.getByText(who.email)).toHaveCount(0);
  // Nor does the app keep it: the router's data is the guest's now. The /login document is
  // server-rendered: wait for it to hydrate (the router exists only then).
  const readRouterData = () =>
    page.evaluate(() =>
      JSON.stringify(
        (window as { __remixRouter?: { state: { loaderData: unknown } } }).__remixRouter?.state
          .loaderData ?? null,
      ),
    );
  await expect.poll(readRouterData).toContain('routes/login');
  const routerData = await readRouterData();
  expect(routerData).not.toContain(who.email);

  // The cookie from before Log Out, in another browser: a guest.
  const replay = await freshBrowser(context);
  await replay.context.addCookies(saved);
  await replay.page.goto(brandUrl(SITE, '/account'));
  await expect(replay.page).toHaveURL(brandUrl(SITE, '/login?redirectTo=%2Faccount'));
  await expect(replay.page.getByRole('link', { name: 'Log In' }).first()).toBeVisible();
  expect(await replay.page.content()).not.toContain(who.email);
  await replay.context.close();

  // A post with it, as a form from the site would send: refused as for a guest.
  const body = new URLSearchParams({ intent: 'fullName', firstName: 'Mallory', lastName: 'X' });
  const post = await rawRequest({
    host: `${SITE}.localhost:${PORT}`,
    path: '/account?index',
    method: 'POST',
    headers: {
      cookie: `${cookie.name}=${cookie.value}`,
      origin: new URL(brandUrl(SITE)).origin,
      'content-type': 'application/x-www-form-urlencoded',
      'content-length': String(Buffer.byteLength(body.toString())),
    },
    body: body.toString(),
  });
  expect(post.status).toBe(302);
  expect(post.headers.location).toBe('/login?redirectTo=%2Faccount');

  // Nothing changed: signed in again, the name is the one registered.
  await page.goto(brandUrl(SITE, '/login?redirectTo=/account'));
  await submitLogin(page, who.email, who.password);
  await expect(page.locator('[data-account-row="fullName"]')).toContainText(
    `${who.firstName} ${who.lastName}`,
  );
  await expect(page.getByText('Mallory')).toHaveCount(0);
});

test("a password change signs the shopper's other browser out", async ({
  page,
  context,
  signInNewShopper,
}) => {
  test.setTimeout(60_000);
  // The cookie notice covers the bottom of the window, where the password form's Save button
  // can be: a click then waited behind it until the test timed out (one full run).
  await quietPage(page, SITE);
  const who = await signInNewShopper({ site: SITE });
  const other = await freshBrowser(context);
  await other.page.goto(brandUrl(SITE, '/login?redirectTo=/account'));
  await submitLogin(other.page, who.email, who.password);
  await expect(other.page.getByRole('heading', { name: 'My Account Information' })).toBeVisible();

  await openAccount(page, who.email);
  await page.getByRole('link', { name: 'Edit Password', exact: true }).click();
  await page.getByLabel(/^Current Password\*?$/).fill(who.password);
  await page.getByLabel(/^New Password\*?$/).fill('Changed!2026pw');
  await page.getByLabel(/^Confirm Password\*?$/).fill('Changed!2026pw');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Your password has been updated.' }),
  ).toBeVisible();

  // This browser stays signed in; the other one is a guest on its next request.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'My Account Information' })).toBeVisible();
  await other.page.reload();
  await expect(other.page).toHaveURL(brandUrl(SITE, '/login?redirectTo=%2Faccount'));
  await expect(other.page.getByText(`Hey ${who.firstName}!`)).toHaveCount(0);
  await other.context.close();
});

test("a Lin's cookie copied to Dan's is a guest there", async ({
  page,
  context,
  signInNewShopper,
}) => {
  test.setTimeout(60_000);
  const who = await signInNewShopper({ site: SITE });
  const cookies = await context.cookies(brandUrl(SITE));
  const copy = await freshBrowser(context);
  await copy.context.addCookies(
    cookies.map((c) => ({ ...c, domain: 'dans.localhost', path: '/' })),
  );
  expect((await copy.context.cookies(brandUrl('dans'))).map((c) => c.name)).toEqual(['__session']);
  await copy.page.goto(brandUrl('dans', '/'));
  await expect(copy.page.getByRole('link', { name: 'Log In' }).first()).toBeVisible();
  await expect(copy.page.getByText(`Hey ${who.firstName}!`)).toHaveCount(0);
  await copy.page.goto(brandUrl('dans', '/account'));
  await expect(copy.page).toHaveURL(brandUrl('dans', '/login?redirectTo=%2Faccount'));
  await expect(copy.page.getByText(`Hey ${who.firstName}!`)).toHaveCount(0);
  await copy.context.close();

  // Still signed in on Lin's.
  await openAccount(page, who.email);
});
