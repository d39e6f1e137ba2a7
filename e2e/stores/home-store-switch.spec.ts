import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, submitLogin, test, type Shopper } from '../kit/fixtures';
import { brandUrl, dismissPopups } from '../kit/support';

/**
 * 'Make this my home store' on the store locator saves the store at once
 * (docs/reference/stores.md "Home store"): with JavaScript, turning the snackbar's switch on
 * posts the save while the snackbar is still open (closing it saves nothing); without, the
 * checkbox beside 'Shop this store' goes with the form post. A typed address, a reload and a new
 * sign-in then show the store as the home store. On a phone and on a desktop; each test signs in
 * a shopper of its own (saved store: the brand's first).
 */
const SITE = 'lins';

const VIEWPORTS = {
  phone: { width: 412, height: 823 },
  desktop: { width: 1280, height: 800 },
} as const;

interface Store {
  name: string;
  storeNumber: string;
}

/** The stores a shopper may choose, as the brand's content lists them. */
function choosable(site: string): Store[] {
  const info = JSON.parse(
    fs.readFileSync(path.join('content', site, 'retailer-info.json'), 'utf8'),
  ) as { locations: (Store & { hidden?: boolean; hiddenInHomeSelector?: boolean })[] };
  return info.locations.filter((l) => !l.hidden && !l.hiddenInHomeSelector);
}

async function quiet(page: Page) {
  await dismissPopups(page);
  await page.addInitScript(() =>
    localStorage.setItem('dismissed_cookie_notice', JSON.stringify({ value: true, expiry: null })),
  );
}

test.beforeEach(async ({ page }) => {
  await quiet(page);
});

const SAVED_TEXT = 'This is your home store.';

/** A new browser that signs the shopper in and opens the store's page: is it the saved store? */
async function savedAtNewSignIn(browser: Browser, shopper: Shopper, storePath: string) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await quiet(page);
    await page.goto(brandUrl(SITE, `/login?redirectTo=${encodeURIComponent(storePath)}`));
    await submitLogin(page, shopper.email, shopper.password);
    await expect(page).toHaveURL(brandUrl(SITE, storePath));
    await expect(page.getByText(SAVED_TEXT)).toBeVisible();
  } finally {
    await context.close();
  }
}

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`on a ${name}`, () => {
    test.use({ viewport });

    test('turning on the switch on the locator saves the store before the notice closes @nojs', async ({
      page,
      signInNewShopper,
      browser,
      javaScriptEnabled,
    }) => {
      const shopper = await signInNewShopper({ site: SITE, redirectTo: '/locations' });
      const [saved, target] = choosable(SITE);
      const row = page.locator(
        `[data-testid="store-row"][data-store-number="${target.storeNumber}"]`,
      );
      const storePath = await row
        .getByRole('link', { name: target.name, exact: true })
        .getAttribute('href');
      expect(storePath).toBeTruthy();
      expect(saved.storeNumber).not.toBe(target.storeNumber);

      if (javaScriptEnabled === false) {
        await row.getByLabel('Make this my home store').check();
        await row.getByRole('button', { name: /Shop this store/ }).click();
        await expect(page.getByTestId('store-notice')).toContainText(
          `${target.name} is now your home store.`,
        );
      } else {
        await row.getByRole('button', { name: /Shop this store/ }).click();
        const snackbar = page.getByTestId('home-store-snackbar');
        await expect(snackbar.getByRole('status')).toContainText(`Now shopping at ${target.name}.`);
        // The switch keeps the focus, so the snackbar stays open: only the switch can save.
        await snackbar.getByRole('switch', { name: 'Make this my home store' }).click();
        await expect(snackbar.getByRole('status')).toHaveText(
          `${target.name} is now your home store.`,
        );
      }

      // A typed address, then a reload: the store is the saved home store.
      await page.goto(brandUrl(SITE, storePath!));
      await expect(page.getByText(SAVED_TEXT)).toBeVisible();
      await page.reload();
      await expect(page.getByText(SAVED_TEXT)).toBeVisible();
      // And in the loyalty record: a new sign-in elsewhere sees it too.
      await savedAtNewSignIn(browser, shopper, storePath!);
    });

    test("the store page's 'Make this my home store' saves at once @nojs", async ({
      page,
      signInNewShopper,
      browser,
    }) => {
      const target = choosable(SITE)[1];
      const shopper = await signInNewShopper({ site: SITE, redirectTo: '/locations' });
      const storePath = await page
        .locator(`[data-testid="store-row"][data-store-number="${target.storeNumber}"]`)
        .getByRole('link', { name: target.name, exact: true })
        .getAttribute('href');
      await page.goto(brandUrl(SITE, storePath!));
      await page.getByRole('button', { name: 'Make this my home store' }).click();
      await expect(page.getByText(SAVED_TEXT)).toBeVisible();
      await page.reload();
      await expect(page.getByText(SAVED_TEXT)).toBeVisible();
      await savedAtNewSignIn(browser, shopper, storePath!);
    });
  });
}
