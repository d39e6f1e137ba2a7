import { expect, submitLogin, test } from '../kit/fixtures';
import { latestMailTo } from '../kit/mail';
import {
  brandUrl,
  dismissPopups,
  expectNoSeriousAxeViolations,
  serveWithoutScripts,
} from '../kit/support';

test.beforeEach(async ({ page }) => {
  await dismissPopups(page);
});

test('wrong password, then log in and out @nojs', async ({ page, newShopper }) => {
  // A failed login counts against the account: a shopper of this test's own.
  const shopper = await newShopper({ site: 'dans' });
  await page.goto(brandUrl('dans', '/login'));
  await submitLogin(page, shopper.email, 'not-the-password');
  await expect(page.getByRole('alert')).toContainText('Invalid email address or password.');
  // The address typed stays in the form: only the password is typed again.
  await page.locator('input[name="password"]').fill(shopper.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText(`Hey ${shopper.firstName}!`).first()).toBeAttached();
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === '__session')?.httpOnly).toBe(true);
  await page.goto(brandUrl('dans', '/posts'));
  await page.locator('form[action="/logout"] button').first().dispatchEvent('click');
  await expect(page.getByRole('link', { name: 'Log In' }).first()).toBeVisible();
  await expect(page.getByText(`Hey ${shopper.firstName}!`)).toHaveCount(0);
});

test('empty fields get the spec messages without JavaScript @nojs-only', async ({ page }) => {
  await page.goto(brandUrl('lins', '/login'));
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Please enter your email address.')).toBeVisible();
  await expect(page.getByText('Please enter your password.')).toBeVisible();
});

test('a reset request e-mails a link built from the brand origin @nojs', async ({
  page,
  newShopper,
}) => {
  await page.goto(brandUrl('lins', '/login?pane=reset'));
  await page.getByLabel('Email').fill('nobody-here@example.com');
  await page.getByRole('button', { name: 'Request Password Reset' }).click();
  await expect(page.getByRole('alert')).toContainText(
    "We couldn't find an account with that email address",
  );
  const { email } = await newShopper({ site: 'lins' });
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Request Password Reset' }).click();
  await expect(page.getByText('An email has been sent to your address')).toBeVisible();
  await expect.poll(() => latestMailTo(email, 'lins'), { timeout: 5000 }).not.toBeNull();
  const mail = (await latestMailTo(email, 'lins'))!;
  const address = encodeURIComponent(email).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const link = new RegExp(
    `http://lins\\.localhost:\\d+/reset-password\\?token=[A-Za-z0-9_-]{43}&(amp;)?address=${address}`,
  );
  expect(mail.text).toMatch(link);
  expect(mail.html).toMatch(link);
});

test('the login page has no serious axe violation, with and without JavaScript', async ({
  page,
}) => {
  await page.goto(brandUrl('fresh-market', '/login'));
  await expectNoSeriousAxeViolations(page);
  await serveWithoutScripts(page);
  await page.goto(brandUrl('fresh-market', '/login?pane=reset'));
  await expectNoSeriousAxeViolations(page);
});

test('the reset link from the outbox sets a new password, once @nojs', async ({
  page,
  newShopper,
}) => {
  // A shopper of its own: the password changes, and using a link cancels the shopper's others.
  const { email, firstName } = await newShopper({ site: 'harvest' });
  await page.goto(brandUrl('harvest', '/login?pane=reset'));
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Request Password Reset' }).click();
  await expect(page.getByText('An email has been sent to your address')).toBeVisible();
  await expect.poll(() => latestMailTo(email, 'harvest'), { timeout: 5000 }).not.toBeNull();
  const mail = (await latestMailTo(email, 'harvest'))!.text ?? '';
  const link = mail.match(
    /http:\/\/harvest\.localhost:\d+\/reset-password\?token=[A-Za-z0-9_-]+&address=[^\s"<>)]+/,
  )?.[0];
  expect(link).toBeTruthy();

  await page.goto(link!);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Required.').first()).toBeVisible();
  await page.locator('input[name="password"]').fill('NewPass!2026');
  await page.locator('input[name="confirmPassword"]').fill('Different!2026');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText("Passwords don't match.")).toBeVisible();
  await page.locator('input[name="password"]').fill('NewPass!2026');
  await page.locator('input[name="confirmPassword"]').fill('NewPass!2026');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page).toHaveURL(new RegExp(`/login\\?address=${email.split('.')[0]}`));
  await expect(page.getByText('Your password has been reset.')).toBeVisible();
  await page.locator('input[name="password"]').fill('NewPass!2026');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText(`Hey ${firstName}!`).first()).toBeAttached();

  // The link is single-use.
  await page.goto(link!);
  await expect(page.getByText('This password reset authorization code has expired.')).toBeVisible();
  await page.getByRole('button', { name: 'Resubmit Request' }).click();
  await expect(
    page.getByText(
      'An email has been sent to your address with instructions on how to reset your password.',
    ),
  ).toBeVisible();
});
