import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import {
  startServiceProcess,
  startSiteProcess,
  type ServiceProcess,
  type SiteProcess,
} from '../kit/site-process';
import { dismissPopups, PORT, waitForHydration } from '../kit/support';

/**
 * 'Each reference service also runs alone and the site works against it at its
 * address': the ad viewer and the mailing list started as their own processes (what `npm run
 * adviewer` and `npm run mailing-list` run), and a site whose lins tenant names their addresses
 * (`services.adviewer`, `newsletter.subscribeUrl`) as a retailer names its providers'. The
 * weekly-ad frame, its text version, the home preview's images and a footer sign-up all go to
 * those processes, and the sign-up is stored by the standalone list.
 */

test.describe.configure({ mode: 'serial' });
test.setTimeout(240_000);

let adviewer: ServiceProcess | null = null;
let mailing: ServiceProcess | null = null;
let site: SiteProcess | null = null;
let tenantsDir = '';
let dataDir = '';
const ADVIEWER_PORT = PORT + 82;
const MAILING_PORT = PORT + 83;
const SITE_PORT = PORT + 84;
const url = (p: string) => `http://lins.localhost:${SITE_PORT}${p}`;
const MAILING_KEY = 'standalone-mailing-list-key-0123456789';

test.beforeAll(async () => {
  test.setTimeout(240_000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-standalone-mailing-'));
  [adviewer, mailing] = await Promise.all([
    startServiceProcess({
      name: 'adviewer',
      port: ADVIEWER_PORT,
      env: { ADVIEWER_PORT: String(ADVIEWER_PORT) },
    }),
    startServiceProcess({
      name: 'mailing-list',
      port: MAILING_PORT,
      // Run as on its own machine: only the site's lists, and only callers with its key.
      env: {
        MAILING_LIST_PORT: String(MAILING_PORT),
        DATA_DIR: dataDir,
        MAILING_LIST_API_KEY: MAILING_KEY,
        MAILING_LIST_LISTS: 'lins-own',
      },
    }),
  ]);
  tenantsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-standalone-tenants-'));
  for (const f of fs.readdirSync('tenants')) {
    fs.copyFileSync(path.join('tenants', f), path.join(tenantsDir, f));
  }
  const file = path.join(tenantsDir, 'lins.json');
  const lins = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    services: Record<string, unknown>;
    newsletter?: Record<string, unknown>;
  };
  lins.services.adviewer = { url: adviewer.url, defaultPage: 'lins' };
  lins.newsletter = {
    ...lins.newsletter,
    subscribeUrl: `${mailing.url}/subscribe/lins-own`,
    apiKeyEnv: 'LINS_MAILING_LIST_KEY',
  };
  fs.writeFileSync(file, JSON.stringify(lins, null, 2));
  site = await startSiteProcess({
    port: SITE_PORT,
    name: 'standalone-services',
    env: {
      TENANTS_DIR: tenantsDir,
      RATE_LIMIT_IP_PER_MINUTE: '1000',
      LINS_MAILING_LIST_KEY: MAILING_KEY,
    },
  });
});

test.afterAll(async () => {
  await Promise.all([site?.stop(), adviewer?.stop(), mailing?.stop()]);
  for (const dir of [tenantsDir, dataDir]) {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }
});

test.beforeEach(async ({ page }) => {
  await dismissPopups(page);
  await page.addInitScript(() =>
    localStorage.setItem('dismissed_cookie_notice', JSON.stringify({ value: true, expiry: null })),
  );
});

test('the weekly ad and the home preview come from the ad viewer run alone', async ({ page }) => {
  const res = await page.goto(url('/weekly-ad?location=0012'));
  expect(res?.status()).toBe(200);
  // The frame is the standalone viewer's page, and the CSP lets it load.
  const src = await page.getByTestId('ad-viewer-frame').getAttribute('src');
  expect(new URL(src!).origin).toBe(adviewer!.url);
  expect(res?.headers()['content-security-policy']).toContain(`frame-src`);
  expect(res?.headers()['content-security-policy']).toContain(adviewer!.url);
  const frame = page.frameLocator('[data-testid="ad-viewer-frame"]');
  await expect(frame.getByText(/Valid \w{3}, \w{3} \d+/).first()).toBeVisible();
  // The text version is built from the same service's content call.
  await expect(page.getByTestId('ad-text').getByTestId('ad-text-item').first()).toBeVisible();

  // The home page's cards show that service's product images.
  await page.goto(url('/'));
  const card = page.getByTestId('ad-card').first();
  await expect(card).toBeVisible();
  const img = card.locator('img').first();
  await img.scrollIntoViewIfNeeded();
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
    .toBe(true);
  expect(new URL(await img.evaluate((el: HTMLImageElement) => el.currentSrc)).origin).toBe(
    adviewer!.url,
  );
  expect(site!.errorLogs()).toEqual([]);
});

test('a footer sign-up is stored by the mailing list run alone, on the list the tenant names', async ({
  page,
}) => {
  const email = `standalone-${Date.now()}@example.com`;
  await page.goto(url('/posts'));
  // The sign-up dialog is the hydrated page's (before, the footer form posts to its page).
  await waitForHydration(page);
  const footer = page.getByTestId('footer-signup-form');
  await footer.getByLabel('E-mail address').fill(email);
  await footer.getByRole('button', { name: 'Sign Up' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign Up for Email Offers' });
  await dialog.getByLabel('Home Store').selectOption({ index: 1 });
  await dialog.getByRole('button', { name: 'Subscribe' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Thank you for subscribing!');
  const lookUp = `${mailing!.url}/lists/lins-own/members?email=${encodeURIComponent(email)}`;
  const member = (await (
    await fetch(lookUp, { headers: { 'x-api-key': MAILING_KEY } })
  ).json()) as { subscribed: boolean };
  expect(member.subscribed).toBe(true);
  // Anyone else gets nothing of the subscriber, and cannot make lists up.
  expect((await fetch(lookUp)).status).toBe(401);
  const madeUp = await fetch(`${mailing!.url}/subscribe/made-up?EMAIL=a%40example.com`, {
    headers: { 'x-api-key': MAILING_KEY },
  });
  expect(madeUp.status).toBe(404);
  expect(site!.errorLogs()).toEqual([]);
});
