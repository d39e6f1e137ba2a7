/**
 * Property-based fuzz of every form and address the site takes (no input of any shape may give a
 * 500), through the action harness (no HTTP, no request gate in front):
 * - every action's zod schema takes any form (its own field names and intents mixed with junk;
 *   values empty, huge, with controls, NUL, CR LF, unicode, lone surrogates, files) without
 *   `parseWithZod` throwing;
 * - every route action, posted such forms (random ones, and valid ones with a field changed) by
 *   a guest and by the signed-in demo shopper, and every loader that reads its address, given odd
 *   query strings and path parameters, answers below 500, never throws anything but a Response,
 *   never makes a header Node cannot send (a 500 once Express writes it), never redirects off the
 *   site, and logs no error (a client's mistake is info or warn).
 *
 * Bounded and reproducible: a fixed seed (FUZZ_SEED to try another), a fixed number of runs per
 * schema, action and loader. fast-check prints the seed and the shrunk counterexample.
 */
import fs from 'node:fs';
import { parseWithZod } from '@conform-to/zod';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  accountSchema,
  dataPreferencesSchema,
  loginFormsSchema,
  registerSchema,
  resetPasswordFormsSchema,
  resetRequestSchema,
  termsSchema,
} from '~/accounts/schemas';
import { couponActionSchema } from '~/coupons/schemas';
import { listActionSchema } from '~/list/schemas';
import { createAppLoadContext } from '~/lib/context.server';
import { loader as rootLoader } from '~/root';
import { loader as catchAllLoader } from '~/routes/$';
import { loader as couponsLoader } from '~/routes/digital-coupons._index';
import { loader as printLoader } from '~/routes/digital-coupons.print';
import { loader as errorLoader } from '~/routes/error.$status';
import { loader as storeLoader } from '~/routes/locations.$slug';
import { loader as locationsLoader } from '~/routes/locations._index';
import { loader as storeMapLoader } from '~/routes/locations.map[.]svg';
import { loader as loginLoader } from '~/routes/login';
import { loader as postLoader } from '~/routes/posts.$category.$slug';
import { loader as categoryLoader } from '~/routes/posts.$category._index';
import { loader as postsLoader } from '~/routes/posts._index';
import { loader as resetPasswordLoader } from '~/routes/reset-password';
import { loader as searchLoader } from '~/routes/search';
import { loader as themeLoader } from '~/routes/theme.$file';
import { loader as weeklyAdLoader } from '~/routes/weekly-ad';
import { loader as weeklyAdPreviewLoader } from '~/routes/weekly-ad_.preview';
import { loader as rewardsLoader } from '~/routes/rewards._index';
import { loader as cardLoader } from '~/routes/card';
import { loader as rewardsViewerLoader } from '~/routes/rewards.viewer';
import { action as accountAction } from '~/routes/account._index';
import { action as dataPreferencesAction } from '~/routes/account.data-preferences';
import { action as termsAction } from '~/routes/account_.terms';
import { loader as receiptsLoader } from '~/routes/account_.receipts';
import { action as couponsAction } from '~/routes/digital-coupons._index';
import { action as listAction, loader as listLoader } from '~/routes/list';
import { loader as sharedListLoader } from '~/routes/list_.shared.$token';
import { action as homeStoreAction } from '~/routes/home-store';
import { action as loginAction } from '~/routes/login';
import { action as logoutAction } from '~/routes/logout';
import { action as registerAction } from '~/routes/register';
import { action as resetPasswordAction } from '~/routes/reset-password';
import { homeStoreSchema } from '~/stores/home-store/home-store.server';
import { bannerReportSchema } from '~/content/banner-report.server';
import { action as bannerReportAction } from '~/routes/banner-report';
import { action as newsletterAction, loader as newsletterLoader } from '~/routes/newsletter';
import { action as newsletterAceAction } from '~/routes/newsletter_.ace';
import {
  action as newsletterPharmacyAction,
  loader as newsletterPharmacyLoader,
} from '~/routes/newsletter_.pharmacy';
import { pharmacySchema, signupSchema } from '~/newsletter/schemas';
import {
  action as newsletterConfirmAction,
  loader as newsletterConfirmLoader,
} from '~/routes/newsletter_.confirm';
import {
  action as newsletterManageAction,
  loader as newsletterManageLoader,
} from '~/routes/newsletter_.manage';
import {
  action as unsubscribeAction,
  loader as unsubscribeLoader,
} from '~/routes/email.unsubscribe';
import { loader as pharmacyStoreLoader } from '~/routes/pharmacy.$store';
import { action as charityAction, loader as charityLoader } from '~/routes/rewards.charity';
import { action as ssoLoginAction, loader as ssoLoginLoader } from '~/routes/sso.login';
import { action as ssoRegisterAction, loader as ssoRegisterLoader } from '~/routes/sso.register';
import { loader as ssoAccountLoader } from '~/routes/sso.account';
import { loader as ssoLogoutLoader } from '~/routes/sso.logout';
import { charityChangeSchema } from '~/rewards/charity';
import { answersSchema } from '~/forms/answers-schema';
import { action as formAction, loader as formLoader } from '~/routes/forms.$slug';
import { loader as formSentLoader } from '~/routes/forms.$slug_.sent';
import { formFileSchema } from '~/forms/form-file-schema';
import { logger } from '@common/logger.server';
import { startActionHarness, type ActionHarness, type CallResult } from '@test/action-harness';
import { AVA } from '@test/demo';
import {
  formFor,
  FUZZ_PARTNER_REDIRECT,
  mutatedForm,
  schemaShape,
  toFormData,
  validForms,
  text,
} from '@test/fuzz-forms';

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_110);
const SCHEMA_RUNS = 200;
const ACTION_RUNS = 60;
const LOADER_RUNS = 30;
const SITE = 'lins';

