import type { Page } from '@playwright/test';
import { AVA, BEN, CARA } from '../../test/demo';
import { expect, submitLogin, test } from '../kit/fixtures';
import {
  brandUrl,
  dismissPopups,
  expectNoSeriousAxeViolations,
  serveWithoutScripts,
  waitForHydration,
} from '../kit/support';

/**
 * The rewards page /rewards (docs/reference/rewards.md),
 * with JavaScript and without, on three brands: lins (tiers, showSavings, Perks wording),
 * southend (guests go to /login, a credit note) and corner (no tiers: no panel; the My Rewards
 * button hidden). The demo shoppers are only read here.
 */

test.beforeEach(async ({ page }) => {
  await dismissPopups(page);
});

const REWARDS = '/rewards';
const isJs = () => test.info().project.name === 'js';

const panel = (page: Page) => page.getByTestId('points-panel');
const summary = (page: Page) => page.getByTestId('rewards-summary');
const offer = (page: Page, code: string) =>
  page.locator(`[data-testid="reward-offer"][data-code="${code}"]`);
const coupons = (page: Page) => page.getByTestId('reward-coupon');

test('a guest goes to About Perks on lins and to Log In on southend @nojs', async ({ page }) => {
  await page.goto(brandUrl('lins', REWARDS));
  await expect(page).toHaveURL(brandUrl('lins', '/about-perks'));
  await page.goto(brandUrl('southend', REWARDS));
  await expect(page).toHaveURL(brandUrl('southend', '/login?redirectTo=%2Frewards'));
});

const TIERS = [
  {
    shopper: AVA,
    sentence: 'You have 463 points — 37 more for your next reward.',
    bar: '463 of 500 points',
    now: '93',
  },
  {
    shopper: BEN,
    sentence: 'You have 763 points — 237 more for your next reward.',
    bar: '763 of 1,000 points',
    now: '76',
  },
  {
    shopper: CARA,
    sentence: 'You have 2,215 points — you have reached the top reward level.',
    bar: '2,215 points: top reward level reached',
    now: '100',
  },
];

// The demo shoppers' seeded points, read (no test changes a demo shopper).
for (const { shopper, sentence, bar, now } of TIERS) {
  test(`${shopper.firstName} sees where the points stand on lins @nojs`, async ({
    page,
    signIn,
  }) => {
    await signIn({ site: 'lins', shopper, redirectTo: REWARDS });
    await expect(page.getByRole('heading', { level: 1, name: 'My Perks' })).toBeVisible();
    await expect(summary(page)).toContainText(sentence);
    await expect(summary(page)).toContainText(/You have \$\d+\.\d\d in credits\./);
    const progress = panel(page).getByRole('progressbar', {
      name: 'Points toward your next reward',
    });
    await expect(progress).toHaveAttribute('aria-valuetext', bar);
    await expect(progress).toHaveAttribute('aria-valuenow', now);
    if (shopper === CARA) {
      await expect(panel(page)).toContainText('You have reached the top reward level.');
    } else {
      await expect(panel(page)).toContainText('Next reward at');
    }
    await expect(panel(page)).toContainText('credit balance');
    await expect(panel(page)).toContainText(/^.*Fuel Rewards: \d+¢ off per gallon/);
    await expect(panel(page)).toContainText('Fuel rewards are a one-time redemption.');
    // The header's button for shoppers, in the brand's words.
    await expect(page.getByTestId('my-rewards-button')).toHaveText('My Perks');
  });
}

