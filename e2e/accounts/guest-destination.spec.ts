import { expect, submitLogin, test } from '../kit/fixtures';
import { brandUrl, dismissPopups, waitForHydration } from '../kit/support';

/**
 * A guest sent to log in keeps the page asked for (docs/reference/accounts.md "Who may see
 * what"): the shopper pages send a guest to /login with the page as redirectTo, and the login
 * form lands there, with JavaScript and without, on a phone and on a desktop.
 *
 * Southend: its rewards page sends guests to /login, and it has no after-login page of its own
 * (a login without redirectTo goes to /), so landing on the page proves the destination was
 * carried through.
 */
const SITE = 'southend';

const VIEWPORTS = {
  phone: { width: 412, height: 823 },
  desktop: { width: 1280, height: 800 },
} as const;

const PAGES = ['/account', '/account/data-preferences', '/rewards?tab=offers'];

test.beforeEach(async ({ page }) => {
  await dismissPopups(page);
});

// One test per screen and project walks every page (a fresh guest each time): a browser context
// per page would cost the suite more than the pages themselves.
for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`on a ${name}: a guest sent to log in lands on the page asked for; a destination off the site is dropped @nojs`, async ({
    page,
    newShopper,
    javaScriptEnabled,
  }) => {
    await page.setViewportSize(viewport);
    const shopper = await newShopper({ site: SITE });
    for (const path of PAGES) {
      await page.context().clearCookies();
      await page.goto(brandUrl(SITE, path));
      await expect(page).toHaveURL(brandUrl(SITE, `/login?redirectTo=${encodeURIComponent(path)}`));
      await expect(page.getByRole('heading', { name: 'Log In', level: 1 })).toBeVisible();
      // The form carries the destination (a hidden field, posted with or without scripts).
      await expect(page.locator('main input[type="hidden"][name="redirectTo"]')).toHaveValue(path);
      if (javaScriptEnabled !== false) await waitForHydration(page);
      await submitLogin(page, shopper.email, shopper.password);
      await expect(page, path).toHaveURL(brandUrl(SITE, path));
      await expect(page.getByText(`Hey ${shopper.firstName}!`).first()).toBeAttached();
    }

    // Off the site: dropped, and the login goes where it always does.
    await page.context().clearCookies();
    await page.goto(brandUrl(SITE, '/login?redirectTo=%2F%2Fevil.example%2Faccount'));
    await expect(page.locator('main input[type="hidden"][name="redirectTo"]')).toHaveCount(0);
    if (javaScriptEnabled !== false) await waitForHydration(page);
    await submitLogin(page, shopper.email, shopper.password);
    await expect(page.getByText(`Hey ${shopper.firstName}!`).first()).toBeAttached();
    await expect(page).toHaveURL(brandUrl(SITE, '/'));

    // The receipts send a guest home, as their rule says.
    await page.context().clearCookies();
    await page.goto(brandUrl(SITE, '/account/receipts'));
    await expect(page).toHaveURL(brandUrl(SITE, '/'));
  });
}
