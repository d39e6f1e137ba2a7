import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../kit/fixtures';
import {
  brandUrl,
  dismissPopups,
  expectNoSeriousAxeViolations,
  PORT,
  pressUnavailable,
  rawRequest,
  serveWithoutScripts,
  waitForHydration,
} from '../kit/support';

/**
 * The e-mail sign-ups (docs/reference/newsletter.md) against the in-process reference mailing list: the footer's sign-up and its
 * dialog on Lin's, the Ace variant on Southend (footer and /ace), the pharmacy dialog, with
 * JavaScript and without. Every address is new to the list (unique per run).
 */

const THANKS = 'Thank you for subscribing!';
const ALREADY = "You're already subscribed to our mailing list.";

let n = 0;
const unique = (name: string) =>
  `${name}.${Date.now()}.${test.info().workerIndex}.${++n}@example.com`;

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

const footerForm = (page: Page) => page.getByTestId('footer-signup-form');

/** The dialog's box once its opening animation is over. */
async function settledBox(page: Page, testId: string) {
  const content = page.getByTestId(testId);
  await expect(content).toBeVisible();
  await page.waitForFunction(
    (id) =>
      document
        .querySelector(`[data-testid="${id}"]`)
        ?.getAnimations()
        .every((a) => a.playState !== 'running') ?? false,
    testId,
  );
  return (await content.boundingBox())!;
}

