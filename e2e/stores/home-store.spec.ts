import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, submitLogin, test, type Shopper } from '../kit/fixtures';
import {
  brandUrl,
  dismissPopups,
  expectNoSeriousAxeViolations,
  holdRequests,
  pauseClock,
  runTimers,
  waitForHydration,
} from '../kit/support';

/**
 * The home store (docs/reference/stores.md) on Lin's (several stores, the drawer store
 * selector) and Maple Corner (one store: no chooser, that store is the home store), with
 * JavaScript (the snackbar and its switch) and without (form posts with a checkbox, a status
 * message in the page).
 *
 * A test that signs in signs in a shopper of its own, whose saved home store is the brand's
 * first store (as the registration form preselects one).
 */

interface Store {
  name: string;
  storeNumber: string;
}

/** The stores a shopper may choose on a brand, as its content lists them. */
function choosable(site: string): Store[] {
  const info = JSON.parse(
    fs.readFileSync(path.join('content', site, 'retailer-info.json'), 'utf8'),
  ) as { locations: (Store & { hidden?: boolean; hiddenInHomeSelector?: boolean })[] };
  return info.locations.filter((l) => !l.hidden && !l.hiddenInHomeSelector);
}

const isJs = () => test.info().project.name !== 'no-js';
/** How long the snackbar shows. */
const STORE_NOTICE_MS = 3000;
const nowShoppingAt = (store: Store) => `Now shopping at ${store.name}.`;
const nowHome = (store: Store) => `${store.name} is now your home store.`;

/** No popup and no cookie notice over the page. */
async function quiet(page: Page) {
  await dismissPopups(page);
  await page.addInitScript(() =>
    localStorage.setItem('dismissed_cookie_notice', JSON.stringify({ value: true, expiry: null })),
  );
}

test.beforeEach(async ({ page }) => {
  await quiet(page);
});

const chooser = (page: Page) => page.getByTestId('home-store-select');
const snackbar = (page: Page) => page.getByTestId('home-store-snackbar');
/** The page's notice: the snackbar with JavaScript, the status message without. */
const notice = (page: Page) =>
  isJs() ? snackbar(page).getByRole('status') : page.getByTestId('store-notice');

/** Chooses a store in the header: on change with JavaScript, with the Choose button without. */
async function chooseInHeader(page: Page, store: Store, options: { makeHome?: boolean } = {}) {
  await chooser(page).selectOption(store.storeNumber);
  if (isJs()) return;
  const form = page.getByTestId('home-store-chooser');
  if (options.makeHome) await form.getByLabel('Make this my home store').check();
  await form.getByRole('button', { name: 'Choose' }).click();
}

async function logOut(page: Page) {
  await page.locator('form[action="/logout"] button').first().dispatchEvent('click');
  await expect(page.getByRole('link', { name: 'Log In' }).first()).toBeVisible();
}

/** Logs in on /login in a browser that has chosen nothing: the home store comes from the saved. */
async function homeStoreAtFreshLogin(browser: Browser, site: string, shopper: Shopper) {
  const context = await browser.newContext({ javaScriptEnabled: isJs() });
  try {
    const page = await context.newPage();
    await quiet(page);
    await page.goto(brandUrl(site, '/login?redirectTo=%2Fposts'));
    await submitLogin(page, shopper.email, shopper.password);
    await expect(page.getByText(`Hey ${shopper.firstName}!`).first()).toBeAttached();
    return await chooser(page).inputValue();
  } finally {
    await context.close();
  }
}

test("a guest chooses a store in the header: 'Now shopping at {store}.' @nojs", async ({
  page,
}) => {
  const target = choosable('lins')[2];
  if (isJs()) await page.clock.install();
  await page.goto(brandUrl('lins', '/posts'));
  if (isJs()) await waitForHydration(page);
  await chooseInHeader(page, target);
  await expect(notice(page)).toHaveText(isJs() ? nowShoppingAt(target) : /Now shopping at/);
  await expect(notice(page)).toContainText(nowShoppingAt(target));
  await expect(page).toHaveURL(brandUrl('lins', '/posts'));
  await expect(chooser(page).locator('option:checked')).toHaveText(target.name);
  // No switch for a guest (no saved store to change).
  await expect(page.getByRole('switch')).toHaveCount(0);
  if (isJs()) {
    // Gone after 3 s (on the page's clock); the live region stays, empty.
    await expect(snackbar(page)).toHaveAttribute('data-open', 'true');
    await runTimers(page, STORE_NOTICE_MS);
    await expect(snackbar(page)).not.toHaveAttribute('data-open', 'true');
    await expect(snackbar(page).getByRole('status')).toBeEmpty();
  } else {
    // Shown once: the next page says nothing, and keeps the store.
    await page.reload();
    await expect(page.getByTestId('store-notice')).toHaveCount(0);
    await expect(chooser(page).locator('option:checked')).toHaveText(target.name);
  }
});