const runs = (numRuns: number) => ({ numRuns, seed: SEED });

// --- Schemas ------------------------------------------------------------------------------------

/** The answers schema of a demo content form (read from the files, as the site reads them). */
function contentFormSchema(slug: string): z.ZodTypeAny {
  const file = slug === 'ad-request' ? 'shared' : SITE;
  const raw: unknown = JSON.parse(fs.readFileSync(`content/${file}/forms/${slug}.json`, 'utf8'));
  return answersSchema(formFileSchema.parse(raw));
}

const REGISTER_FLAGS = [
  {
    addressHidden: false,
    zipOptional: false,
    organizationQuestion: true,
    rewardChoice: true,
    storeRequired: true,
    storeNumbers: ['0001', '0002'],
    rewardIds: ['1', '2'],
  },
  {
    addressHidden: true,
    zipOptional: true,
    organizationQuestion: false,
    rewardChoice: false,
    storeRequired: false,
  },
];

const SCHEMAS: [string, z.ZodTypeAny][] = [
  ['login', loginFormsSchema],
  ['reset request', resetRequestSchema],
  ['reset password', resetPasswordFormsSchema],
  ...REGISTER_FLAGS.map((flags, i): [string, z.ZodTypeAny] => [
    `register ${i}`,
    registerSchema(flags),
  ]),
  ['account', accountSchema({ zipOptional: false, storeNumbers: ['0001'], rewardIds: ['1'] })],
  ['account (no password, zip optional)', accountSchema({ zipOptional: true, hasPassword: false })],
  ['terms', termsSchema],
  ['data preferences', dataPreferencesSchema],
  ['coupons', couponActionSchema],
  ['shopping list', listActionSchema],
  ['home store', homeStoreSchema],
  ['newsletter', signupSchema(['0012', '0021'])],
  ['newsletter pharmacy', pharmacySchema(['LINS', 'FRESH MARKET'])],
  ['charity', charityChangeSchema(['1001', '1002'])],
  ['content form', contentFormSchema('customer-service')],
  ['content form with several files', contentFormSchema('ad-request')],
];

describe('every form schema takes any form without throwing', () => {
  it.each(SCHEMAS)('%s', (_name, schema) => {
    expect(schemaShape(schema).keys.size).toBeGreaterThan(0);
    fc.assert(
      fc.property(formFor(schema), (entries) => {
        const submission = parseWithZod(toFormData(entries), { schema });
        expect(['success', 'error']).toContain(submission.status);
        // The reply a page gets back serializes (no cycle, no BigInt, nothing that throws).
        JSON.stringify(submission.reply());
      }),
      runs(SCHEMA_RUNS),
    );
  });
});

// --- Actions and loaders ------------------------------------------------------------------------

type RouteFunction = Parameters<ReturnType<ActionHarness['browser']>['call']>[0];