/** Types an address in the footer and presses Sign Up; the dialog it opens. */
async function openFooterDialog(page: Page, email: string): Promise<Locator> {
  await footerForm(page).getByLabel('E-mail address').fill(email);
  await footerForm(page).getByRole('button', { name: 'Sign Up' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign Up for Email Offers' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('with JavaScript', () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false);

  test('lins: the footer sign-up opens its dialog, subscribes, and knows the address next time', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(brandUrl('lins', '/posts'));
    await waitForHydration(page);
    const email = unique('footer');
    const dialog = await openFooterDialog(page, email);
    const box = await settledBox(page, 'newsletter-dialog-standard');
    expect(box.width).toBeLessThanOrEqual(500);
    expect(box.width).toBeGreaterThan(450);
    // The address came along; focus is in the dialog.
    await expect(dialog.getByLabel('Email')).toHaveValue(email);
    await expect(dialog.getByLabel('Email')).toBeFocused();
    await expectNoSeriousAxeViolations(page);

    const store = dialog.getByLabel('Home Store');
    await expect(store.locator('option')).toHaveText([
      'Select a store',
      "Lin's Cedar City",
      "Lin's St. George",
      "Lin's Hurricane",
      "Lin's Richfield",
      "Lin's Mesquite",
    ]);
    await store.selectOption({ label: "Lin's Hurricane" });
    await dialog.getByLabel('First Name').fill('Ava');
    await dialog.getByLabel('Last Name').fill('Shopper');
    await dialog.getByLabel('Phone').pressSequentially('4355550134');
    await expect(dialog.getByLabel('Phone')).toHaveValue('(435) 555-0134');
    await dialog.getByRole('button', { name: 'Subscribe' }).click();
    await expect(dialog.getByRole('status')).toHaveText(THANKS);
    await expect(dialog.getByRole('button', { name: 'Subscribed!' })).toBeDisabled();

    // Escape closes; focus goes back to Sign Up; the footer's field is cleared.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(footerForm(page).getByRole('button', { name: 'Sign Up' })).toBeFocused();
    await expect(footerForm(page).getByLabel('E-mail address')).toHaveValue('');

    // The same address again: a fresh dialog, and the list knows it.
    const again = await openFooterDialog(page, email.toUpperCase());
    await expect(again.getByRole('status')).toHaveText('');
    await again.getByLabel('Home Store').selectOption({ label: "Lin's Cedar City" });
    await again.getByRole('button', { name: 'Subscribe' }).click();
    await expect(again.getByRole('alert')).toHaveText(ALREADY);
    await expect(again.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
    await again.getByRole('button', { name: 'Close' }).click();
    await expect(again).toBeHidden();
    await expect(footerForm(page).getByLabel('E-mail address')).toHaveValue('');
  });

  test('lins: the dialog starts on the home store; Subscribe is unavailable until the form is valid', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    // Shopping at St. George (what the header's chooser posts).
    await page.goto(brandUrl('lins', '/posts'));
    const status = await page.evaluate(async () => {
      const body = new URLSearchParams({
        intent: 'choose-home-store',
        storeNumber: '0021',
        redirectTo: '/posts',
      });
      return (await fetch('/home-store', { method: 'POST', body, redirect: 'manual' })).type;
    });
    expect(status).toBe('opaqueredirect');
    await page.goto(brandUrl('lins', '/posts'));
    await waitForHydration(page);
    const dialog = await openFooterDialog(page, 'not-an-address');
    await expect(dialog.getByLabel('Home Store')).toHaveValue('0021');
    await dialog.getByLabel('Home Store').selectOption('');
    // Unavailable while the form is invalid (decision 0030), yet a press shows every message.
    await pressUnavailable(dialog.getByRole('button', { name: 'Subscribe' }));
    await expect(dialog.getByText('Please enter a valid email address.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Subscribe' })).toBeDisabled();
    await dialog.getByLabel('Email').fill(unique('fixed'));
    await expect(dialog.getByRole('button', { name: 'Subscribe' })).toBeDisabled();
    await dialog.getByLabel('Home Store').selectOption({ index: 1 });
    await expect(dialog.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
  });

  test('southend: the footer asks for an Ace Location and subscribes to the Ace list', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(brandUrl('southend', '/'));
    await waitForHydration(page);
    const dialog = await openFooterDialog(page, unique('ace-footer'));
    const location = dialog.getByLabel('Ace Location');
    await expect(location.locator('option')).toHaveText([
      'Select a location',
      'Southend Hardware & Garden Sierra Vista',
      'Southend Hardware & Garden Green Valley',
    ]);
    await location.selectOption({ label: 'Southend Hardware & Garden Green Valley' });
    await dialog.getByLabel('Phone').pressSequentially('5205550177');
    await dialog.getByRole('button', { name: 'Subscribe' }).click();
    await expect(dialog.getByRole('status')).toHaveText(THANKS);
  });

  test('southend: /ace hosts the Ace dialog, without the footer sign-up', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(brandUrl('southend', '/ace'));
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Hardware & Garden' })).toBeVisible();
    await expect(footerForm(page)).toHaveCount(0);
    const opener = page.getByRole('button', { name: 'Sign Up for Email Offers' });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Sign Up for Email Offers' });
    await expect(dialog.getByLabel('Ace Location')).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    const email = unique('ace-page');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Ace Location').selectOption({ index: 1 });
    await dialog.getByRole('button', { name: 'Subscribe' }).click();
    await expect(dialog.getByRole('status')).toHaveText(THANKS);
    await page.keyboard.press('Escape');
    await expect(opener).toBeFocused();
    // The Ace list is the same from the footer's sign-up and from /ace.
    await page.goto(brandUrl('southend', '/posts'));
    await waitForHydration(page);
    const footer = await openFooterDialog(page, email);
    await footer.getByLabel('Ace Location').selectOption({ index: 2 });
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await expect(footer.getByRole('alert')).toHaveText(ALREADY);
  });

  test('lins: the pharmacy dialog (450 wide): options, validation, a sign-up', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(brandUrl('lins', '/pharmacy'));
    await waitForHydration(page);
    await expect(footerForm(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Sign Up for Pharmacy Updates' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign Up for Pharmacy Updates' });
    await expect(dialog).toBeVisible();
    const box = await settledBox(page, 'newsletter-dialog-pharmacy');
    expect(box.width).toBeLessThanOrEqual(450);
    expect(box.width).toBeGreaterThan(400);
    await expect(dialog.getByLabel('Store').locator('option')).toHaveText([
      'SELECT STORE',
      "LIN'S FRESH MARKET",
      'DANS',
      'DICKS FRESH MARKET',
      'FRESH MARKET',
      'LINS',
    ]);
    await expect(dialog.getByLabel('Age Range').locator('option')).toHaveText([
      'SELECT',
      'Over 75',
      '70-75',
      '65-70',
      '60-65',
      '55-60',
      '50-55',
      'Under 50',
    ]);
    await expectNoSeriousAxeViolations(page);

    // Validation: Subscribe reads as unavailable until the form is valid, from the start (decision
    // 0030); a press shows the catalogue's messages beside their fields.
    const submit = dialog.getByRole('button', { name: 'Subscribe' });
    await pressUnavailable(submit);
    await expect(dialog.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByText('This field is required.')).toHaveCount(3);
    await expect(submit).toBeDisabled();
    await dialog.getByLabel('Email').fill('ava@');
    await dialog.getByLabel('Email').blur();
    await expect(dialog.getByText('Please enter a valid email address.')).toBeVisible();
    await dialog.getByLabel('Email').fill(unique('rx'));
    await dialog.getByLabel('Store').selectOption('FRESH MARKET');
    await expect(submit).toBeDisabled();
    await dialog.getByLabel('Age Range').selectOption('65-70');
    await expect(submit).toBeEnabled();
    await expect(dialog.getByText('This field is required.')).toHaveCount(0);
    await dialog.getByRole('checkbox').check();
    await submit.click();
    await expect(dialog.getByRole('status')).toHaveText(THANKS);
    await expect(dialog.getByRole('button', { name: 'Subscribed!' })).toBeDisabled();
    await expectNoSeriousAxeViolations(page);
  });

  test('the store parameter pre-selects the pharmacy store (dashes to spaces, words capitalised)', async ({
    page,
  }) => {
    await page.goto(brandUrl('dans', '/pharmacy?store=dicks-fresh-market'));
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Sign Up for Pharmacy Updates' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign Up for Pharmacy Updates' });
    await expect(dialog.getByLabel('Store')).toHaveValue('DICKS FRESH MARKET');
    await page.keyboard.press('Escape');
    // The path form of the parameter.
    await page.goto(brandUrl('dans', '/pharmacy/fresh-market'));
    await waitForHydration(page);
    await expect(footerForm(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Sign Up for Pharmacy Updates' }).click();
    await expect(dialog.getByLabel('Store')).toHaveValue('FRESH MARKET');
  });

  test('a phone-sized screen: the dialogs take the whole width', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(brandUrl('lins', '/posts'));
    await waitForHydration(page);
    await footerForm(page).scrollIntoViewIfNeeded();
    const dialog = await openFooterDialog(page, unique('phone'));
    const box = await settledBox(page, 'newsletter-dialog-standard');
    expect(box.x).toBeLessThanOrEqual(1);
    expect(box.width).toBeGreaterThanOrEqual(373);
    // Taller than the screen: the dialog scrolls to its button.
    const submit = dialog.getByRole('button', { name: 'Subscribe' });
    await submit.scrollIntoViewIfNeeded();
    await expect(submit).toBeInViewport();
    await page.keyboard.press('Escape');

    await page.goto(brandUrl('lins', '/pharmacy'));
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Sign Up for Pharmacy Updates' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    const rx = await settledBox(page, 'newsletter-dialog-pharmacy');
    expect(rx.width).toBeGreaterThanOrEqual(373);
  });

  test("caching: the store parameter is part of a cached page; a post's answer is never stored", async () => {
    const HOST = `lins.localhost:${PORT}`;
    // Asked twice each, one after the other: a shared cache keyed without the query would answer
    // the second address with the first one's page.
    for (const [query, selected] of [
      ['fresh-market', 'FRESH+MARKET'],
      ['dans', 'DANS'],
      ['fresh-market', 'FRESH+MARKET'],
      ['dans', 'DANS'],
    ]) {
      const res = await rawRequest({ host: HOST, path: `/pharmacy?store=${query}` });
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toMatch(/^public, max-age=0, s-maxage=\d+$/);
      expect(res.body).toContain(`href="/newsletter/pharmacy?store=${selected}"`);
    }
    const body = new URLSearchParams({ intent: 'start', email: unique('cache') }).toString();
    const post = await rawRequest({
      host: HOST,
      path: '/newsletter',
      method: 'POST',
      headers: {
        origin: `http://${HOST}`,
        'content-type': 'application/x-www-form-urlencoded',
        'content-length': String(body.length),
      },
      body,
    });
    expect(post.status).toBe(200);
    expect(post.headers['cache-control']).toBe('private, no-store');
    const subscribe = new URLSearchParams({ intent: 'subscribe', email: 'x' }).toString();
    const failed = await rawRequest({
      host: HOST,
      path: '/newsletter/pharmacy',
      method: 'POST',
      headers: {
        origin: `http://${HOST}`,
        'content-type': 'application/x-www-form-urlencoded',
        'content-length': String(subscribe.length),
      },
      body: subscribe,
    });
    expect(failed.status).toBe(400);
    expect(failed.headers['cache-control']).toBe('private, no-store');
  });

  test('the footer sign-up is hidden on the listed pages, shown elsewhere', async ({ page }) => {
    for (const path of ['/pharmacy', '/privacy', '/customer-service', '/newsletter']) {
      await page.goto(brandUrl('lins', path));
      await expect(footerForm(page), path).toHaveCount(0);
    }
    await page.goto(brandUrl('lins', '/jobs'));
    await expect(footerForm(page)).toHaveCount(1);
  });

  test('the sign-up pages as served without scripts: no serious axe violation', async ({
    page,
  }) => {
    await serveWithoutScripts(page);
    for (const [site, path] of [
      ['lins', '/newsletter'],
      ['lins', '/newsletter/pharmacy'],
      ['southend', '/newsletter/ace'],
    ]) {
      await page.goto(brandUrl(site, path));
      await expect(page.getByRole('main').getByRole('button', { name: 'Subscribe' })).toBeVisible();
      await expectNoSeriousAxeViolations(page);
    }
  });
});

