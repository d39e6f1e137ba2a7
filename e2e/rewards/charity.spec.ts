import type { Page } from '@playwright/test';
import { expect, submitLogin, test } from '../kit/fixtures';
import {
  brandUrl,
  dismissPopups,
  expectNoSeriousAxeViolations,
  serveWithoutScripts,
  waitForHydration,
} from '../kit/support';

/**
 * The charity page /rewards/charity (docs/reference/
 * rewards.md: 'Your charity has been updated.'), with JavaScript and without, both variants
 * (tenant rewards.charityPicker): the grouped list on dicks and southend, the school search on
 * harvest and dans. Every test signs in a shopper of its own (a new shopper has chosen no
 * charity yet).
 */

test.beforeEach(async ({ page }) => {
  await dismissPopups(page);
});

const PATH = '/rewards/charity';
const UPDATED = 'Your charity has been updated.';

const isJs = () => test.info().project.name === 'js';

type Variant = 'grouped' | 'schools';

/** The brand of each variant, by project. */
const SITES = {
  js: { grouped: 'dicks', schools: 'harvest' },
  'no-js': { grouped: 'southend', schools: 'dans' },
} as const;

const siteOf = (variant: Variant) => SITES[isJs() ? 'js' : 'no-js'][variant];

const heading = (variant: Variant) =>
  variant === 'schools' ? 'Choose Your School or Cause' : 'Choose Your Charity';

const current = (page: Page) => page.getByTestId('current-charity');
/** The school search's own button (the header has a site search too). */
const searchButton = (page: Page) =>
  page
    .getByRole('search', { name: 'Search schools and causes' })
    .getByRole('button', { name: 'Search' });
const radios = (page: Page) => page.locator('input[type="radio"][name="charityId"]');

/** The shown name of the charity whose radio this is. */
async function nameOf(page: Page, radio: ReturnType<Page['locator']>) {
  const id = await radio.getAttribute('id');
  return (await page.locator(`label[for="${id}"] > span`).first().textContent())!.trim();
}

/** The notice after a post: the snackbar with JavaScript, a status message on the page without. */
function notice(page: Page) {
  return isJs()
    ? page.getByTestId('charity-snackbar').getByRole('status')
    : page.locator('[data-form-alert]');
}

for (const variant of ['grouped', 'schools'] as const) {
  test(`${variant}: changes the charity and sees it after a reload, axe clean @nojs`, async ({
    page,
    signInNewShopper,
  }) => {
    // A login, two posts, a reload and up to three axe checks on the shared machine.
    test.setTimeout(90_000);
    const js = isJs();
    const site = siteOf(variant);
    await signInNewShopper({ site, redirectTo: PATH });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading(variant));
    await expect(current(page)).toHaveText(/^You support .+\.$|^You have not chosen/);
    if (js) await expectNoSeriousAxeViolations(page);

    if (variant === 'grouped') {
      // A fieldset with a legend per group (the seed has 8).
      await expect(page.locator('#charity').getByRole('group')).toHaveCount(8);
    } else {
      await expect(page.getByRole('group', { name: 'Schools and causes' })).toBeVisible();
      await expect(page.getByRole('search', { name: 'Search schools and causes' })).toBeVisible();
    }

    // A charity other than the current one (in the school list: one the search finds).
    if (variant === 'schools') {
      await page.getByLabel('Name, district or ZIP code').fill('elementary');
      if (!js) await searchButton(page).click();
      await expect(page.getByTestId('school-count')).toHaveText(/\d+ matches for “elementary”\./);
    }
    const choice = radios(page).locator('visible=true').and(page.locator(':not(:checked)')).nth(1);
    const name = await nameOf(page, choice);
    await choice.check();
    await page.getByRole('button', { name: /^Save My (Charity|Choice)$/ }).click();

    await expect(notice(page)).toHaveText(UPDATED);
    await expect(current(page)).toHaveText(`You support ${name}.`);
    await expect(page).toHaveURL(brandUrl(site, PATH));
    if (js) await expectNoSeriousAxeViolations(page);

    // After a reload: the new charity, checked; the notice was shown once.
    await page.reload();
    if (js) await waitForHydration(page);
    await expect(current(page)).toHaveText(`You support ${name}.`);
    await expect(page.locator('input[name="charityId"]:checked')).toHaveCount(1);
    expect(await nameOf(page, page.locator('input[name="charityId"]:checked'))).toBe(name);
    await expect(page.getByText(UPDATED)).toHaveCount(0);

    // The same one again: nothing to change, and the page says so.
    await page.getByRole('button', { name: /^Save My (Charity|Choice)$/ }).click();
    await expect(notice(page)).toHaveText(`${name} is already your charity.`);
    if (js) {
      // Escape closes the snackbar; its live region stays, empty, for the next message.
      const snackbar = page.getByTestId('charity-snackbar');
      await expect(snackbar).toHaveAttribute('data-open', 'true');
      await page.keyboard.press('Escape');
      await expect(snackbar).not.toHaveAttribute('data-open');
      await expect(notice(page)).toHaveText('');
    }

    if (js) {
      // The page as a browser without JavaScript gets it.
      await serveWithoutScripts(page);
      await page.goto(brandUrl(site, variant === 'schools' ? `${PATH}?q=84` : PATH));
      await expect(current(page)).toHaveText(`You support ${name}.`);
      await expectNoSeriousAxeViolations(page);
      await page.unrouteAll();
    }
  });
}