test('the snackbar is reached by Tab from the chooser, stays while focused, closes on Escape, axe clean', async ({
  page,
}) => {
  const target = choosable('lins')[3];
  await page.clock.install();
  await page.goto(brandUrl('lins', '/posts'));
  await waitForHydration(page);
  // The snackbar's 3 s run on the page's clock, stopped: however long the Tab presses take.
  await pauseClock(page);
  await chooser(page).focus();
  await chooser(page).selectOption(target.storeNumber);
  await expect(notice(page)).toHaveText(nowShoppingAt(target));
  // The live region was in the page before the message (announced politely).
  await expect(snackbar(page).getByRole('status')).toHaveAttribute('aria-live', 'polite');
  await expect(chooser(page)).toBeFocused();

  const close = snackbar(page).getByRole('button', { name: 'Close' });
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    if (await close.evaluate((el) => el === document.activeElement)) break;
  }
  await expect(close).toBeFocused();
  // A visible focus ring on what the keyboard reached.
  expect(await close.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
  // Focused, it never goes: its 3 s and more pass on the page's clock.
  await runTimers(page, STORE_NOTICE_MS + 1000);
  await expect(snackbar(page)).toHaveAttribute('data-open', 'true');
  // axe runs on timers of its own: the clock goes on (the focus still holds the snackbar).
  await page.clock.resume();
  await expectNoSeriousAxeViolations(page);

  await page.keyboard.press('Escape');
  await expect(snackbar(page)).not.toHaveAttribute('data-open', 'true');
  await expect(snackbar(page).getByRole('status')).toBeEmpty();
});

test('on a phone the snackbar spans the bottom of the screen, then goes', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const target = choosable('lins')[1];
  await page.clock.install();
  await page.goto(brandUrl('lins', '/posts'));
  await waitForHydration(page);
  await chooser(page).selectOption(target.storeNumber);
  await expect(notice(page)).toHaveText(nowShoppingAt(target));
  const box = await snackbar(page).boundingBox();
  expect(box?.width).toBe(390);
  expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(844);
  await runTimers(page, STORE_NOTICE_MS);
  await expect(snackbar(page)).not.toHaveAttribute('data-open', 'true');
});

