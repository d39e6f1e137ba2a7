import { type Page } from '@playwright/test';
import { expect, submitLogin, test, type FreshShopper } from '../kit/fixtures';
import { newShopperDetails } from '../kit/shoppers';
import {
  brandUrl,
  dismissPopups,
  expectNoSeriousAxeViolations,
  serveWithoutScripts,
} from '../kit/support';

/**
 * The account page /account (docs/reference/accounts.md), with JavaScript and
 * without. Every test changes a shopper of its own, registered for it: the brands differ by
 * project to cover their flags (zip optional, the organization question, one store or several).
 */

test.beforeEach(async ({ page }) => {
  await dismissPopups(page);
});

const UPDATED = 'Your account has been updated.';

const isJs = () => test.info().project.name === 'js';

/** Lands on the account page, signed in. */
async function expectAccountPage(page: Page) {
  await expect(page.getByRole('heading', { name: 'My Account Information' })).toBeVisible();
}

/** A phone as the account page shows it: (435) 555-0101. */
const shown = (phone: string) => phone.replace(/^(\d{3})(\d{3})(\d{4})$/, '($1) $2-$3');

const row = (page: Page, name: string) => page.locator(`[data-account-row="${name}"]`);

/** An input by its whole label (a required field's label ends with a '*'). */
const field = (page: Page, label: string) =>
  page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\*?$`));

/** Opens a row; with JavaScript its first input gets focus. */
async function edit(page: Page, label: string, firstInput: string) {
  await page.getByRole('link', { name: `Edit ${label}`, exact: true }).click();
  const input = field(page, firstInput);
  await expect(input).toBeVisible();
  if (isJs()) await expect(input).toBeFocused();
}

/** Saves the open row; back in view state with the notice, focus on the row's Edit link. */
async function save(page: Page, label: string, notice = UPDATED) {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: notice })).toBeVisible();
  const editLink = page.getByRole('link', { name: `Edit ${label}`, exact: true });
  await expect(editLink).toBeVisible();
  if (isJs()) await expect(editLink).toBeFocused();
}

test('edits every row, sees the values after a reload, and is axe clean @nojs', async ({
  page,
  signInNewShopper,
}) => {
  // Nine saved rows and four axe checks: measured 8–22 s with other suites sharing the 2 cores.
  test.setTimeout(120_000);
  const js = isJs();
  // southend: zip optional, 'How did you hear about us?', several stores. lins: none of these.
  const site = js ? 'southend' : 'lins';
  // Numbers and an address no other shopper has (both are unique in the loyalty service).
  const [phone1, phone2] = [newShopperDetails().phone, newShopperDetails().phone];
  const v = {
    phone: phone1,
    phoneShown: shown(phone1),
    phone2,
    phone2Shown: shown(phone2),
    ...(js
      ? { zip: '85614', place: 'Green Valley, AZ', store: 'Southend Benson' }
      : { zip: '84770', place: 'St. George, UT', store: "Lin's Elko" }),
  };
  const shopper = await signInNewShopper({ site, redirectTo: '/account' });
  await expectAccountPage(page);
  const newEmail = shopper.email.replace('@', '.account@');

  if (js) {
    await expectNoSeriousAxeViolations(page);
    await expect(row(page, 'organization')).toBeVisible();
  } else {
    await expect(row(page, 'organization')).toHaveCount(0);
  }

  // Name: the header's greeting follows.
  await edit(page, 'Name', 'First Name');
  if (js) await expectNoSeriousAxeViolations(page);
  await field(page, 'First Name').fill('Avery');
  await field(page, 'Last Name').fill('Thompson-Lee');
  await save(page, 'Name');
  await expect(row(page, 'fullName')).toContainText('Avery Thompson-Lee');
  await expect(page.getByText('Hey Avery!').first()).toBeAttached();

  // Cancel leaves the row unchanged.
  await edit(page, 'Name', 'First Name');
  await field(page, 'First Name').fill('Nobody');
  await page.getByRole('link', { name: 'Cancel' }).click();
  await expect(row(page, 'fullName')).toContainText('Avery Thompson-Lee');
  if (js) await expect(page.getByRole('link', { name: 'Edit Name', exact: true })).toBeFocused();

  // Phone: a bad number gets its message first.
  await edit(page, 'Phone', 'Phone');
  const phone = field(page, 'Phone');
  await phone.fill('555');
  if (js) {
    await phone.blur();
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  } else {
    await page.getByRole('button', { name: 'Save', exact: true }).click();
  }
  await expect(page.getByText('Please enter a valid phone number.')).toBeVisible();
  await expect(field(page, 'Phone')).toHaveAttribute('aria-invalid', 'true');
  await field(page, 'Phone').fill(v.phone);
  await save(page, 'Phone');
  await expect(row(page, 'phone')).toContainText(v.phoneShown);

  await edit(page, 'Phone 2', 'Phone 2');
  await field(page, 'Phone 2').fill(v.phone2);
  await save(page, 'Phone 2');
  await expect(row(page, 'secondaryPhone')).toContainText(v.phone2Shown);

  await edit(page, 'Email', 'Email');
  await field(page, 'Email').fill(newEmail);
  await save(page, 'Email');
  await expect(row(page, 'email')).toContainText(newEmail);

  await edit(page, 'Birthdate', 'Birthdate');
  await field(page, 'Birthdate').fill('1986-05-20');
  await save(page, 'Birthdate');
  await expect(row(page, 'birthday')).toContainText('05/20/1986');

  await edit(page, 'Address', 'Address');
  await field(page, 'Address').fill('77 Saguaro Way');
  await field(page, 'Apartment/Building').fill('Unit 5');
  await field(page, 'Zip Code').fill(v.zip);
  await save(page, 'Address');
  for (const line of ['77 Saguaro Way', 'Unit 5', v.place, v.zip]) {
    await expect(row(page, 'fullAddress')).toContainText(line);
  }

  if (js) {
    await edit(page, 'How did you hear about us?', 'How did you hear about us?');
    await field(page, 'How did you hear about us?').fill('Saw a billboard');
    await save(page, 'How did you hear about us?');
    await expect(row(page, 'organization')).toContainText('Saw a billboard');
  }

  await edit(page, 'My Store', 'My Store');
  await field(page, 'My Store').selectOption({ label: v.store });
  await save(page, 'My Store');
  await expect(row(page, 'storeNumber')).toContainText(v.store);

  await page.reload();
  await expect(row(page, 'fullName')).toContainText('Avery Thompson-Lee');
  await expect(row(page, 'phone')).toContainText(v.phoneShown);
  await expect(row(page, 'secondaryPhone')).toContainText(v.phone2Shown);
  await expect(row(page, 'email')).toContainText(newEmail);
  await expect(row(page, 'birthday')).toContainText('05/20/1986');
  await expect(row(page, 'fullAddress')).toContainText(v.place);
  await expect(row(page, 'storeNumber')).toContainText(v.store);
  if (js) await expect(row(page, 'organization')).toContainText('Saw a billboard');
  await expect(page.getByRole('status').filter({ hasText: UPDATED })).toHaveCount(0);

  // The e-mail is the username: a second change, back to the first address, saves as well.
  await edit(page, 'Email', 'Email');
  await field(page, 'Email').fill(shopper.email);
  await save(page, 'Email');
  await expect(row(page, 'email')).toContainText(shopper.email);

  if (js) {
    // The same page as a browser without JavaScript gets it.
    await serveWithoutScripts(page);
    await page.goto(brandUrl(site, '/account'));
    await expectNoSeriousAxeViolations(page);
    await page.goto(brandUrl(site, '/account?edit=fullAddress'));
    await expect(field(page, 'Zip Code')).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await page.unrouteAll();
  }
});

test('changes the password and logs in with the new one @nojs', async ({
  page,
  signIn,
  signInNewShopper,
}) => {
  // Three logins and four saves: measured 4–11 s with other suites sharing the 2 cores.
  test.setTimeout(60_000);
  const js = isJs();
  // corner has one location: no Home Store card. fresh-market has several.
  const site = js ? 'fresh-market' : 'corner';
  const next = js ? 'Fresh!market2026' : 'Corner!store2026';
  const shopper: FreshShopper = await signInNewShopper({ site, redirectTo: '/account' });
  await expectAccountPage(page);
  await expect(page.getByRole('heading', { name: 'Home Store' })).toHaveCount(js ? 1 : 0);
  await expect(row(page, 'password')).toContainText('••••••••');

  const change = async (current: string, password: string, confirm = password) => {
    await edit(page, 'Password', 'Current Password');
    await field(page, 'Current Password').fill(current);
    await field(page, 'New Password').fill(password);
    await field(page, 'Confirm Password').fill(confirm);
  };

  await change(shopper.password, next, `${next}x`);
  if (js) {
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  } else {
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText("Passwords don't match")).toBeVisible();
  }
  await page.getByRole('link', { name: 'Cancel' }).click();

  await change('Not-the-password1', next);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText(
    'There was a problem updating your password.',
  );
  // Passwords are never put back into the page, with or without JavaScript; with it, focus
  // reaches the alert once the wait dialog has closed (until then the page cannot be typed in).
  if (js) await expect(page.getByRole('alert')).toBeFocused();
  await expect(field(page, 'New Password')).toHaveValue('');
  await expect(field(page, 'Current Password')).toHaveValue('');
  expect(await page.content()).not.toContain('Not-the-password1');

  await field(page, 'Current Password').fill(shopper.password);
  await field(page, 'New Password').fill(next);
  await field(page, 'Confirm Password').fill(next);
  await save(page, 'Password', 'Your password has been updated.');

  await page.getByTestId('account-logout').getByRole('button', { name: 'Log Out' }).click();
  await expect(page.getByRole('link', { name: 'Log In' }).first()).toBeVisible();
  await page.goto(brandUrl(site, '/login?redirectTo=/account'));
  await submitLogin(page, shopper.email, shopper.password);
  await expect(page.getByRole('alert')).toContainText('Invalid email address or password.');
  await signIn({ site, shopper, password: next, redirectTo: '/account' });
  await expectAccountPage(page);

  // And back to the first one: the new password is the current one now.
  await change(next, shopper.password);
  await save(page, 'Password', 'Your password has been updated.');
});

test('the reward choice saves at once with JavaScript, with Save without @nojs', async ({
  page,
  signInNewShopper,
}) => {
  const js = isJs();
  const site = js ? 'harvest' : 'dans';
  await signInNewShopper({ site, redirectTo: '/account' });
  await expectAccountPage(page);
  const group = page.getByRole('group', { name: /^Choose your / });
  await expect(group).toBeVisible();
  const learnMore = page.getByRole('link', { name: /Learn more/ });
  await expect(learnMore).toHaveAttribute('href', '/about-rewards');
  await expect(learnMore).toHaveAttribute('target', '_blank');
  await expect(learnMore).toContainText('(opens in a new tab)');

  const radios = group.getByRole('radio');
  await expect(radios).toHaveCount(2);
  const target = (await radios.nth(0).isChecked()) ? radios.nth(1) : radios.nth(0);
  const label = await target.evaluate(
    (el) => document.querySelector(`label[for="${el.id}"]`)?.textContent ?? '',
  );
  await target.check();
  if (js) {
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
  } else {
    await page.getByRole('button', { name: 'Save', exact: true }).click();
  }
  await expect(page.getByRole('status').filter({ hasText: UPDATED })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('radio', { name: label, exact: true })).toBeChecked();
});

test('a small screen gets a full-width Log Out at the top', async ({ page, signInNewShopper }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInNewShopper({ site: 'lins', redirectTo: '/account' });
  await expectAccountPage(page);
  const top = page.getByTestId('account-logout-top');
  await expect(top).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(top).toBeHidden();
  await expect(page.getByTestId('account-logout')).toBeVisible();
});