test('offers show their progress, Redeem Now at 100 % with how to redeem, spend goals, and the coupons are current, on a desktop and a phone @nojs', async ({
  page,
  signIn,
}) => {
  await signIn({ site: 'lins', shopper: BEN, redirectTo: REWARDS });
  const levelUp = page.getByTestId('level-up');
  await expect(levelUp.getByRole('heading', { name: 'Level Up with Rewards' })).toBeVisible();
  // Ben's yogurt offer (0412) is at 100 %: a full green bar reading Redeem Now.
  await expect(offer(page, '0412').getByText('Redeem Now')).toBeVisible();
  await expect(offer(page, '0412').getByRole('progressbar')).toHaveAttribute(
    'aria-valuetext',
    'Redeem Now',
  );
  // Under it, how to redeem and where the programme is explained.
  await expect(offer(page, '0412').getByTestId('redeem-how')).toContainText(
    'comes off at the register',
  );
  await expect(offer(page, '0412').getByRole('link', { name: /^How .+ works$/ })).toHaveAttribute(
    'href',
    '/about-rewards',
  );
  await expect(offer(page, '0415')).toContainText('75%');
  await expect(offer(page, '0415').getByTestId('redeem-how')).toHaveCount(0);
  // 0509 and 0500: the amount spent, and of what goal, instead of a bar (Ben: 87 % of $100 and
  // 64 % of $500 in the reference service's seed).
  await expect(offer(page, '0509').getByTestId('spend-progress')).toHaveText(
    /^Spent so far: \$87\.\d\d of \$100$/,
  );
  await expect(offer(page, '0500').getByTestId('spend-progress')).toHaveText(
    /^Spent so far: \$320\.\d\d of \$500$/,
  );
  for (const code of ['0509', '0500']) {
    await expect(offer(page, code).getByRole('progressbar')).toHaveCount(0);
  }
  // A description cut at 100 characters opens whole, by keyboard as by tap, without a script.
  const fuel = offer(page, '0509');
  const tail = 'points accrue through the month and start over on the 1st.';
  await expect(fuel.getByText(tail)).toBeHidden();
  await fuel.getByText('Read the whole offer').focus();
  await page.keyboard.press('Enter');
  await expect(fuel.getByText(tail)).toBeVisible();
  // Ended 5 days ago, and DND notes: hidden.
  await expect(levelUp).not.toContainText('Pet Pantry');
  await expect(levelUp).not.toContainText('Staff test offer');

  const savings = page.getByTestId('instant-savings');
  await expect(savings.getByRole('heading', { name: 'Instant Savings' })).toBeVisible();
  await expect(coupons(page)).toHaveCount(7);
  await expect(savings).not.toContainText('Feather & Fin');
  await expect(savings).not.toContainText('Store manager sample');
  const box = (await coupons(page).first().boundingBox())!;
  expect(box.height).toBe(350);

  // On a phone: how to redeem and the spend goals are on screen, and nothing scrolls sideways.
  await page.setViewportSize({ width: 412, height: 823 });
  await page.reload();
  for (const part of [
    offer(page, '0412').getByTestId('redeem-how'),
    offer(page, '0509').getByTestId('spend-progress'),
  ]) {
    await part.scrollIntoViewIfNeeded();
    await expect(part).toBeInViewport({ ratio: 1 });
  }
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    ),
  ).toBeLessThanOrEqual(0);
});