test.describe('a shopper makes a store their home store', () => {
  test('in the header; it survives logout and login @nojs', async ({
    page,
    signInNewShopper,
    browser,
  }) => {
    const js = isJs();
    const who = await signInNewShopper({ site: 'lins', redirectTo: '/posts' });
    // Signed in from a browser that chose nothing: the home store is the saved one.
    const saved = await chooser(page).inputValue();
    const target = choosable('lins').find((s) => s.storeNumber !== saved)!;

    await chooseInHeader(page, target, { makeHome: true });
    await expect(notice(page)).toContainText(nowShoppingAt(target));
    if (js) {
      const toggle = snackbar(page).getByRole('switch', { name: 'Make this my home store' });
      // Turning the switch on saves the store: the result replaces the notice and its switch.
      // (Escape before the result is back still saves; after it, Escape closes the result, so
      // the result is awaited first: the save's speed decided which one this test saw.) A click,
      // not check(): check() then reads the switch, which a fast save has already taken away.
      await expect(toggle).not.toBeChecked();
      await toggle.click();
      await expect(snackbar(page).getByRole('status')).toHaveText(nowHome(target));
      await page.keyboard.press('Escape');
    } else {
      await expect(notice(page)).toContainText(nowHome(target));
    }
    await expect(page.getByRole('switch')).toHaveCount(0);

    await logOut(page);
    await page.goto(brandUrl('lins', '/login?redirectTo=%2Fposts'));
    await submitLogin(page, who.email, who.password);
    await expect(page.getByText(`Hey ${who.firstName}!`).first()).toBeAttached();
    await expect(chooser(page)).toHaveValue(target.storeNumber);

    expect(await homeStoreAtFreshLogin(browser, 'lins', who)).toBe(target.storeNumber);
  });

  test('in the drawer, with a busy switch while the save is pending', async ({
    page,
    signInNewShopper,
    browser,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const who = await signInNewShopper({ site: 'lins', redirectTo: '/posts' });
    const saved = await chooser(page).inputValue();
    const drawer = page.getByTestId('nav-drawer');
    const row = (store: string) => drawer.locator(`li[data-store="${store}"]`);
    const openDrawer = async () => {
      await page.getByTestId('menu-button').click();
      await expect(drawer.getByTestId('store-selector')).toBeVisible();
    };

    // The chosen row is the saved store: its switch is on and locked.
    await openDrawer();
    const savedSwitch = row(saved).getByRole('switch', { name: 'Make this my home store' });
    await expect(savedSwitch).toBeChecked();
    await expect(savedSwitch).toHaveAttribute('aria-disabled', 'true');

    const target = choosable('lins').find((s) => s.storeNumber !== saved)!;
    await row(target.storeNumber)
      .getByRole('button', { name: /Shop here/ })
      .click();
    await expect(notice(page)).toContainText(nowShoppingAt(target));
    await page.keyboard.press('Escape');
    await expect(snackbar(page)).not.toHaveAttribute('data-open', 'true');

    // The save is held until the test has seen the switch busy meanwhile.
    const held = await holdRequests(page, '**/home-store.data');
    await openDrawer();
    const toggle = row(target.storeNumber).getByRole('switch', { name: 'Make this my home store' });
    await expect(toggle).not.toBeChecked();
    await toggle.click();
    await expect(row(target.storeNumber).getByTestId('home-store-save')).toHaveAttribute(
      'aria-busy',
      'true',
    );
    held.release();
    await expect(row(target.storeNumber).getByTestId('home-store-save')).not.toHaveAttribute(
      'aria-busy',
      'true',
    );
    await expect(toggle).toBeChecked();
    await expect(toggle).toHaveAttribute('aria-disabled', 'true');
    await expect(drawer).toBeVisible();
    expect(await homeStoreAtFreshLogin(browser, 'lins', who)).toBe(target.storeNumber);
  });

  test('without JavaScript, in the menu list: a tick beside Shop here saves @nojs-only', async ({
    page,
    signInNewShopper,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInNewShopper({ site: 'lins', redirectTo: '/posts' });
    const saved = await chooser(page).inputValue();
    const list = page.getByTestId('site-nav').getByTestId('store-selector');
    const row = (store: string) => list.locator(`li[data-store="${store}"]`);
    // The chosen row is the saved store: on and locked, nothing to save.
    const savedSwitch = row(saved).getByRole('switch', { name: 'Make this my home store' });
    await expect(savedSwitch).toBeChecked();
    await expect(savedSwitch).toHaveAttribute('aria-disabled', 'true');
    await expect(row(saved).getByRole('button', { name: 'Save' })).toHaveCount(0);

    const target = choosable('lins').find((s) => s.storeNumber !== saved)!;
    await row(target.storeNumber).getByLabel('Make this my home store').check();
    await row(target.storeNumber)
      .getByRole('button', { name: /Shop here/ })
      .click();
    await expect(notice(page)).toContainText(nowShoppingAt(target));
    await expect(notice(page)).toContainText(nowHome(target));
    await expect(row(target.storeNumber).getByRole('switch')).toBeChecked();
  });
});

test.describe('a brand with one location', () => {
  const [only] = choosable('corner');

  /**
   * Posts the choice from a page of the brand, as a store page's form does (the header has no
   * chooser to use here): a plain form, so it works with JavaScript off too.
   */
  async function postChoice(page: Page, fields: Record<string, string> = {}) {
    const all = {
      intent: 'choose-home-store',
      storeNumber: only.storeNumber,
      redirectTo: '/',
      ...fields,
    };
    const inputs = Object.entries(all)
      .map(([name, value]) => `<input type="hidden" name="${name}" value="${value}">`)
      .join('');
    const formPage = brandUrl('corner', '/e2e-home-store-form');
    await page.route(formPage, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><title>Form</title><form method="post" action="/home-store">${inputs}<button>Send</button></form>`,
      }),
    );
    await page.goto(formPage);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page).toHaveURL(brandUrl('corner', '/'));
    await page.unroute(formPage);
  }

  test('shows no chooser; its one store is the home store, already saved @nojs', async ({
    page,
    signInNewShopper,
  }) => {
    expect(choosable('corner')).toHaveLength(1);
    await page.goto(brandUrl('corner', '/'));
    await expect(page.getByTestId('home-store-chooser')).toHaveCount(0);
    await postChoice(page);
    await expect(notice(page)).toContainText(nowShoppingAt(only));

    await signInNewShopper({ site: 'corner', redirectTo: '/posts' });
    await expect(page.getByTestId('home-store-chooser')).toHaveCount(0);
    // The saved store is the one store: nothing to offer, and a tick changes nothing.
    await postChoice(page);
    await expect(notice(page)).toContainText(nowShoppingAt(only));
    await expect(page.getByRole('switch')).toHaveCount(0);
    await postChoice(page, { makeHome: 'on' });
    await expect(notice(page)).toContainText(nowHome(only));
  });
});

test.describe('small screens and forms without JavaScript', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the home store is chosen with a plain form post and kept @nojs-only', async ({ page }) => {
    await page.goto(brandUrl('dans', '/posts'));
    const select = page.getByRole('combobox', { name: /store/i }).first();
    const options = await select.locator('option:not([disabled])').allTextContents();
    await select.selectOption({ label: options[1] });
    await page.getByRole('button', { name: 'Choose' }).first().click();
    await expect(page).toHaveURL(brandUrl('dans', '/posts'));
    await page.reload();
    await expect(select.locator('option:checked')).toHaveText(options[1]);
  });
});