/** A header value Node can send: no control character but tab, nothing above U+00FF. */
const SENDABLE = /^[\t\x20-\x7e\x80-\xff]*$/;

/**
 * What every answer must be: a status below 500, headers Node can write (an invalid one is an
 * ERR_INVALID_CHAR, a 500, once Express sends it), a redirect that stays on the site, or (a
 * single sign-on that went through) goes to the partner client's registered redirect URI.
 */
function expectSound(res: CallResult, what: string) {
  expect(res.status, what).toBeGreaterThanOrEqual(200);
  expect(res.status, what).toBeLessThan(500);
  for (const [name, v] of res.headers) expect(v, `${what}: header ${name}`).toMatch(SENDABLE);
  if (res.location !== null) {
    const base = 'http://lins.localhost:3000';
    const target = new URL(res.location, base);
    const partner = `${target.origin}${target.pathname}` === FUZZ_PARTNER_REDIRECT;
    if (!partner) expect(target.origin, `${what}: Location ${res.location}`).toBe(base);
  }
}

/**
 * Every route action: its address (the key of its valid forms), the query its page posts with,
 * and the schema its random forms are drawn from.
 */
const ACTIONS: {
  address: string;
  query?: string;
  action: RouteFunction;
  schema: z.ZodTypeAny;
  params?: Record<string, string>;
}[] = [
  { address: '/login', action: loginAction, schema: loginFormsSchema },
  { address: '/register', action: registerAction, schema: registerSchema(REGISTER_FLAGS[0]) },
  {
    address: '/reset-password',
    query: '?token=fuzz&address=ava.shopper%40example.com',
    action: resetPasswordAction,
    schema: resetPasswordFormsSchema,
  },
  {
    address: '/account?index',
    action: accountAction,
    schema: accountSchema({ zipOptional: false }),
  },
  {
    address: '/account/data-preferences',
    action: dataPreferencesAction,
    schema: dataPreferencesSchema,
  },
  { address: '/account/terms', action: termsAction, schema: termsSchema },
  { address: '/digital-coupons?index', action: couponsAction, schema: couponActionSchema },
  { address: '/list', action: listAction, schema: listActionSchema },
  { address: '/home-store', action: homeStoreAction, schema: homeStoreSchema },
  { address: '/banner-report', action: bannerReportAction, schema: bannerReportSchema },
  { address: '/newsletter', action: newsletterAction, schema: signupSchema(['0012']) },
  // The demo brand has no Ace locations: every post is a 404, never a 500.
  { address: '/newsletter/ace', action: newsletterAceAction, schema: signupSchema(['0816']) },
  {
    address: '/newsletter/pharmacy',
    action: newsletterPharmacyAction,
    schema: pharmacySchema(['LINS']),
  },
  { address: '/rewards/charity', action: charityAction, schema: charityChangeSchema() },
  // The pages the e-mails link to: their token is the only field.
  {
    address: '/newsletter/confirm',
    action: newsletterConfirmAction,
    schema: z.object({ token: z.string() }),
  },
  {
    address: '/newsletter/manage',
    action: newsletterManageAction,
    schema: z.object({ token: z.string() }),
  },
  {
    address: '/email/unsubscribe',
    query: '?t=v1.fuzz',
    action: unsubscribeAction,
    schema: z.object({ t: z.string(), 'List-Unsubscribe': z.string() }),
  },
  {
    address: '/forms/customer-service',
    action: formAction,
    schema: contentFormSchema('customer-service'),
    params: { slug: 'customer-service' },
  },
  {
    address: '/forms/ad-request',
    action: formAction,
    schema: contentFormSchema('ad-request'),
    params: { slug: 'ad-request' },
  },
  // Takes no fields: whatever is posted is ignored.
  { address: '/logout', action: logoutAction, schema: z.object({ x: z.string() }) },
  // The single-sign-on pages post the site's login and registration forms with `oauth`.
  { address: '/sso/login', action: ssoLoginAction, schema: loginFormsSchema },
  {
    address: '/sso/register',
    action: ssoRegisterAction,
    schema: registerSchema(REGISTER_FLAGS[0]),
  },
];

/**
 * Loaders that read the query string or the path's parameters. `guestOnly`: a signed-in run
 * would end the session the other runs replay (a logout).
 */
