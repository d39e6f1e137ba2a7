import { type Locator, type Page } from '@playwright/test';
import { AVA, BEN } from '../../test/demo';
import { expect, submitLogin, test } from '../kit/fixtures';
import {
  brandUrl,
  dismissPopups,
  expectNoSeriousAxeViolations,
  waitForHydration,
} from '../kit/support';

/**
 * The digital coupons page /digital-coupons (docs/reference/
 * coupons.md), as a guest and as a shopper, with JavaScript and without. Guests only read. A test that
 * clips clips for a shopper of its own (on dicks with JavaScript, corner without); the redeemed
 * tab reads the demo shoppers' seeded history.
 */

test.beforeEach(async ({ page }) => {
  await dismissPopups(page);
});

const COUPONS = '/digital-coupons';
const NO_RESULTS = 'Sorry, no results were found.';

const isJs = () => test.info().project.name === 'js';
/** The brand a shopper clips on in this project. */
const clipSite = () => (isJs() ? 'dicks' : 'corner');

const cards = (page: Page) => page.getByTestId('coupon-card');
const filters = (page: Page) => page.getByRole('search', { name: 'Filter coupons' });
const summary = (page: Page) => page.getByText(/^Showing \d+ of \d+ coupons?$/);
const tabLink = (page: Page, name: RegExp) =>
  page.getByRole('navigation', { name: 'Coupon lists' }).getByRole('link', { name });

async function shownOf(page: Page): Promise<{ shown: number; total: number }> {
  const text = (await summary(page).textContent()) ?? '';
  const m = /^Showing (\d+) of (\d+) coupons?$/.exec(text.trim());
  expect(m, `summary "${text}"`).not.toBeNull();
  return { shown: Number(m![1]), total: Number(m![2]) };
}

async function tabCount(page: Page, name: string): Promise<number> {
  const text = (await tabLink(page, new RegExp(`^${name} \\(\\d+\\)$`)).textContent()) ?? '';
  return Number(/\((\d+)\)$/.exec(text)![1]);
}

async function goto(page: Page, site: string, path = COUPONS) {
  await page.goto(brandUrl(site, path));
  if (isJs()) await waitForHydration(page);
}

/** Applies the filter form: with JavaScript a select applies by itself, without it Apply does. */
async function choose(page: Page, label: string, option: string | { index: number }) {
  const select = filters(page).getByLabel(label);
  await select.selectOption(option);
  if (!isJs()) await filters(page).getByRole('button', { name: 'Apply' }).click();
}

/** Waits until the page's address has this query parameter value. */
async function expectParam(page: Page, key: string, value: string) {
  await expect.poll(() => new URL(page.url()).searchParams.get(key)).toBe(value);
}

/** A card's value, read from its summary ('Save $1.50 on …', '55¢ off …'). */
function valueOf(text: string): number {
  const dollars = /\$(\d+(?:\.\d{2})?)/.exec(text);
  if (dollars) return Number(dollars[1]);
  const cents = /(\d+)¢/.exec(text);
  expect(cents, `a value in "${text}"`).not.toBeNull();
  return Number(cents![1]) / 100;
}

async function cardValues(page: Page): Promise<number[]> {
  const texts = await cards(page).locator('a[id^="coupon-"]').allTextContents();
  return texts.map(valueOf);
}

/** The card whose summary link has this offer id. */
const cardOf = (page: Page, offerId: string) =>
  page.locator(`article[aria-labelledby="coupon-${offerId}"]`);

async function offerIdOf(card: Locator): Promise<string> {
  const labelledBy = (await card.getAttribute('aria-labelledby')) ?? '';
  return labelledBy.replace('coupon-', '');
}

// ---------------------------------------------------------------------------------------------
// Guests