test('the school search finds by name, district and ZIP; a plain GET form without JavaScript @nojs', async ({
  page,
  signInNewShopper,
}) => {
  test.setTimeout(60_000);
  const js = isJs();
  const site = siteOf('schools');
  await signInNewShopper({ site, redirectTo: PATH });
  const box = page.getByLabel('Name, district or ZIP code');
  const count = page.getByTestId('school-count');
  const shown = radios(page).locator('visible=true');
  // With JavaScript the list follows the box: typing asks the server for nothing.
  const asked: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith(PATH)) asked.push(request.url());
  });
  const total = await radios(page).count();
  expect(total).toBe(43);
  await expect(shown).toHaveCount(total);

  const search = async (q: string) => {
    await box.fill(q);
    if (!js) {
      await searchButton(page).click();
      await expect(page).toHaveURL(
        brandUrl(site, `${PATH}?q=${encodeURIComponent(q).replace(/%20/g, '+')}`),
      );
    }
  };

  // By name, any case, accents aside.
  await search('CÓTTONWOOD');
  await expect(count).toHaveText('1 match for “CÓTTONWOOD”.');
  await expect(shown).toHaveCount(1);
  expect(await nameOf(page, shown.first())).toBe('Cottonwood Elementary');

  // By district (the seed's charityDescription): six schools.
  await search('juniper valley district');
  await expect(count).toHaveText('6 matches for “juniper valley district”.');
  await expect(shown).toHaveCount(6);

  // By ZIP: each school's ZIP is a store's; every school found has it.
  const zip = (await page.locator('[data-charity]').first().innerText()).match(/\b\d{5}\b/)![0];
  await search(zip);
  await expect(count).toHaveText(new RegExp(`^\\d+ match(es)? for “${zip}”\\.$`));
  const found = await shown.count();
  expect(found).toBeGreaterThan(0);
  expect(found).toBeLessThan(total);
  for (const text of await page.locator('[data-charity]:visible').allInnerTexts()) {
    expect(text).toContain(zip);
  }

  await search('no such school anywhere');
  await expect(count).toHaveText('No matches for “no such school anywhere”.');
  await expect(shown).toHaveCount(0);

  // Cleared: every school again, nothing announced.
  await search('');
  await expect(shown).toHaveCount(total);
  await expect(count).toHaveText('');
  if (js) {
    // Filtering as the shopper types sent nothing to the server: still the page first loaded.
    await expect(page).toHaveURL(brandUrl(site, PATH));
    expect(asked).toEqual([]);
    // Search (Enter) keeps the search in the address, still without asking the server.
    await box.fill('pine creek');
    await box.press('Enter');
    await expect(page).toHaveURL(brandUrl(site, `${PATH}?q=pine+creek`));
    await expect(count).toHaveText('6 matches for “pine creek”.');
    expect(asked).toEqual([]);
  }
});

test('a guest signs in and comes back to the charity page', async ({ page, newShopper }) => {
  const site = SITES.js.schools;
  const shopper = await newShopper({ site });
  await page.goto(brandUrl(site, `${PATH}?q=pine`));
  await expect(page).toHaveURL(
    brandUrl(site, `/login?redirectTo=${encodeURIComponent(`${PATH}?q=pine`)}`),
  );
  await submitLogin(page, shopper.email, shopper.password);
  await expect(page).toHaveURL(brandUrl(site, `${PATH}?q=pine`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose Your School or Cause');
  await expect(page.getByTestId('school-count')).toHaveText(/\d+ match(es)? for “pine”\./);
});

test('fits a phone: no sideways scrolling, the radios within the screen, Save in view over the list', async ({
  page,
  signInNewShopper,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const variant of ['grouped', 'schools'] as const) {
    await page.context().clearCookies();
    await signInNewShopper({ site: SITES.js[variant], redirectTo: PATH });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading(variant));
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${variant}: sideways overflow`).toBeLessThanOrEqual(0);
    const save = page.getByRole('button', { name: /^Save My (Charity|Choice)$/ });
    // A radio halfway down the long list, brought into view: Save stays on the screen below it
    // (no scrolling to the end of 43 choices), and choosing then saving needs no scroll.
    const middle = radios(page).nth(20);
    await middle.scrollIntoViewIfNeeded();
    await expect(save).toBeInViewport();
    const saveBox = (await save.boundingBox())!;
    expect(saveBox.y + saveBox.height).toBeLessThanOrEqual(844);
    // The radios are one stop for Tab: from a chosen one, Tab reaches Save next.
    await middle.check();
    await page.keyboard.press('Tab');
    await expect(save).toBeFocused();
    const box = await radios(page).first().boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  }
});