const LOADERS: {
  name: string;
  loader: RouteFunction;
  path: string;
  params?: string[];
  guestOnly?: boolean;
}[] = [
  { name: 'root', loader: rootLoader, path: '/' },
  { name: 'login', loader: loginLoader, path: '/login' },
  { name: 'reset-password', loader: resetPasswordLoader, path: '/reset-password' },
  { name: 'digital-coupons', loader: couponsLoader, path: '/digital-coupons' },
  { name: 'digital-coupons print', loader: printLoader, path: '/digital-coupons/print' },
  { name: 'search', loader: searchLoader, path: '/search' },
  { name: 'posts', loader: postsLoader, path: '/posts' },
  { name: 'category', loader: categoryLoader, path: '/posts/recipes', params: ['category'] },
  { name: 'post', loader: postLoader, path: '/posts/recipes/x', params: ['category', 'slug'] },
  { name: 'catch-all', loader: catchAllLoader, path: '/x', params: ['*'] },
  { name: 'theme', loader: themeLoader, path: '/theme/x.css', params: ['file'] },
  { name: 'error', loader: errorLoader, path: '/error/400', params: ['status'] },
  { name: 'locations', loader: locationsLoader, path: '/locations' },
  { name: 'store page', loader: storeLoader, path: '/locations/x', params: ['slug'] },
  { name: 'store map', loader: storeMapLoader, path: '/locations/map.svg' },
  { name: 'weekly ad', loader: weeklyAdLoader, path: '/weekly-ad' },
  { name: 'newsletter', loader: newsletterLoader, path: '/newsletter' },
  { name: 'receipts', loader: receiptsLoader, path: '/account/receipts' },
  { name: 'shopping list', loader: listLoader, path: '/list' },
  { name: 'shared list', loader: sharedListLoader, path: '/list/shared/x', params: ['token'] },
  { name: 'newsletter pharmacy', loader: newsletterPharmacyLoader, path: '/newsletter/pharmacy' },
  // The pharmacy page hosts the pharmacy sign-up and reads its `store` parameter.
  {
    name: 'pharmacy page',
    loader: (args) => catchAllLoader({ ...args, params: { '*': 'pharmacy' } }),
    path: '/pharmacy',
  },
  {
    name: 'pharmacy store page',
    loader: pharmacyStoreLoader,
    path: '/pharmacy/x',
    params: ['store'],
  },
  { name: 'weekly-ad preview', loader: weeklyAdPreviewLoader, path: '/weekly-ad/preview' },
  { name: 'rewards', loader: rewardsLoader, path: '/rewards' },
  { name: 'rewards viewer', loader: rewardsViewerLoader, path: '/rewards/viewer' },
  { name: 'card', loader: cardLoader, path: '/card' },
  { name: 'newsletter confirm', loader: newsletterConfirmLoader, path: '/newsletter/confirm' },
  { name: 'newsletter manage', loader: newsletterManageLoader, path: '/newsletter/manage' },
  { name: 'reminders unsubscribe', loader: unsubscribeLoader, path: '/email/unsubscribe' },
  // The school search (q) of the charity page.
  { name: 'charity', loader: charityLoader, path: '/rewards/charity' },
  { name: 'sso login', loader: ssoLoginLoader, path: '/sso/login' },
  { name: 'sso register', loader: ssoRegisterLoader, path: '/sso/register' },
  { name: 'sso account', loader: ssoAccountLoader, path: '/sso/account' },
  { name: 'sso logout', loader: ssoLogoutLoader, path: '/sso/logout', guestOnly: true },
  // A content form's page and success page, by slug (a slug of no form is a 404).
  { name: 'content form', loader: formLoader, path: '/forms/x', params: ['slug'] },
  { name: 'content form sent', loader: formSentLoader, path: '/forms/x/sent', params: ['slug'] },
];

const QUERY_NAMES = [
  'redirectTo',
  'returnTo',
  'reason',
  'address',
  'token',
  'pane',
  'tab',
  'q',
  'page',
  'sort',
  'rsort',
  'show',
  'category',
  'brand',
  'options',
  'offerCode',
  'edit',
  'rdir',
  'lat',
  'lng',
  'v',
  'location',
  'store',
  'details',
  'coupon',
  'oauth',
  'client_id',
  'post_logout_redirect_uri',
  't',
];

