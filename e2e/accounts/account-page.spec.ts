import { type Page } from '@playwright/test';
import { AVA, CARA } from '../../test/demo';
import { expect, submitLogin, test, type SignInOptions } from '../kit/fixtures';
import {
  brandUrl,
  dismissPopups,
  expectNoSeriousAxeViolations,
  serveWithoutScripts,
} from '../kit/support';

/**
 * The account page /account (spec accounts-loyalty §2, §4, §5, §8), with JavaScript and
 * without. Each (brand, shopper) pair is changed by one test of one project only: Ava on
 * southend (JS) and lins (no JS) for the rows, on fresh-market (JS) and corner (no JS) for the
 * password, on harvest (JS) and dans (no JS) for the reward choice.
 */

test.beforeEach(async ({ page }) => {
  await dismissPopups(page);
});

const UPDATED = 'Your account has been updated.';

const isJs = () => test.info().project.name === 'js';

/** Signs in (Ava unless told) through /login and lands on the account page. */
async function openAccount(
  page: Page,
  signIn: (options: SignInOptions) => Promise<void>,
  options: Omit<SignInOptions, 'shopper' | 'redirectTo'> & { shopper?: SignInOptions['shopper'] },
) {
  await signIn({ shopper: AVA, ...options, redirectTo: '/account' });
  await expect(page.getByRole('heading', { name: 'My Account Information' })).toBeVisible();
}

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
  signIn,
}) => {
  // Nine saved rows and four axe checks: measured 8–22 s with other suites sharing the 2 cores.
  test.setTimeout(120_000);
  const js = isJs();
  // southend: zip optional, 'How did you hear about us?', several stores. lins: none of these.
  const site = js ? 'southend' : 'lins';
  const v = js
    ? {
        phone: '4355557001',
        phoneShown: '(435) 555-7001',
        phone2: '4355557101',
        phone2Shown: '(435) 555-7101',
        zip: '85614',
        place: 'Green Valley, AZ',
        store: 'Southend Benson',
      }
    : {
        phone: '4355557002',
        phoneShown: '(435) 555-7002',
        phone2: '4355557102',
        phone2Shown: '(435) 555-7102',
        zip: '84770',
        place: 'St. George, UT',
        store: "Lin's Elko",
      };
  const newEmail = `ava.account.${site}@example.com`;
  await openAccount(page, signIn, { site });

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

  // Phone: a bad number gets the spec message first.
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

  // The e-mail is the username: put it back so the demo login keeps working.
  await edit(page, 'Email', 'Email');
  await field(page, 'Email').fill(AVA.email);
  await save(page, 'Email');
  await expect(row(page, 'email')).toContainText(AVA.email);

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

test('changes the password and logs in with the new one @nojs', async ({ page, signIn }) => {
  // Three logins and four saves: measured 4–11 s with other suites sharing the 2 cores.
  test.setTimeout(60_000);
  const js = isJs();
  // corner has one location: no Home Store card. fresh-market has several.
  const site = js ? 'fresh-market' : 'corner';
  const next = js ? 'Fresh!market2026' : 'Corner!store2026';
  await openAccount(page, signIn, { site });
  await expect(page.getByRole('heading', { name: 'Home Store' })).toHaveCount(js ? 1 : 0);
  await expect(row(page, 'password')).toContainText('••••••••');

  const change = async (current: string, password: string, confirm = password) => {
    await edit(page, 'Password', 'Current Password');
    await field(page, 'Current Password').fill(current);
    await field(page, 'New Password').fill(password);
    await field(page, 'Confirm Password').fill(confirm);
  };

  await change(AVA.password, next, `${next}x`);
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
  // Passwords are never put back into the page.
  if (!js) await expect(field(page, 'New Password')).toHaveValue('');
  expect(await page.content()).not.toContain('Not-the-password1');

  await field(page, 'Current Password').fill(AVA.password);
  await field(page, 'New Password').fill(next);
  await field(page, 'Confirm Password').fill(next);
  await save(page, 'Password', 'Your password has been updated.');

  await page.getByTestId('account-logout').getByRole('button', { name: 'Log Out' }).click();
  await expect(page.getByRole('link', { name: 'Log In' }).first()).toBeVisible();
  await page.goto(brandUrl(site, '/login?redirectTo=/account'));
  await submitLogin(page, AVA.email, AVA.password);
  await expect(page.getByRole('alert')).toContainText('Invalid email address or password.');
  await openAccount(page, signIn, { site, password: next });

  // Put the demo password back.
  await change(next, AVA.password);
  await save(page, 'Password', 'Your password has been updated.');
});

test('the reward choice saves at once with JavaScript, with Save without @nojs', async ({
  page,
  signIn,
}) => {
  const js = isJs();
  const site = js ? 'harvest' : 'dans';
  await openAccount(page, signIn, { site });
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

test('a small screen gets a full-width Log Out at the top', async ({ page, signIn }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openAccount(page, signIn, { site: 'lins', shopper: CARA });
  const top = page.getByTestId('account-logout-top');
  await expect(top).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(top).toBeHidden();
  await expect(page.getByTestId('account-logout')).toBeVisible();
});