test.describe('without JavaScript', () => {
  test('lins: the footer posts the address to the sign-up page; its form subscribes there @nojs-only', async ({
    page,
  }) => {
    await page.goto(brandUrl('lins', '/posts'));
    const email = unique('nojs');
    await footerForm(page).getByLabel('E-mail address').fill(email);
    await footerForm(page).getByRole('button', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL(brandUrl('lins', '/newsletter'));
    const main = page.getByRole('main');
    await expect(
      main.getByRole('heading', { level: 1, name: 'Sign Up for Email Offers' }),
    ).toBeVisible();
    await expect(main.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(email);

    // The server validates first: the store is required.
    await main.getByRole('button', { name: 'Subscribe' }).click();
    await expect(main.getByText('This field is required.')).toBeVisible();
    await expect(main.getByLabel('Home Store')).toHaveAttribute('aria-invalid', 'true');

    await main.getByLabel('Home Store').selectOption({ label: "Lin's Richfield" });
    await main.getByLabel('Phone').fill('435-555-0145');
    await main.getByRole('button', { name: 'Subscribe' }).click();
    await expect(main.getByRole('status')).toHaveText(THANKS);
    await expect(main.getByRole('button', { name: 'Subscribed!' })).toBeDisabled();

    // The sign-up page has no second sign-up in its footer. Again from another page's footer:
    // already subscribed.
    await expect(footerForm(page)).toHaveCount(0);
    await page.goto(brandUrl('lins', '/posts'));
    await footerForm(page).getByLabel('E-mail address').fill(email);
    await footerForm(page).getByRole('button', { name: 'Sign Up' }).click();
    await expect(main.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(email);
    await main.getByLabel('Home Store').selectOption({ label: "Lin's Richfield" });
    await main.getByRole('button', { name: 'Subscribe' }).click();
    await expect(main.getByRole('alert')).toHaveText(ALREADY);
  });

  test('lins: /pharmacy links to the pharmacy form with its store; it validates and subscribes @nojs-only', async ({
    page,
  }) => {
    await page.goto(brandUrl('lins', '/pharmacy?store=fresh-market'));
    await expect(footerForm(page)).toHaveCount(0);
    await page.getByRole('link', { name: 'Sign Up for Pharmacy Updates' }).click();
    await expect(page).toHaveURL(brandUrl('lins', '/newsletter/pharmacy?store=FRESH+MARKET'));
    const main = page.getByRole('main');
    await expect(main.getByLabel('Store')).toHaveValue('FRESH MARKET');
    await main.getByRole('textbox', { name: 'Email', exact: true }).fill('not-an-address');
    await main.getByRole('button', { name: 'Subscribe' }).click();
    await expect(main.getByText('Please enter a valid email address.')).toBeVisible();
    await expect(main.getByText('This field is required.')).toBeVisible();
    await main.getByRole('textbox', { name: 'Email', exact: true }).fill(unique('rx-nojs'));
    await main.getByLabel('Age Range').selectOption('Under 50');
    await main.getByRole('button', { name: 'Subscribe' }).click();
    await expect(main.getByRole('status')).toHaveText(THANKS);
  });

  test('southend: the footer and /ace go to the Ace form @nojs-only', async ({ page }) => {
    await page.goto(brandUrl('southend', '/'));
    const email = unique('ace-nojs');
    await footerForm(page).getByLabel('E-mail address').fill(email);
    await footerForm(page).getByRole('button', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL(brandUrl('southend', '/newsletter/ace'));
    const main = page.getByRole('main');
    await main.getByLabel('Ace Location').selectOption({ index: 1 });
    await main.getByRole('button', { name: 'Subscribe' }).click();
    await expect(main.getByRole('status')).toHaveText(THANKS);

    await page.goto(brandUrl('southend', '/ace'));
    await expect(footerForm(page)).toHaveCount(0);
    await page.getByRole('link', { name: 'Sign Up for Email Offers' }).click();
    await expect(page).toHaveURL(brandUrl('southend', '/newsletter/ace'));
    await main.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await main.getByLabel('Ace Location').selectOption({ index: 2 });
    await main.getByRole('button', { name: 'Subscribe' }).click();
    await expect(main.getByRole('alert')).toHaveText(ALREADY);
  });
});

// The pharmacy page form, with JavaScript and without (both projects).
for (const [size, viewport] of [
  ['phone', { width: 412, height: 823 }],
  ['desktop', { width: 1366, height: 900 }],
] as const) {
  test(`southend (${size}): the pharmacy form offers the brand's own stores, no other chain @nojs`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto(brandUrl('southend', '/newsletter/pharmacy'));
    const main = page.getByRole('main');
    const options = await main.getByLabel('Store').locator('option').allTextContents();
    expect(options[0]).toBe('SELECT STORE');
    expect(options.length).toBeGreaterThan(2);
    expect(options.some((o) => o.startsWith('Southend'))).toBe(true);
    for (const other of ['DANS', 'DICKS FRESH MARKET', 'FRESH MARKET', 'LINS']) {
      expect(options).not.toContain(other);
    }
    await main.getByRole('textbox', { name: 'Email', exact: true }).fill(unique('rx-own'));
    await main.getByLabel('Store').selectOption({ index: 1 });
    await main.getByLabel('Age Range').selectOption('Under 50');
    await main.getByRole('button', { name: 'Subscribe' }).click();
    await expect(main.getByRole('status')).toHaveText(THANKS);
  });
}