let h: ActionHarness;
/** The signed-in demo shopper's cookie (one login; every run replays it). */
let signedIn = '';
let valid: Record<string, Record<string, string>[]>;

beforeAll(async () => {
  h = await startActionHarness({ sites: [SITE], env: { RATE_LIMIT_IP_PER_MINUTE: '100000' } });
  valid = validForms(h.content.retailerInfo(SITE).locations.map((l) => l.storeNumber));
  const browser = h.browser(SITE);
  const res = await browser.call(loginAction, '/login', {
    intent: 'login',
    email: AVA.email,
    password: AVA.password,
  });
  expect(res.status).toBe(302);
  signedIn = browser.cookie;
}, 60_000);
afterAll(() => h?.close());

// A client's mistake is logged at info or warn: an error log is a finding, as a 500 is.
let errorLogs: ReturnType<typeof vi.spyOn>[] = [];
beforeEach(() => {
  errorLogs = [vi.spyOn(logger, 'error'), vi.spyOn(logger, 'fatal')];
});
afterEach(() => {
  for (const spy of errorLogs) expect(spy.mock.calls.map((c) => c.at(-1))).toEqual([]);
});

/**
 * A route function whose thrown `data()` (a loader's 404, as Remix answers it) is returned: the
 * harness turns only a thrown Response into an answer.
 */
function answering(fn: RouteFunction): RouteFunction {
  return async (args) => {
    try {
      return await fn(args);
    } catch (thrown) {
      const kind = (thrown as { type?: unknown } | null)?.type;
      if (kind === 'DataWithResponseInit') return thrown;
      throw thrown;
    }
  };
}

/** A fresh browser per call, so a Set-Cookie (a logout, a new session) never carries over. */
function call(
  fn: RouteFunction,
  path: string,
  form: FormData | undefined,
  cookie: string | null,
  params: Record<string, string> = {},
) {
  const browser = h.browser(SITE, { clientIp: '198.51.100.7' });
  return browser.call(answering(fn), path, form, {
    headers: cookie ? { Cookie: cookie } : {},
    params,
  });
}

describe('every action answers any form below 500, as a guest and signed in', () => {
  it.each(ACTIONS)(
    '$address',
    async ({ address, query = '', action, schema, params }) => {
      const logout = address === '/logout';
      // A signed-in logout would end the session the other runs replay (server-side sessions).
      const identities = logout ? [null] : [null, signedIn];
      const forms = fc.oneof(
        { weight: 1, arbitrary: formFor(schema) },
        { weight: 3, arbitrary: mutatedForm(valid[address], schema) },
      );
      await fc.assert(
        fc.asyncProperty(forms, async (entries) => {
          // Each form is posted by a guest and by the signed-in shopper.
          for (const who of identities) {
            const res = await call(action, address + query, toFormData(entries), who, params);
            expectSound(res, `${address} ${who ? 'signed in' : 'guest'}`);
          }
        }),
        runs(logout ? 20 : ACTION_RUNS),
      );
    },
    40_000,
  );

  it('was signed in all along (the signed-in runs really were)', async () => {
    const context = await createAppLoadContext(h.services, {
      tenant: h.tenant(SITE),
      nonce: 'n',
      https: false,
      clientIp: '198.51.100.7',
      cookie: signedIn,
    });
    expect(context.shopper).not.toBeNull();
  });
});

describe('every loader answers any address below 500', () => {
  const query = fc
    .array(fc.tuple(fc.oneof(fc.constantFrom(...QUERY_NAMES), text), text), { maxLength: 4 })
    .map((pairs) => {
      const search = new URLSearchParams();
      for (const [k, v] of pairs) search.append(k, v);
      return search.toString();
    });

  it.each(LOADERS)(
    '$name',
    async ({ name, loader, path, params = [], guestOnly = false }) => {
      await fc.assert(
        fc.asyncProperty(
          query,
          fc.array(text, { minLength: params.length, maxLength: params.length }),
          fc.constantFrom(null, ...(guestOnly ? [] : [signedIn])),
          async (search, values, who) => {
            const routeParams = Object.fromEntries(params.map((p, i) => [p, values[i]]));
            const res = await call(loader, `${path}?${search}`, undefined, who, routeParams);
            expectSound(res, `${name} ${who ? 'signed in' : 'guest'}`);
          },
        ),
        runs(LOADER_RUNS),
      );
    },
    40_000,
  );
});
