import crypto from 'node:crypto';
import { AVA } from '../../test/demo';
import type { Page } from '@playwright/test';
import { expect, test } from '../kit/fixtures';
import { brandUrl, dismissPopups, rawRequest } from '../kit/support';

/**
 * What documents tell caches (app/lib/http/cache.server.ts, decision record 0008): guest pages
 * may be kept by a shared cache, a shopper's pages and anything carrying a token never, so Back
 * after Log Out shows no personal data. Each test that signs in has a shopper of its own.
 */

const SITE = 'dicks';
const HOST = `${SITE}.localhost`;
const PRIVATE = 'private, no-store';
const PUBLIC = /^public, max-age=0, s-maxage=[1-9]\d*$/;
/** A phone as the account page shows it: (435) 555-0101. */
const shownPhone = (phone: string) => phone.replace(/^(\d{3})(\d{3})(\d{4})$/, '($1) $2-$3');

test.beforeEach(async ({ page }) => {
  await dismissPopups(page);
});

/** The browser's cookies for the brand, as a Cookie header for rawRequest. */
async function cookieHeader(page: Page): Promise<string> {
  const cookies = await page.context().cookies(brandUrl(SITE));
  return cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

test('Back after Log Out does not show the account page again @nojs', async ({
  page,
  signInNewShopper,
}) => {
  const shopper = await signInNewShopper({ site: SITE, redirectTo: '/account' });
  const phone = shownPhone(shopper.phone);
  const account = page.getByRole('main');
  await expect(page.locator('[data-account-row="email"]')).toContainText(shopper.email);
  await expect(page.locator('[data-account-row="phone"]')).toContainText(phone);

  await page.getByTestId('account-logout').getByRole('button', { name: 'Log Out' }).click();
  await expect(page.getByRole('link', { name: 'Log In' }).first()).toBeVisible();
  await expect(page).toHaveURL(brandUrl(SITE, '/'));

  // The browser must ask again (no-store): the server sends the guest to /login.
  await page.goBack();
  await expect(page).toHaveURL(brandUrl(SITE, '/login?redirectTo=%2Faccount'));
  await expect(page.getByRole('heading', { name: 'Log In', level: 1 })).toBeVisible();
  await expect(account.getByText(shopper.email)).toHaveCount(0);
  await expect(account.getByText(phone)).toHaveCount(0);
  expect(await page.content()).not.toContain(shopper.email);
});

test("a shopper's pages are private and not stored; a guest's are public", async ({
  page,
  signInNewShopper,
}) => {
  // As a guest. A home page whose weekly-ad preview is still loading (the ad cache cold, as when
  // no test before this one opened the brand's home page) is private by rule (routes/_index.tsx):
  // once the preview is in, the page is public.
  await expect
    .poll(async () => (await rawRequest({ host: HOST, path: '/' })).headers['cache-control'], {
      timeout: 10_000,
    })
    .toMatch(PUBLIC);
  const guestPages = ['/', '/digital-coupons', '/locations', '/locations?q=84770'];
  for (const path of guestPages) {
    const res = await rawRequest({ host: HOST, path });
    expect(res.status, path).toBe(200);
    expect(res.headers['cache-control'], path).toMatch(PUBLIC);
  }
  const guestAccount = await rawRequest({ host: HOST, path: '/account' });
  expect(guestAccount.status).toBe(302);
  expect(guestAccount.headers.location).toBe('/login?redirectTo=%2Faccount');

  // Signed in, with the session the server's login gave the browser.
  const shopper = await signInNewShopper({ site: SITE });
  const cookie = await cookieHeader(page);
  const account = await rawRequest({ host: HOST, path: '/account', headers: { cookie } });
  expect(account.status).toBe(200);
  expect(account.body).toContain(shopper.email);
  expect(account.headers['cache-control']).toBe(PRIVATE);
  const home = await rawRequest({ host: HOST, path: '/', headers: { cookie } });
  expect(home.status).toBe(200);
  expect(home.body).toContain(`Hey ${shopper.firstName}!`);
  expect(home.headers['cache-control']).toBe(PRIVATE);
  // The locator marks the shopper's saved store: private too.
  for (const path of guestPages.slice(2)) {
    const res = await rawRequest({ host: HOST, path, headers: { cookie } });
    expect(res.status, path).toBe(200);
    expect(res.headers['cache-control'], path).toBe(PRIVATE);
  }
});

test('a reset-password link is private and never served from the page cache', async () => {
  // The guest page cache is on: the same guest page asked twice is a hit the second time.
  const probe = `/?probe=${crypto.randomUUID()}`;
  await rawRequest({ host: HOST, path: probe });
  const again = await rawRequest({ host: HOST, path: probe });
  expect(again.headers['x-page-cache']).toBe('hit');

  for (const path of [
    `/reset-password?token=${'a'.repeat(43)}&address=${encodeURIComponent(AVA.email)}`,
    '/reset-password?token=x&address=y',
  ]) {
    for (let i = 0; i < 2; i += 1) {
      const res = await rawRequest({ host: HOST, path });
      expect(res.status, path).toBe(200);
      expect(res.headers['cache-control'], path).toBe(PRIVATE);
      expect(res.headers['x-page-cache'], path).not.toBe('hit');
    }
  }
});
