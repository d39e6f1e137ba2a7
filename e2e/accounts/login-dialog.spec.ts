import { AVA } from '../../test/demo';
import { expect, test } from '../kit/fixtures';
import {
  brandUrl,
  dismissPopups,
  expectNoSeriousAxeViolations,
  PORT,
  rawRequest,
  runTimers,
  waitForHydration,
} from '../kit/support';
import { latestMailTo, readable } from '../kit/mail';

/**
 * The header login dialog (docs/reference/accounts.md), abuse limits and the reset link's
 * origin. Dialog tests need JavaScript (without it the header links to /login, tested in
 * e2e/accounts/login-page.spec.ts).
 */

test.beforeEach(async ({ page }) => {
  await dismissPopups(page);
});

/** How long after closing the dialog resets itself (app/accounts/login-dialog.tsx). */
const LOGIN_DIALOG_RESET_MS = 200;

test('the header Log In opens a 475-wide dialog with its panes; login stays on the page', async ({
  page,
  newShopper,
}) => {
  // A wrong password counts against the account: a shopper of this test's own.
  const shopper = await newShopper({ site: 'dicks' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.clock.install();
  await page.goto(brandUrl('dicks', '/posts'));
  await waitForHydration(page);
  const header = page.getByRole('banner');
  await header.getByRole('link', { name: 'Log In' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Log In' })).toBeVisible();
  expect(page.url()).toBe(brandUrl('dicks', '/posts'));
  const box = (await page.getByTestId('login-dialog').boundingBox())!;
  expect(box.width).toBeLessThanOrEqual(475);
  expect(box.width).toBeGreaterThan(400);
  await expectNoSeriousAxeViolations(page);

  // Empty fields: the catalogue's messages (validated on blur / submit).
  await dialog.getByLabel('Email').focus();
  await dialog.getByLabel('Email').blur();
  await expect(dialog.getByText('Please enter your email address.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Login' })).toBeDisabled();

  // Forgot -> reset pane; Back -> login pane.
  await dialog.getByRole('button', { name: 'Forgot Password?' }).click();
  await expect(dialog.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Back' }).click();
  await expect(dialog.getByRole('heading', { name: 'Log In' })).toBeVisible();

  // Wrong password: its message in a red alert, still in the dialog.
  await dialog.getByLabel('Email').fill(shopper.email);
  await dialog.locator('input[name="password"]').fill('not-the-password');
  await dialog.getByRole('button', { name: 'Login' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Invalid email address or password.');

  // Closing resets the dialog (200 ms after it closed, on the page's clock): reopened, it is
  // empty and on the login pane.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await runTimers(page, LOGIN_DIALOG_RESET_MS);
  await header.getByRole('link', { name: 'Log In' }).click();
  await expect(dialog.getByLabel('Email')).toHaveValue('');
  await expect(dialog.getByRole('alert')).toHaveCount(0);

  await dialog.getByLabel('Email').fill(shopper.email);
  await dialog.locator('input[name="password"]').fill(shopper.password);
  await dialog.getByRole('button', { name: 'Login' }).click();
  await expect(header.getByText(`Hey ${shopper.firstName}!`)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(page.url()).toBe(brandUrl('dicks', '/posts'));
});

test('the dialog asks for a reset and shows the sent notice', async ({ page, newShopper }) => {
  // A reset request makes the shopper a reset token: a shopper of this test's own.
  const shopper = await newShopper({ site: 'corner' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(brandUrl('corner', '/'));
  await waitForHydration(page);
  await page.getByRole('banner').getByRole('link', { name: 'Log In' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Log In' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Forgot Password?' }).click();
  await expect(dialog.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await dialog.getByLabel('Email').fill('no-such-shopper@example.com');
  await dialog.getByRole('button', { name: 'Request Password Reset' }).click();
  await expect(dialog.getByRole('alert')).toContainText(
    "We couldn't find an account with that email address, click here to register your account.",
  );
  await expect(dialog.getByRole('link', { name: 'click here' })).toHaveAttribute(
    'href',
    '/register',
  );
  await dialog.getByLabel('Email').fill(shopper.email);
  await dialog.getByRole('button', { name: 'Request Password Reset' }).click();
  await expect(
    dialog.getByText(/It could take up to 10 minutes to receive this email/),
  ).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Contact Us' })).toHaveAttribute(
    'href',
    '/contact-us',
  );
});

test('on a narrow screen the header goes to the /login page', async ({ page }) => {
  await page.setViewportSize({ width: 400, height: 800 });
  await page.goto(brandUrl('dicks', '/posts'));
  await waitForHydration(page);
  await page.getByRole('link', { name: 'Log In' }).filter({ visible: true }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Log In', level: 1 })).toBeVisible();
});

test('repeated failed logins lock the account with a 429 a shopper understands @nojs', async ({
  page,
  newShopper,
}) => {
  // The account this test locks is its own.
  const { email } = await newShopper({ site: 'corner' });
  await page.goto(brandUrl('corner', '/login'));
  for (let i = 0; i < 5; i += 1) {
    await page.getByLabel('Email').fill(email);
    await page.locator('input[name="password"]').fill(`wrong-${i}`);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid email address or password.');
  }
  await page.getByLabel('Email').fill(email);
  await page.locator('input[name="password"]').fill('wrong-again');
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/login')),
    page.getByRole('button', { name: 'Login' }).click(),
  ]);
  expect(response.status()).toBe(429);
  // After the free failures the account waits 1 minute, doubling each time (decision 0011): the
  // message says how long in words.
  await expect(page.getByRole('alert')).toHaveText(
    /^Too many attempts\. Please wait (1 minute|\d+ seconds) and try again\.$/,
  );
});

test('a reset link ignores a forged Host: it is built from the brand origin', async ({
  newShopper,
}) => {
  const { email } = await newShopper({ site: 'lins' });
  const forged = 'lins.localhost:1';
  const response = await rawRequest({
    host: forged,
    path: '/login',
    method: 'POST',
    headers: {
      origin: `https://${forged}`,
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: `intent=reset-request&email=${encodeURIComponent(email)}`,
  });
  expect(response.status).toBe(200);
  await expect.poll(() => latestMailTo(email, 'lins'), { timeout: 5000 }).not.toBeNull();
  const mail = readable((await latestMailTo(email, 'lins'))!);
  const links = mail.match(/https?:\/\/[^\s"<>]+reset-password[^\s"<>]*/g) ?? [];
  expect(links.length).toBeGreaterThan(0);
  for (const link of links) {
    expect(link.startsWith(`http://lins.localhost:${PORT}/reset-password?token=`)).toBe(true);
  }
  expect(mail).not.toContain('evil.example');
  expect(mail).not.toContain('lins.localhost:1/');
});

test('/login shows the clip message and prefills the address from the query @nojs', async ({
  page,
}) => {
  await page.goto(
    brandUrl('fresh-market', `/login?reason=clip&address=${encodeURIComponent(AVA.email)}`),
  );
  await expect(page.getByTestId('login-message')).toHaveText('You must log in to clip coupons.');
  await expect(page.getByLabel('Email')).toHaveValue(AVA.email);
  // Without the reason the brand's content message (login-message) is shown.
  await page.goto(brandUrl('fresh-market', '/login'));
  await expect(page.getByTestId('login-message')).not.toHaveText(
    'You must log in to clip coupons.',
  );
});
