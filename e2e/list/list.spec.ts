import type { Page } from '@playwright/test';
import { expect, test } from '../kit/fixtures';
import {
  brandUrl,
  dismissPopups,
  expectNoSeriousAxeViolations,
  rawRequest,
  waitForHydration,
} from '../kit/support';

/**
 * The shopping list /list (docs/reference/list.md), with JavaScript and without (`@nojs`): a
 * shopper's list on a desktop (coupon, weekly ad item and free text, grouping, check off,
 * quantity, remove, clear checked, limits, the share link read-only and revoked), and a guest's
 * list on a phone, merged at login and seen by no one else on the same browser.
 */

const SITE = 'lins';
const isJs = () => test.info().project.name !== 'no-js';
const ORIGIN = new URL(brandUrl(SITE)).origin;

test.beforeEach(async ({ page }) => {
  await dismissPopups(page);
  await page.addInitScript(() =>
    localStorage.setItem('dismissed_cookie_notice', JSON.stringify({ value: true, expiry: null })),
  );
});

async function gotoList(page: Page) {
  await page.goto(brandUrl(SITE, '/list'));
  if (isJs()) await waitForHydration(page);
}

const line = (page: Page, text: string | RegExp) =>
  page.getByTestId('list-item').filter({
    has: page.getByTestId('list-item-text').getByText(text, { exact: typeof text === 'string' }),
  });
const group = (page: Page, name: string) =>
  page
    .getByTestId('list-group')
    .filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) });

async function addText(page: Page, text: string, quantity?: number) {
  const form = page.getByRole('form', { name: 'Add to your list' });
  await form.getByLabel('Item').fill(text);
  if (quantity) await form.getByLabel('Quantity').fill(String(quantity));
  await form.getByRole('button', { name: 'Add to list' }).click();
  // Emptied for the next line once the server took it (with JavaScript the line shows before).
  await expect(form.getByLabel('Item')).toHaveValue('');
  await expect(form.getByLabel('Quantity')).toHaveValue('1');
  await expect(
    line(page, text)
      .or(line(page, new RegExp(`^${text}$`, 'i')))
      .first(),
  ).toBeVisible();
}

/**
 * Plain posts to /list and reads of it, as a browser without scripts sends them, with a cookie
 * jar of their own (started from the page's cookies): many posts in little time.
 */
function listClient(cookies: Map<string, string>) {
  const host = new URL(ORIGIN).host;
  const cookie = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const keep = (headers: Record<string, string | string[] | undefined>) => {
    for (const header of (headers['set-cookie'] as string[] | undefined) ?? []) {
      const pair = header.split(';')[0]!;
      const at = pair.indexOf('=');
      const value = pair.slice(at + 1);
      if (!value || /max-age=0/i.test(header)) cookies.delete(pair.slice(0, at));
      else cookies.set(pair.slice(0, at), value);
    }
  };
  return {
    async post(form: Record<string, string>) {
      const body = new URLSearchParams(form).toString();
      const answer = await rawRequest({
        host,
        path: '/list',
        method: 'POST',
        headers: {
          origin: ORIGIN,
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': String(Buffer.byteLength(body)),
          cookie: cookie(),
        },
        body,
      });
      keep(answer.headers);
      return answer.status;
    },
    async read() {
      const answer = await rawRequest({ host, path: '/list', headers: { cookie: cookie() } });
      keep(answer.headers);
      return answer.body;
    },
  };
}

/** Runs `act` (a click that posts to the list) and waits for the post's answer. */
async function posted(page: Page, act: () => Promise<void>) {
  const answer = page.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname.startsWith('/list'),
  );
  await act();
  await answer;
}

async function jarOf(page: Page) {
  const cookies = await page.context().cookies(`${ORIGIN}/list`);
  return new Map(cookies.map((c) => [c.name, c.value]));
}

