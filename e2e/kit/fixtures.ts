import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { e2eLoyaltyApi } from './loyalty';
import {
  registerFreshShopper,
  type FreshShopper,
  type NewShopperOptions,
  type Shopper,
} from './shoppers';
import { brandUrl, rawRequest, waitForHydration } from './support';

/**
 * The end-to-end `test` with shoppers on hand (after the Epic Stack's tests/playwright-utils.ts):
 *
 *   test('…', async ({ page, signInNewShopper }) => {
 *     const shopper = await signInNewShopper({ site: 'lins', redirectTo: '/account' });
 *
 * - `newShopper(options)` registers a shopper no other test knows, through the loyalty API of
 *   the e2e server: every test that changes a shopper (clips, account rows, password, charity,
 *   terms, home store, failed logins) changes its own.
 * - `signIn({ site, shopper, redirectTo })` signs a shopper in (a fresh one or a demo shopper,
 *   whose seeded history a test only reads): the /login form posted by the test, its session
 *   cookie handed to the browser, then the page the server sends the shopper to. A test about
 *   the login form fills the form itself (`submitLogin`).
 * - `signInNewShopper(options)`: both.
 *
 * The shoppers a test registered are listed in its annotations (type 'shopper').
 */

export type { FreshShopper, NewShopperOptions, Shopper };

export interface SignInOptions {
  /** The brand (`<site>.localhost`). */
  site: string;
  shopper: Shopper;
  /** The page to land on (the form's redirectTo); by default where the brand sends a shopper. */
  redirectTo?: string;
  /** A password other than the shopper's own (after a test changed it). */
  password?: string;
}

interface ShopperFixtures {
  newShopper: (options: NewShopperOptions) => Promise<FreshShopper>;
  signIn: (options: SignInOptions) => Promise<void>;
  signInNewShopper: (options: NewShopperOptions & { redirectTo?: string }) => Promise<FreshShopper>;
}

/** Fills the /login form on the current page and presses Login. */
export async function submitLogin(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** One Set-Cookie header as Playwright's addCookies takes it, for the brand's address. */
function cookieFrom(header: string, url: string) {
  const [pair, ...attributes] = header.split(';').map((part) => part.trim());
  const at = pair.indexOf('=');
  const cookie: Parameters<BrowserContext['addCookies']>[0][number] = {
    name: pair.slice(0, at),
    value: pair.slice(at + 1),
    url,
  };
  for (const attribute of attributes) {
    const [key, value = ''] = attribute.split('=');
    const name = key.toLowerCase();
    if (name === 'httponly') cookie.httpOnly = true;
    else if (name === 'secure') cookie.secure = true;
    else if (name === 'samesite') {
      cookie.sameSite = (value[0].toUpperCase() + value.slice(1).toLowerCase()) as
        | 'Strict'
        | 'Lax'
        | 'None';
    } else if (name === 'max-age') cookie.expires = Math.floor(Date.now() / 1000) + Number(value);
    else if (name === 'expires' && cookie.expires === undefined) {
      cookie.expires = Math.floor(Date.parse(value) / 1000);
    }
  }
  return cookie;
}

/**
 * Posts the /login form as the browser would (its Origin, the brand's Host) and hands the
 * cookies of the answer to the browser context; resolves with where the server sends the
 * shopper.
 */
async function postLogin(context: BrowserContext, options: SignInOptions): Promise<string> {
  const { site, shopper, redirectTo, password } = options;
  const origin = new URL(brandUrl(site)).origin;
  const body = new URLSearchParams({
    intent: 'login',
    email: shopper.email,
    password: password ?? shopper.password,
    ...(redirectTo ? { redirectTo } : {}),
  }).toString();
  const answer = await rawRequest({
    host: new URL(origin).host,
    path: '/login',
    method: 'POST',
    headers: {
      origin,
      'content-type': 'application/x-www-form-urlencoded',
      'content-length': String(Buffer.byteLength(body)),
      cookie: (await context.cookies(origin)).map((c) => `${c.name}=${c.value}`).join('; '),
    },
    body,
  });
  const location = answer.headers.location;
  expect(answer.status, `login of ${shopper.email} on ${site}`).toBe(302);
  expect(location, 'where the login sends the shopper').toBeTruthy();
  const setCookies = answer.headers['set-cookie'] ?? [];
  expect(
    setCookies.some((c) => c.startsWith('__session=')),
    'a session cookie',
  ).toBe(true);
  await context.addCookies(setCookies.map((c) => cookieFrom(c, origin)));
  return location!;
}

export const test = base.extend<ShopperFixtures>({
  // Playwright reads a fixture's dependencies from its first parameter: this one has none.
  // eslint-disable-next-line no-empty-pattern
  newShopper: async ({}, use, testInfo) => {
    await use(async (options) => {
      const shopper = await registerFreshShopper(await e2eLoyaltyApi(), options);
      testInfo.annotations.push({
        type: 'shopper',
        description: `${shopper.site}: ${shopper.email} (${shopper.frqShopperNo})`,
      });
      return shopper;
    });
  },

  signIn: async ({ page, javaScriptEnabled }, use) => {
    await use(async (options) => {
      const location = await postLogin(page.context(), options);
      await page.goto(new URL(location, brandUrl(options.site)).href);
      // The header greets a signed-in shopper by name, on every page.
      await expect(page.getByText(`Hey ${options.shopper.firstName}!`).first()).toBeAttached();
      if (options.redirectTo)
        await expect(page).toHaveURL(brandUrl(options.site, options.redirectTo));
      if (javaScriptEnabled !== false) await waitForHydration(page);
    });
  },

  signInNewShopper: async ({ newShopper, signIn }, use) => {
    await use(async ({ redirectTo, ...options }) => {
      const shopper = await newShopper(options);
      await signIn({ site: shopper.site, shopper, redirectTo });
      return shopper;
    });
  },
});

export { expect };