for (const site of ['lins', 'southend']) {
  test(`a guest filters, sorts and searches the coupons of ${site} @nojs`, async ({ page }) => {
    await goto(page, site);
    await expect(page.getByRole('heading', { level: 1, name: 'Digital Coupons' })).toBeVisible();
    await expect(cards(page)).toHaveCount(48);
    const { total } = await shownOf(page);
    expect(total).toBeGreaterThan(96);
    await expect(summary(page)).toHaveText(`Showing 48 of ${total} coupons`);
    await expect(tabLink(page, /^Browse Digital Coupons/)).toHaveText(
      `Browse Digital Coupons (${total})`,
    );
    await expect(tabLink(page, /^My Digital Coupons/)).toHaveCount(0);
    await expect(
      cards(page)
        .first()
        .getByRole('link', { name: /^Log In to Clip/ }),
    ).toBeVisible();

    // A category: its option says how many coupons it has.
    const option = filters(page).getByLabel('Category').locator('option').nth(1);
    const optionText = (await option.textContent()) ?? '';
    const [, category, count] = /^(.*) \((\d+)\)$/.exec(optionText)!;
    await choose(page, 'Category', { index: 1 });
    await expectParam(page, 'category', category);
    const inCategory = Number(count);
    await expect(summary(page)).toHaveText(
      `Showing ${Math.min(48, inCategory)} of ${inCategory} ${inCategory === 1 ? 'coupon' : 'coupons'}`,
    );
    await expect(filters(page).getByLabel('Category')).toHaveValue(category);

    // Value: the highest first (the category is kept).
    await choose(page, 'Sort by', 'value');
    await expectParam(page, 'sort', 'value');
    await expectParam(page, 'category', category);
    await expect(filters(page).getByLabel('Sort by')).toHaveValue('value');
    const values = await cardValues(page);
    expect(values.length).toBe(Math.min(48, inCategory));
    expect(values).toEqual([...values].sort((a, b) => b - a));

    // Search: a word of the first coupon's brand, across every category.
    await goto(page, site);
    const word = ((await cards(page).first().locator('p').first().textContent()) ?? '').split(
      ' ',
    )[0];
    expect(word.length).toBeGreaterThan(2);
    const search = filters(page).getByLabel('Search coupons');
    await search.fill(word);
    if (!isJs()) await search.press('Enter');
    await expectParam(page, 'q', word);
    await expect(search).toHaveValue(word);
    await expect(summary(page)).not.toHaveText(`Showing 48 of ${total} coupons`);
    const found = await shownOf(page);
    expect(found.total).toBeGreaterThan(0);
    expect(found.total).toBeLessThan(total);
  });
}