test('a shopper lists a coupon, an ad item and their own lines, shares the list and stops @nojs', async ({
  page,
  browser,
  signInNewShopper,
}) => {
  // A hundred lines are posted: more than the default time on a busy machine.
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInNewShopper({ site: SITE, redirectTo: '/digital-coupons' });

  // Clip a coupon, then add it to the list from the clipped tab.
  const clip = page.getByRole('button', { name: /^Clip for / }).first();
  const brandName = ((await clip.getAttribute('aria-label')) ?? '').replace(/^Clip for /, '');
  await clip.click();
  await expect(page.getByRole('link', { name: 'My Digital Coupons (1)' })).toBeVisible();
  await page.goto(brandUrl(SITE, '/digital-coupons?tab=clipped'));
  if (isJs()) await waitForHydration(page);
  await page
    .getByRole('button', { name: `Add ${brandName} to list` })
    .first()
    .click();
  if (isJs())
    await expect(page.getByRole('button', { name: 'On your list' }).first()).toBeDisabled();
  else await expect(page.getByText('Added to your list.')).toBeVisible();

  // An item of the weekly ad's text version.
  await page.goto(brandUrl(SITE, '/weekly-ad'));
  if (isJs()) await waitForHydration(page);
  const adItem = page.getByTestId('ad-text-item').first();
  const adTitle = ((await adItem.getByRole('heading', { level: 4 }).textContent()) ?? '').trim();
  await adItem.getByRole('button', { name: /^Add .+ to list$/ }).click();
  if (isJs()) await expect(adItem.getByRole('button', { name: 'On your list' })).toBeDisabled();
  else await expect(page).toHaveURL(brandUrl(SITE, '/list'));

  // Both on the list: the coupon under its category with a link to it, the ad item under Other.
  await gotoList(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Shopping List' })).toBeVisible();
  const coupon = line(page, brandName);
  await expect(coupon).toBeVisible();
  await expect(coupon.getByRole('link', { name: 'See the coupon' })).toHaveAttribute(
    'href',
    /offerCode=/,
  );
  await expect(group(page, 'Other').getByTestId('list-item-text')).toHaveText([adTitle]);
  expect(await page.getByTestId('list-group').count()).toBe(2);

  // Free text; the same text again adds to its quantity.
  await addText(page, 'Paper towels', 3);
  await addText(page, 'paper TOWELS');
  const towels = line(page, 'Paper towels');
  await expect(towels.getByLabel('Quantity of Paper towels', { exact: true })).toHaveValue('4');
  await expect(group(page, 'Other').getByTestId('list-item-text')).toHaveText([
    adTitle,
    'Paper towels',
  ]);

  // Quantity, check off, remove, clear checked: each kept across a reload.
  await towels.getByLabel('Quantity of Paper towels', { exact: true }).fill('7');
  await towels.getByRole('button', { name: 'Update quantity of Paper towels' }).click();
  await towels.getByRole('checkbox', { name: 'Check off Paper towels' }).click();
  await expect(towels.getByRole('checkbox', { name: 'Uncheck Paper towels' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await addText(page, 'Milk');
  await posted(page, () => line(page, 'Milk').getByRole('button', { name: 'Remove Milk' }).click());
  await expect(line(page, 'Milk')).toHaveCount(0);
  await page.reload();
  await expect(
    line(page, 'Paper towels').getByLabel('Quantity of Paper towels', { exact: true }),
  ).toHaveValue('7');
  await expect(line(page, 'Milk')).toHaveCount(0);
  if (isJs()) await waitForHydration(page);
  // The line goes at once with JavaScript: the reload waits for the post's answer.
  await posted(page, () => page.getByRole('button', { name: 'Clear checked (1)' }).click());
  await expect(line(page, 'Paper towels')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('list-item')).toHaveCount(2);

  // Limits: wrong input changes nothing and says why; the 101st line is refused.
  const api = listClient(await jarOf(page));
  expect(await api.post({ intent: 'add', text: 'x'.repeat(121) })).toBe(302);
  expect(await api.read()).toContain('An item can be up to 120 characters.');
  expect(await api.post({ intent: 'quantity', id: '1', quantity: '100' })).toBe(302);
  expect(await api.read()).toContain('Enter a quantity from 1 to 99.');
  expect(await api.post({ intent: 'nonsense', id: '<script>' })).toBe(302);
  for (let i = 3; i <= 100; i += 1) {
    expect(await api.post({ intent: 'add', text: `Item ${i}` })).toBe(302);
  }
  expect(await api.post({ intent: 'add', text: 'One too many' })).toBe(302);
  expect(await api.read()).toContain(
    'Your list can hold up to 100 items. Remove some to add more.',
  );
  await gotoList(page);
  await expect(page.getByTestId('list-count')).toHaveText('100 of 100 items');
  await expect(line(page, 'One too many')).toHaveCount(0);

  // A read-only share link: a guest elsewhere sees the lines and nothing of the shopper.
  await page.getByRole('button', { name: 'Share a link' }).click();
  const shareUrl = await page.getByTestId('share-url').inputValue();
  expect(shareUrl).toMatch(new RegExp(`^${ORIGIN}/list/shared/[A-Za-z0-9_-]{43}$`));
  const other = await browser.newContext();
  const guest = await other.newPage();
  const shared = await guest.goto(shareUrl);
  expect(shared?.status()).toBe(200);
  expect(shared?.headers()['referrer-policy']).toContain('no-referrer');
  expect(shared?.headers()['x-robots-tag']).toBe('noindex');
  await expect(guest.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(guest.getByTestId('shared-list').getByTestId('list-item')).toHaveCount(100);
  await expect(guest.getByTestId('shared-list').getByText(brandName).first()).toBeVisible();
  await expect(guest.getByTestId('shared-list').getByRole('button')).toHaveCount(0);
  await expect(guest.getByTestId('shared-list').locator('form')).toHaveCount(0);
  await page.getByRole('button', { name: 'Stop sharing' }).click();
  await expect(page.getByText('Your list is no longer shared.')).toBeVisible();
  expect((await guest.goto(shareUrl))?.status()).toBe(404);
  await other.close();
});

test('a guest list on a phone merges into the shopper’s at login, and no one else sees it @nojs', async ({
  page,
  newShopper,
  signIn,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 412, height: 823 });
  await gotoList(page);
  await expect(page.getByText('This list is kept in this browser.')).toBeVisible();
  await expect(page.getByText('Your list is empty.')).toBeVisible();
  // With JavaScript a guest's posts are fetchers too: the page is never loaded again.
  if (isJs()) await page.evaluate(() => ((window as unknown as { stayed: number }).stayed = 1));
  await addText(page, 'Bananas', 2);
  await addText(page, 'Apples');
  await posted(page, () =>
    line(page, 'Apples').getByRole('checkbox', { name: 'Check off Apples' }).click(),
  );
  await posted(page, () => page.getByRole('button', { name: 'Clear checked (1)' }).click());
  await expect(line(page, 'Apples')).toHaveCount(0);
  if (isJs()) {
    expect(await page.evaluate(() => (window as unknown as { stayed?: number }).stayed)).toBe(1);
  }
  // Printed: the list alone, its lines with their boxes, no forms.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('app-bar')).toBeHidden();
  await expect(page.getByRole('form', { name: 'Add to your list' })).toBeHidden();
  await expect(line(page, 'Bananas').getByRole('checkbox')).toBeVisible();
  await expect(line(page, 'Bananas').getByRole('button', { name: 'Remove Bananas' })).toBeHidden();
  await expect(line(page, 'Bananas')).toContainText('× 2');
  await page.emulateMedia({ media: 'screen' });
  if (isJs()) await expectNoSeriousAxeViolations(page);
  // The cookie is the guest's list: sent only to /list and its data requests, not readable by
  // scripts.
  const cookies = (await page.context().cookies()).filter((c) => c.name === '__list');
  expect(cookies.map((c) => c.path).sort()).toEqual(['/list', '/list.data']);
  for (const cookie of cookies) expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(412);

  // A guest's list is bounded too (a browser of its own, from this one's list).
  const api = listClient(await jarOf(page));
  for (let i = 2; i <= 20; i += 1) await api.post({ intent: 'add', text: `Guest ${i}` });
  await api.post({ intent: 'add', text: 'One too many' });
  const full = await api.read();
  expect(full).toContain('Your list can hold up to 20 items until you log in.');
  expect(full).toContain('Guest 20');

  // Logging in merges it (the same line twice is one) and clears the browser's copy.
  const ava = await newShopper({ site: SITE, firstName: 'Ava' });
  await signIn({ site: SITE, shopper: ava });
  await gotoList(page);
  await expect(
    page.getByText('The items you added before logging in are now on your list.'),
  ).toBeVisible();
  await expect(
    line(page, 'Bananas').getByLabel('Quantity of Bananas', { exact: true }),
  ).toHaveValue('2');
  await expect(page.getByTestId('list-item')).toHaveCount(1);
  expect((await page.context().cookies()).find((c) => c.name === '__list')).toBeUndefined();

  // Logged out: the guest sees an empty list; another shopper too.
  await page.locator('form[action="/logout"] button').first().dispatchEvent('click');
  await expect(page.getByText('Hey Ava!')).toHaveCount(0);
  await gotoList(page);
  await expect(page.getByText('Your list is empty.')).toBeVisible();
  const ben = await newShopper({ site: SITE, firstName: 'Ben' });
  await signIn({ site: SITE, shopper: ben });
  await gotoList(page);
  await expect(page.getByText('Your list is empty.')).toBeVisible();
  await expect(line(page, 'Bananas')).toHaveCount(0);
});