test('the details dialog: Credits and Points tabs, Close back to the link; axe clean', async ({
  page,
  signIn,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn({ site: 'lins', shopper: BEN, redirectTo: REWARDS });
  await expectNoSeriousAxeViolations(page);

  const link = page.getByRole('link', { name: 'Points and Credit Details' });
  await link.click();
  const dialog = page.getByRole('dialog', { name: 'Points and Credit Details' });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(brandUrl('lins', '/rewards?details=credits'));
  await expect(dialog.getByRole('tab', { name: 'Credits' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(dialog).toContainText('Current credits:');
  const history = dialog.getByRole('region', { name: 'Adjustment history' });
  await expect(history.getByRole('row').nth(1)).toBeVisible();
  // Descriptions drop the text up to the first '- '.
  await expect(history).toContainText('$5.00 reward credit for 500 points');
  await expect(history).not.toContainText('RC500 -');
  const expired = dialog.getByRole('region', { name: 'Expired credits' });
  await expect(expired).toBeVisible();
  // What an expired credit had left is not a balance the shopper can spend.
  await expect(expired.getByRole('columnheader', { name: 'Expired unused' })).toBeVisible();
  await expect(expired.getByRole('columnheader', { name: 'Balance' })).toHaveCount(0);
  // The box is 400 px high at most, its rows newest first.
  expect((await history.boundingBox())!.height).toBeLessThanOrEqual(400);
  const dates = await history.locator('tbody tr td:first-child').allTextContents();
  const times = dates.map((d) => Date.parse(d));
  expect([...times].sort((a, b) => b - a)).toEqual(times);
  await expectNoSeriousAxeViolations(page);

  // Arrow keys move between the tabs (the address follows).
  await dialog.getByRole('tab', { name: 'Credits' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByRole('tab', { name: 'Points' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(dialog.getByRole('tab', { name: 'Points' })).toBeFocused();
  await expect(page).toHaveURL(brandUrl('lins', '/rewards?details=points'));
  const points = dialog.getByRole('region', { name: 'Points history' });
  await expect(points).toContainText('Purchase');
  // A purchase names the store it was made at, not its number.
  await expect(points).toContainText(/Purchase - Lin's /);
  await expect(points).not.toContainText(/Store \d{4}/);
  await expectNoSeriousAxeViolations(page);

  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(brandUrl('lins', REWARDS));
  await expect(link).toBeFocused();
});

test('without JavaScript the details are a section reached by a link @nojs-only', async ({
  page,
  signIn,
}) => {
  await signIn({ site: 'lins', shopper: BEN, redirectTo: REWARDS });
  await page.getByRole('link', { name: 'Points and Credit Details' }).click();
  await expect(page).toHaveURL(brandUrl('lins', '/rewards?details=credits'));
  const section = page.getByTestId('details');
  await expect(section.getByRole('heading', { name: 'Points and Credit Details' })).toBeVisible();
  await expect(section.getByRole('link', { name: 'Credits' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(section.getByRole('region', { name: 'Adjustment history' })).toBeVisible();
  await section.getByRole('link', { name: 'Points' }).click();
  await expect(page).toHaveURL(brandUrl('lins', '/rewards?details=points'));
  const points = page.getByTestId('details').getByRole('region', { name: 'Points history' });
  await expect(points).toBeVisible();
  await expect(points).toContainText(/Purchase - Lin's /);
  await expect(points).not.toContainText(/Store \d{4}/);
  await page.getByTestId('details').getByRole('link', { name: 'Close' }).click();
  await expect(page).toHaveURL(brandUrl('lins', REWARDS));
  await expect(page.getByTestId('details')).toHaveCount(0);
});

test('a coupon card opens its dialog: offer, restrictions, Expires, Limit, Close; axe clean', async ({
  page,
  signIn,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn({ site: 'lins', shopper: BEN, redirectTo: REWARDS });
  const card = coupons(page).filter({ hasText: 'Free Polar Peak ice cream, 48 oz' });
  await card.getByRole('link').click();
  const dialog = page.getByRole('dialog', { name: 'Free Polar Peak ice cream, 48 oz' });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(brandUrl('lins', '/rewards?coupon=premium-PRM-ICECREAM'));
  await expect(dialog).toContainText('Redeem 300 points for any 48 oz Polar Peak ice cream.');
  await expect(dialog).toContainText(/Expires\s*[A-Z][a-z]{2} \d{1,2}, \d{4}/);
  await expect(dialog).toContainText(/Limit\s*2/);
  await expect(dialog.getByRole('button', { name: 'Back' })).toBeHidden();
  expect((await dialog.boundingBox())!.width).toBeLessThanOrEqual(700);
  await expectNoSeriousAxeViolations(page);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(brandUrl('lins', REWARDS));
  await expect(card.getByRole('link')).toBeFocused();
});

test('?coupon= shows the coupon without JavaScript @nojs-only', async ({ page, signIn }) => {
  await signIn({ site: 'lins', shopper: BEN, redirectTo: REWARDS });
  const link = coupons(page)
    .filter({ hasText: '$5 off your purchase of $50 or more' })
    .getByRole('link');
  await link.click();
  await expect(page).toHaveURL(brandUrl('lins', '/rewards?coupon=offer-0701'));
  const section = page.getByTestId('coupon-details');
  await expect(
    section.getByRole('heading', { name: '$5 off your purchase of $50 or more' }),
  ).toBeVisible();
  await expect(section).toContainText('Excludes alcohol, tobacco, gift cards and fuel.');
  await expect(section).toContainText(/Limit\s*1/);
  await section.getByRole('link', { name: 'Close' }).click();
  await expect(page).toHaveURL(brandUrl('lins', REWARDS));
  // A coupon that is no longer there says so.
  await page.goto(brandUrl('lins', '/rewards?coupon=offer-0430'));
  await expect(page.getByText('That coupon is no longer available.')).toBeVisible();
});

test('the pages without JavaScript have no serious axe violation', async ({ page, signIn }) => {
  test.setTimeout(90_000);
  await signIn({ site: 'lins', shopper: CARA, redirectTo: REWARDS });
  await serveWithoutScripts(page);
  for (const path of [
    REWARDS,
    '/rewards?details=credits',
    '/rewards?details=points',
    '/rewards?coupon=offer-0701',
  ]) {
    await page.goto(brandUrl('lins', path));
    await expect(page.getByRole('heading', { level: 1, name: 'My Perks' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  }
  await page.unrouteAll();
});

test('on a phone: the coupon dialog is full screen with Back; tables are stacked', async ({
  page,
  signIn,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn({ site: 'lins', shopper: BEN, redirectTo: REWARDS });
  await coupons(page).first().getByRole('link').click();
  const dialog = page.getByTestId('coupon-dialog');
  await expect(dialog).toBeVisible();
  // Measured once the opening animation (a slight zoom) is over.
  await expect.poll(async () => (await dialog.boundingBox())?.width).toBe(390);
  expect((await dialog.boundingBox())!.height).toBeGreaterThanOrEqual(844);
  await dialog.getByRole('button', { name: 'Back' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(brandUrl('lins', REWARDS));

  await page.goto(brandUrl('lins', '/rewards?details=points'));
  await waitForHydration(page);
  const details = page.getByTestId('details-dialog');
  await expect(details).toBeVisible();
  const history = details.getByTestId('points-history');
  await expect(history.locator('table')).toBeHidden();
  await expect(history.locator('li').first()).toBeVisible();
  await expect(history.locator('li').first()).toContainText('Points');
  await expectNoSeriousAxeViolations(page);
});

test('southend shows its credit note; corner, without tiers, has no panel and no My Rewards button @nojs', async ({
  page,
  signIn,
}) => {
  await signIn({ site: 'southend', shopper: BEN, redirectTo: REWARDS });
  await expect(page.getByRole('heading', { level: 1, name: 'My Rewards' })).toBeVisible();
  await expect(panel(page)).toContainText('You have 180 days to redeem your credit.');
  await expect(page.getByTestId('my-rewards-button')).toHaveText('My Rewards');

  await signIn({ site: 'corner', shopper: BEN, redirectTo: REWARDS });
  await expect(page.getByRole('heading', { level: 1, name: 'My Rewards' })).toBeVisible();
  await expect(summary(page)).toContainText(
    /^You have \d+ points\. You have \$\d+\.\d\d in credits\. Use (\$\d+\.\d\d|\d+¢) by [A-Z][a-z]{2} \d{1,2}, \d{4}, when it expires\.$/,
  );
  await expect(panel(page)).toHaveCount(0);
  await expect(page.getByTestId('my-rewards-button')).toHaveCount(0);
  await expect(page.getByTestId('level-up')).toBeVisible();
  await expect(coupons(page).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Choose your charity' })).toHaveAttribute(
    'href',
    '/rewards/charity',
  );
});

test('another tab signing in as someone else sends the page home', async ({ page, signIn }) => {
  // Cara first, then Ben in another tab (both only read).
  await signIn({ site: 'lins', shopper: CARA, redirectTo: REWARDS });
  // A second tab of the same browser: logs out, then in as Ben.
  const other = await page.context().newPage();
  await other.goto(brandUrl('lins', '/account'));
  await other.getByRole('button', { name: 'Log Out' }).last().click();
  await expect(other.getByRole('link', { name: 'Log In' }).first()).toBeVisible();
  await other.goto(brandUrl('lins', '/login'));
  await submitLogin(other, BEN.email, BEN.password);
  await expect(other.getByText('Hey Ben!').first()).toBeAttached();
  await other.close();

  // The first tab comes back into view: it asks again, sees Ben, and goes home.
  expect(isJs()).toBe(true);
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect(page).toHaveURL(brandUrl('lins', '/'));
  await expect(page.getByText('Hey Ben!').first()).toBeAttached();
});