test('a guest shows more coupons and sees the no-results message @nojs', async ({ page }) => {
  await goto(page, 'lins');
  const { total } = await shownOf(page);
  const more = page.getByRole('link', { name: 'Show More' });
  // The link lands on the first new card, with or without JavaScript (not at the page's top).
  await expect(more).toHaveAttribute('href', /[?&]show=144#card-49$/);
  await more.click();
  // Show More adds up to 96.
  const shown = Math.min(48 + 96, total);
  await expect(cards(page)).toHaveCount(shown);
  await expect(summary(page)).toHaveText(`Showing ${shown} of ${total} coupons`);
  await expectParam(page, 'show', String(shown));
  await expect(page).toHaveURL(/#card-49$/);
  await expect
    .poll(() => page.locator('#card-49').evaluate((el) => el.getBoundingClientRect().top))
    .toBeLessThan(150);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  // Expiry lines in the shopper's words: never '1 days left!' or '0 days left!'.
  const lines = await page.locator('main li').allTextContents();
  expect(lines.join('\n')).not.toMatch(/\b[01] days left!/);

  // A new search resets the count shown.
  const search = filters(page).getByLabel('Search coupons');
  await search.fill('zzqx nothing like this');
  if (!isJs()) await search.press('Enter');
  await expect(page.getByText(NO_RESULTS)).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Show More' })).toHaveCount(0);
  expect(page.url()).not.toContain('show=');
});

test('a guest who clips is asked to log in, and comes back @nojs', async ({ page, newShopper }) => {
  const shopper = await newShopper({ site: 'fresh-market' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await goto(page, 'fresh-market');
  const clip = cards(page)
    .first()
    .getByRole('link', { name: /^Log In to Clip/ });
  await clip.click();
  if (isJs()) {
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('You must log in to clip coupons.')).toBeVisible();
    expect(page.url()).toBe(brandUrl('fresh-market', COUPONS));
    await dialog.getByLabel('Email').fill(shopper.email);
    await dialog.locator('input[name="password"]').fill(shopper.password);
    await dialog.getByRole('button', { name: 'Login' }).click();
  } else {
    await expect(page).toHaveURL(
      brandUrl('fresh-market', `/login?reason=clip&redirectTo=${encodeURIComponent(COUPONS)}`),
    );
    await expect(page.getByText('You must log in to clip coupons.')).toBeVisible();
    await submitLogin(page, shopper.email, shopper.password);
  }
  await expect(page).toHaveURL(brandUrl('fresh-market', COUPONS));
  await expect(page.getByText(`Hey ${shopper.firstName}!`).first()).toBeAttached();
  await expect(
    cards(page)
      .first()
      .getByRole('button', { name: /^Clip for / }),
  ).toBeVisible();
  await expect(tabLink(page, /^My Digital Coupons \(\d+\)$/)).toBeVisible();
});

// ---------------------------------------------------------------------------------------------
// Shoppers

test.describe('a shopper clips', () => {
  test('one coupon: Clipped at once, then under My Digital Coupons only @nojs', async ({
    page,
    signInNewShopper,
  }) => {
    const site = clipSite();
    await signInNewShopper({ site, redirectTo: COUPONS });
    const clippedBefore = await tabCount(page, 'My Digital Coupons');
    const availableBefore = await tabCount(page, 'Browse Digital Coupons');
    const card = cards(page).filter({ has: page.getByRole('button', { name: /^Clip for / }) });
    const first = card.first();
    const offerId = await offerIdOf(first);
    const brand = (await first.locator('p').first().textContent()) ?? '';
    await first.getByRole('button', { name: /^Clip for / }).click();
    if (isJs()) {
      // The fetcher shows the answer at once, on the same page.
      await expect(cardOf(page, offerId).getByRole('button', { name: 'Clipped' })).toBeDisabled();
      expect(page.url()).toBe(brandUrl(site, COUPONS));
    } else {
      // The post comes back to the same view at the card, kept in place there with a status
      // (the coupon has left the available list: gone on the next load).
      await expect(page).toHaveURL(brandUrl(site, `${COUPONS}#coupon-${offerId}`));
      await expect(cardOf(page, offerId).getByRole('status')).toHaveText(`Clipped: ${brand}`);
      await expect(cardOf(page, offerId).getByRole('button', { name: 'Clipped' })).toBeDisabled();
    }
    await expect(tabLink(page, /^My Digital Coupons/)).toHaveText(
      `My Digital Coupons (${clippedBefore + 1})`,
    );
    await expect(tabLink(page, /^Browse Digital Coupons/)).toHaveText(
      `Browse Digital Coupons (${availableBefore - 1})`,
    );

    await tabLink(page, /^My Digital Coupons/).click();
    await expect(page).toHaveURL(brandUrl(site, `${COUPONS}?tab=clipped`));
    await expect(cardOf(page, offerId).getByRole('button', { name: 'Clipped' })).toBeDisabled();
    await page.reload();
    await expect(cardOf(page, offerId).getByRole('button', { name: 'Clipped' })).toBeDisabled();

    // Every available coupon of that brand: the clipped one is not among them.
    await goto(page, site, `${COUPONS}?brand=${encodeURIComponent(brand)}&show=1000`);
    await expect(summary(page)).toBeVisible();
    await expect(cardOf(page, offerId)).toHaveCount(0);
  });

  test('all coupons of a category, once @nojs', async ({ page, signInNewShopper }) => {
    const site = clipSite();
    await signInNewShopper({ site, redirectTo: COUPONS });
    // The last category; its option counts what is left to clip.
    const options = filters(page).getByLabel('Category').locator('option');
    const last = (await options.count()) - 1;
    const [, category, count] = /^(.*) \((\d+)\)$/.exec(
      (await options.nth(last).textContent()) ?? '',
    )!;
    await choose(page, 'Category', { index: last });
    await expectParam(page, 'category', category);
    await expect(filters(page).getByLabel('Category')).toHaveValue(category);
    await expect(summary(page)).toHaveText(new RegExp(` of ${count} coupons?$`));
    const n = Number(count);
    expect(n).toBeGreaterThan(0);
    const clippedBefore = await tabCount(page, 'My Digital Coupons');

    await page
      .getByRole('button', { name: `Clip all ${n} ${n === 1 ? 'coupon' : 'coupons'}` })
      .click();
    await expect(page.getByText(`${n} ${n === 1 ? 'coupon' : 'coupons'} clipped.`)).toBeVisible();
    await expectParam(page, 'tab', 'clipped');
    await expectParam(page, 'category', category);
    await expect(tabLink(page, /^My Digital Coupons/)).toHaveText(
      `My Digital Coupons (${clippedBefore + n})`,
    );
    await expect(tabLink(page, /^My Digital Coupons/)).toHaveAttribute('aria-current', 'page');
    expect((await shownOf(page)).total).toBeGreaterThanOrEqual(n);

    // The same filter on Browse: nothing left, so nothing to clip.
    await goto(page, site, `${COUPONS}?category=${encodeURIComponent(category)}`);
    await expect(page.getByText(NO_RESULTS)).toBeVisible();
    await expect(page.getByRole('button', { name: /^Clip all/ })).toHaveCount(0);
    await expect(tabLink(page, /^My Digital Coupons/)).toHaveText(
      `My Digital Coupons (${clippedBefore + n})`,
    );
  });
});

test('the redeemed tab: table, totals, and a stacked list on small screens @nojs', async ({
  page,
  signIn,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const site = isJs() ? 'southend' : 'dans';
  await signIn({ site, shopper: BEN, redirectTo: `${COUPONS}?tab=redeemed` });
  const redeemed = await tabCount(page, 'My Redeemed Coupons');
  expect(redeemed).toBeGreaterThan(0);
  await expect(tabLink(page, /^My Redeemed Coupons/)).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText(`${redeemed} redeemed coupons`)).toBeVisible();

  const table = page.getByTestId('redeemed-table');
  await expect(table).toBeVisible();
  await expect(table.getByRole('columnheader')).toHaveText([
    /^Coupon Name/,
    /^Category Name/,
    /^Times Redeemed/,
    /^Last Redeemed/,
    /^Offer Value/,
  ]);
  await expect(table.getByRole('columnheader', { name: /Last Redeemed/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expect(table.locator('tbody tr')).toHaveCount(redeemed);
  const dates = (await table.locator('tbody tr td:nth-child(4)').allTextContents()).map((d) =>
    Date.parse(d),
  );
  expect(dates.every(Number.isFinite)).toBe(true);
  for (let k = 1; k < dates.length; k += 1) expect(dates[k]).toBeLessThanOrEqual(dates[k - 1]);

  const totals = page.getByTestId('coupon-totals');
  await expect(totals.getByText('Clipped value')).toBeVisible();
  await expect(totals.getByText('Redeemed value')).toBeVisible();
  await expect(totals.locator('dd')).toHaveText([/^\$\d[\d,]*\.\d{2}$/, /^\$\d[\d,]*\.\d{2}$/]);

  // A header sorts by its column (a link, so without JavaScript too).
  await table.getByRole('link', { name: /^Offer Value/ }).click();
  await expect(page).toHaveURL(/rsort=offerValue&rdir=desc/);
  await expect(table.getByRole('columnheader', { name: /Offer Value/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  );

  await page.setViewportSize({ width: 600, height: 900 });
  await expect(page.getByTestId('redeemed-list')).toBeVisible();
  await expect(table).toBeHidden();
  await expect(page.getByTestId('redeemed-list').getByRole('listitem')).toHaveCount(redeemed);
});

// ---------------------------------------------------------------------------------------------
// Details

test('a card opens the details dialog; Escape closes it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await goto(page, 'lins');
  const card = cards(page).nth(2);
  const link = card.locator('a[id^="coupon-"]');
  const title = ((await link.textContent()) ?? '').trim();
  await link.click();
  const dialog = page.getByTestId('coupon-dialog');
  await expect(dialog).toBeVisible();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page).toHaveURL(/offerCode=DC\d+/);
  await expect(dialog.getByRole('heading', { name: title })).toBeVisible();
  await expect(dialog.getByText(/^(Save \S+ when you buy any|Take \S+ off one) /)).toBeVisible();
  await expect(dialog.getByText(/^Must be clipped to your/)).toBeVisible();
  await expect(dialog.getByRole('link', { name: /^Log In to Clip/ })).toBeVisible();
  const box = (await dialog.boundingBox())!;
  expect(box.width).toBeLessThanOrEqual(700);
  await expectNoSeriousAxeViolations(page);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/offerCode=/);
  expect(new URL(page.url()).pathname).toBe(COUPONS);
});

test('?offerCode= opens the details without JavaScript @nojs-only', async ({ page }) => {
  await goto(page, 'lins');
  const link = cards(page).first().locator('a[id^="coupon-"]');
  const title = ((await link.textContent()) ?? '').trim();
  const href = (await link.getAttribute('href')) ?? '';
  const code = new URLSearchParams(href.split('?')[1] ?? '').get('offerCode');
  expect(code).toMatch(/^DC\d+$/);

  await page.goto(brandUrl('lins', `${COUPONS}?offerCode=${code}`));
  const section = page.getByRole('region', { name: title });
  await expect(section).toBeVisible();
  await expect(section.getByText(/^Must be clipped to your/)).toBeVisible();
  await expect(cards(page)).toHaveCount(48);
  await section.getByRole('link', { name: 'Close details' }).click();
  await expect(page).toHaveURL(brandUrl('lins', COUPONS));
  await expect(page.getByRole('link', { name: 'Close details' })).toHaveCount(0);
});

// ---------------------------------------------------------------------------------------------
// Accessibility, logging out

test('the coupons page has no serious axe violation, as a guest and as a shopper', async ({
  page,
  signIn,
}) => {
  // Three axe checks of a page of 48 cards and a login: measured 10–15 s with other suites
  // sharing the 2 cores, and once past the default 30 s on a busier machine.
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await goto(page, 'harvest');
  await expect(cards(page)).toHaveCount(48);
  await expectNoSeriousAxeViolations(page);

  await signIn({ site: 'harvest', shopper: AVA, redirectTo: COUPONS });
  await expect(cards(page)).toHaveCount(48);
  await expectNoSeriousAxeViolations(page);
  await tabLink(page, /^My Redeemed Coupons/).click();
  await expect(page.getByTestId('redeemed-table')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});

test('logging out returns the coupons page to the Browse tab @nojs', async ({
  page,
  signInNewShopper,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const site = 'fresh-market';
  const shopper = await signInNewShopper({ site, redirectTo: `${COUPONS}?tab=clipped` });
  await expect(tabLink(page, /^My Digital Coupons/)).toHaveAttribute('aria-current', 'page');

  const bar = page.getByTestId('app-bar');
  await bar.getByText(`Hey ${shopper.firstName}!`).click();
  await bar.getByRole('button', { name: 'Log Out' }).click();
  await expect(page.getByRole('link', { name: 'Log In' }).first()).toBeVisible();

  await goto(page, site, `${COUPONS}?tab=clipped`);
  await expect(tabLink(page, /^Browse Digital Coupons/)).toHaveAttribute('aria-current', 'page');
  await expect(tabLink(page, /^My Digital Coupons/)).toHaveCount(0);
  await expect(tabLink(page, /^My Redeemed Coupons/)).toHaveCount(0);
  await expect(
    cards(page)
      .first()
      .getByRole('link', { name: /^Log In to Clip/ }),
  ).toBeVisible();
});

test('the home page previews up to 15 coupons and the help page explains them @nojs', async ({
  page,
}) => {
  await page.goto(brandUrl('corner', '/'));
  const preview = page.getByRole('region', { name: 'Digital Coupons' });
  const count = await preview.getByTestId('coupon-card').count();
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThanOrEqual(15);
  await preview.getByRole('link', { name: 'See all digital coupons' }).click();
  await expect(page).toHaveURL(brandUrl('corner', COUPONS));
  await page.getByRole('link', { name: 'How digital coupons work' }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('How Digital Coupons Work');
});

test('scrolling shows the help alert, then Scroll to Top', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await goto(page, 'corner');
  await waitForHydration(page);
  // The cookie notice sits at the bottom of the window, over both until it is answered.
  await page.getByRole('button', { name: 'Got it' }).click();
  await expect(page.getByTestId('coupon-help-alert')).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 500));
  await expect(page.getByTestId('coupon-help-alert')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Scroll to Top' })).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 1200));
  await page.getByRole('button', { name: 'Scroll to Top' }).click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(50);
});
