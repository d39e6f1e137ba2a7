import { test as base, expect, type Page } from '@playwright/test';
import type { DemoShopper } from '../../test/demo';
import { brandUrl, waitForHydration } from './support';

/**
 * The end-to-end `test` with a signed-in shopper on hand (after Epic Stack's
 * tests/playwright-utils.ts):
 *
 *   test('…', async ({ page, signIn }) => {
 *     await signIn({ site: 'lins', shopper: AVA, redirectTo: '/account' });
 *
 * signs in through the real /login form, as a person would, with JavaScript or without (both
 * projects run `@nojs` tests): no forged cookie, no mocked service. The demo shoppers come from
 * test/demo.ts (the loyalty seed's constants). A demo shopper's record is per brand, so a test
 * that changes one (name, password, e-mail) picks a brand no other test signs that shopper in on.
 */

/** Who signs in: a demo shopper, or a shopper a test registered itself. */
export type Shopper = Pick<DemoShopper, 'email' | 'password' | 'firstName'>;

export interface SignInOptions {
  /** The brand (`<site>.localhost`). */
  site: string;
  shopper: Shopper;
  /** The page to land on (the form's redirectTo); by default the brand's own landing page. */
  redirectTo?: string;
  /** A password other than the shopper's own (after a test changed it). */
  password?: string;
}

/** Fills the /login form on the current page and presses Login. */
export async function submitLogin(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

export const test = base.extend<{ signIn: (options: SignInOptions) => Promise<void> }>({
  signIn: async ({ page, javaScriptEnabled }, use) => {
    await use(async ({ site, shopper, redirectTo, password }) => {
      const query = redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : '';
      await page.goto(brandUrl(site, `/login${query}`));
      await submitLogin(page, shopper.email, password ?? shopper.password);
      // The header greets a signed-in shopper by name, on every page.
      await expect(page.getByText(`Hey ${shopper.firstName}!`).first()).toBeAttached();
      if (redirectTo) await expect(page).toHaveURL(brandUrl(site, redirectTo));
      if (javaScriptEnabled !== false) await waitForHydration(page);
    });
  },
});

export { expect };
