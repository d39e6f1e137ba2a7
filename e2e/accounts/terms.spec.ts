import { expect, test } from '../kit/fixtures';
import {
  brandUrl,
  dismissPopups,
  expectNoSeriousAxeViolations,
  POPUP_DELAY_MS,
  runTimers,
  waitForHydration,
} from '../kit/support';

/**
 * Terms acceptance, the accept-new-terms popup and data preferences (docs/reference/
 * accounts.md). Accepting changes the shopper's record: each test signs in a shopper of its own, who
 * accepted an older version (with JavaScript) or never accepted any (without).
 */

test('a shopper with old terms is asked to accept the new ones @nojs', async ({
  page,
  signInNewShopper,
}, testInfo) => {
  // A login, an axe check and a popup waited out: measured 3–10 s on the shared machine.
  test.slow();
  const js = testInfo.project.name === 'js';
  if (js) await page.clock.install();
  await signInNewShopper({ site: 'southend', terms: js ? 'older' : 'none' });
  await expect(page.getByText(/^Hey /).first()).toBeVisible();
  await page.goto(brandUrl('southend', '/posts'));

  // The accept-new-terms popup: a dialog with JavaScript, a notice at the top without.
  const popup = js ? page.getByRole('dialog') : page.getByRole('region', { name: /terms/i });
  await expect(popup.getByText('Our terms have changed')).toBeVisible();
  await popup.getByRole('link', { name: 'Review and accept the new terms' }).click();
  await expect(page).toHaveURL(/\/account\/terms$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Terms and Conditions/);
  await expect(page.getByText('Our terms have changed')).toHaveCount(0);
  if (js) await expectNoSeriousAxeViolations(page);

  const checkbox = page.getByRole('checkbox', { name: /I agree to the terms and conditions/ });
  const submit = page.getByRole('button', { name: 'Update Terms Conditions >' });
  await expect(checkbox).not.toBeChecked();
  await expect(checkbox).toBeEnabled();
  await submit.click();
  await expect(page.getByText('You must accept the terms of use.')).toBeVisible();

  await checkbox.check();
  await submit.click();
  await expect(page.getByText('Your acceptance of the terms has been recorded.')).toBeVisible();
  await expect(checkbox).toBeChecked();
  await expect(checkbox).toBeDisabled();
  await expect(submit).toBeDisabled();

  // No more popup, on any page, after a reload too: with JavaScript, once the page has hydrated
  // and the popup's delay has passed on its clock.
  await page.goto(brandUrl('southend', '/posts'));
  if (js) {
    await waitForHydration(page);
    await runTimers(page, POPUP_DELAY_MS + 500);
  }
  await expect(page.getByText('Our terms have changed')).toHaveCount(0);
});

test('guests read the terms (no acceptance form) and are sent to /login from data preferences @nojs', async ({
  page,
}) => {
  // A guest registering without JavaScript follows the Terms link: the document is there.
  await page.goto(brandUrl('lins', '/account/terms'));
  await expect(page).toHaveURL(/\/account\/terms$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Terms and conditions text' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Update Terms Conditions/ })).toHaveCount(0);
  await page.getByRole('link', { name: 'Log in to accept the terms for your account' }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount%2Fterms$/);
  await page.goto(brandUrl('lins', '/account/data-preferences'));
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount%2Fdata-preferences$/);
  // The privacy policy is public (registration links to it).
  await page.goto(brandUrl('lins', '/account/privacy'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Rewards Privacy Policy');
});

test('data preferences save the data-sharing choice @nojs', async ({
  page,
  signInNewShopper,
}, testInfo) => {
  await dismissPopups(page);
  await signInNewShopper({
    site: 'dicks',
    terms: testInfo.project.name === 'js' ? 'older' : 'none',
  });
  await expect(page.getByText(/^Hey /).first()).toBeVisible();
  await page.goto(brandUrl('dicks', '/account/data-preferences'));
  const box = page.getByRole('checkbox', { name: 'Do not share my data with partners' });
  await expect(box).not.toBeChecked();
  await box.check();
  await page.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(page.getByText('Your data preferences have been updated.')).toBeVisible();
  await page.reload();
  await expect(box).toBeChecked();
  if (testInfo.project.name === 'js') await expectNoSeriousAxeViolations(page);
  await box.uncheck();
  await page.getByRole('button', { name: 'Save Preferences' }).click();
  await expect(page.getByText('Your data preferences have been updated.')).toBeVisible();
  await expect(box).not.toBeChecked();
});
