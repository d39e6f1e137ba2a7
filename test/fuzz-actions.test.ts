/**
 * Property-based fuzz of every form the site takes (issue 10, "no 500 for any input"): for each
 * action's zod schema, arbitrary forms (the schema's own field names and intents mixed with junk
 * names; values that are empty, huge, control characters, NUL, unicode, lone surrogates, files,
 * plausible values) must never make `parseWithZod` throw; and every route action, called as a
 * guest and as a signed-in demo shopper with such forms, must answer (or throw) a Response below
 * 500 and never throw anything else.
 *
 * Bounded and reproducible: a fixed seed (FUZZ_SEED to try another), a fixed number of runs per
 * schema and per action. fast-check prints the seed and the shrunk form of any failure.
 */
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
import { HONEYPOT_FIELD } from '~/lib/security/bot-check.server';
import { createAppLoadContext } from '~/lib/context.server';
import { loader as rootLoader } from '~/root';
import { loader as catchAllLoader } from '~/routes/$';
import { loader as couponsLoader } from '~/routes/digital-coupons._index';
import { loader as printLoader } from '~/routes/digital-coupons.print';
import { loader as errorLoader } from '~/routes/error.$status';
import { loader as loginLoader } from '~/routes/login';
import { loader as postLoader } from '~/routes/posts.$category.$slug';
import { loader as categoryLoader } from '~/routes/posts.$category._index';
import { loader as postsLoader } from '~/routes/posts._index';
import { loader as resetPasswordLoader } from '~/routes/reset-password';
import { loader as searchLoader } from '~/routes/search';
import { loader as themeLoader } from '~/routes/theme.$file';
import { action as accountAction } from '~/routes/account._index';
import { action as dataPreferencesAction } from '~/routes/account.data-preferences';
import { action as termsAction } from '~/routes/account_.terms';
import { action as couponsAction } from '~/routes/digital-coupons._index';
import { action as homeStoreAction } from '~/routes/home-store';
import { action as loginAction } from '~/routes/login';
import { action as logoutAction } from '~/routes/logout';
import { action as registerAction } from '~/routes/register';
import { action as resetPasswordAction } from '~/routes/reset-password';
import { homeStoreSchema } from '~/shell/home-store.server';
import { logger } from '@common/logger.server';
import { startActionHarness, type ActionHarness, type CallResult } from '@test/action-harness';
import { AVA } from '@test/demo';

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_110);
const SCHEMA_RUNS = 200;
const ACTION_RUNS = 60;
const LOADER_RUNS = 30;
const SITE = 'lins';

// --- What a schema takes ------------------------------------------------------------------------

/** Field names and `intent` literals of a zod schema (objects, unions, refinements). */
function schemaShape(schema: z.ZodTypeAny): { keys: Set<string>; intents: Set<string> } {
  const keys = new Set<string>();
  const intents = new Set<string>();
  const visit = (s: z.ZodTypeAny) => {
    if (s instanceof z.ZodEffects) return visit(s.innerType());
    if (s instanceof z.ZodDiscriminatedUnion || s instanceof z.ZodUnion) {
      for (const option of s.options as z.ZodTypeAny[]) visit(option);
      return;
    }
    if (s instanceof z.ZodObject) {
      for (const [key, field] of Object.entries(s.shape as Record<string, z.ZodTypeAny>)) {
        keys.add(key);
        if (field instanceof z.ZodLiteral && typeof field.value === 'string') {
          intents.add(field.value);
        }
      }
    }
  };
  visit(schema);
  return { keys, intents };
}

// --- Arbitrary forms ----------------------------------------------------------------------------

/** Values people, browsers and attackers send, beside random ones. */
const PLAUSIBLE = [
  '',
  ' ',
  'on',
  'true',
  'false',
  '0',
  '1',
  '-1',
  '1e309',
  'NaN',
  'null',
  'undefined',
  '[object Object]',
  '__proto__',
  'constructor',
  'ava.shopper@example.com',
  'fuzz@example.com',
  'not-an-email',
  '3035550100',
  '(303) 555-0100',
  '80202',
  '80202-1234',
  '1990-01-01',
  '1899-12-31',
  '2999-01-01',
  '02/30/1990',
  'Passw0rd!long',
  '0001',
  '9999',
  'offer-1',
  '?tab=clipped',
  '?tab=%0d%0aSet-Cookie:x=y',
  '/account',
  '//evil.example',
  '/..//evil.example',
  '/%2e%2e//evil.example',
  'https://evil.example/',
  'javascript:alert(1)',
  '/\r\nSet-Cookie: x=y',
  '/caf\u00e9',
  '/\u20ac\u0001',
  '?tab=\u20ac',
  '?tab=all\r\nSet-Cookie: x=y',
  '?\u0001',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '\u202e\u0645\u0631\u062d\u0628\u0627',
  '\ud83d\ude00',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '%00',
  '%',
  'x'.repeat(2001),
  'y'.repeat(70_000),
];

const text = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...PLAUSIBLE) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ minLength: 300, maxLength: 3000 }) },
  // Shaped like the addresses and query strings the forms carry (redirectTo, returnTo).
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom('/', '?', '//', '/\\'), fc.string({ unit: 'binary', maxLength: 20 }))
      .map(([start, rest]) => start + rest),
  },
  {
    weight: 1,
    // A lone surrogate or a NUL somewhere inside an ordinary string.
    arbitrary: fc
      .tuple(fc.string({ maxLength: 10 }), fc.constantFrom('\0', '\ud800', '\udc00', '\r\n'))
      .map(([s, bad]) => `${s}${bad}${s}`),
  },
);

type Value = string | { file: string; name: string };
const value: fc.Arbitrary<Value> = fc.oneof(
  { weight: 12, arbitrary: text },
  { weight: 1, arbitrary: fc.record({ file: text, name: text }) },
);

type Entry = [string, Value];

/**
 * A form for a schema: its intent (mostly one of its own), some of its fields, and junk fields
 * (other names, repeated names, names with odd characters).
 */
function formFor(schema: z.ZodTypeAny): fc.Arbitrary<Entry[]> {
  const { keys, intents } = schemaShape(schema);
  const ownName = fc.constantFrom(...keys, HONEYPOT_FIELD);
  const intent: fc.Arbitrary<Entry[]> = intents.size
    ? fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...intents).map((i): Entry[] => [['intent', i]]) },
        { weight: 1, arbitrary: text.map((i): Entry[] => [['intent', i]]) },
        { weight: 1, arbitrary: fc.constant<Entry[]>([]) },
      )
    : fc.constant<Entry[]>([]);
  const fields = fc.array(fc.tuple(ownName, value), { maxLength: keys.size + 2 });
  const junk = fc.array(fc.tuple(fc.oneof(text, ownName), value), { maxLength: 4 });
  return fc.tuple(intent, fields, junk).map(([i, f, j]) => [...i, ...f, ...j]);
}

function toFormData(entries: Entry[]): FormData {
  const form = new FormData();
  for (const [name, v] of entries) {
    if (typeof v === 'string') form.append(name, v);
    else form.append(name, new File([v.file], v.name));
  }
  return form;
}

const runs = (numRuns: number) => ({ numRuns, seed: SEED, endOnFailure: true });

// --- Schemas ------------------------------------------------------------------------------------

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
  ['home store', homeStoreSchema],
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
 * ERR_INVALID_CHAR, a 500, once Express sends it), a redirect that stays on the site.
 */
function expectSound(res: CallResult, what: string) {
  expect(res.status, what).toBeGreaterThanOrEqual(200);
  expect(res.status, what).toBeLessThan(500);
  for (const [name, v] of res.headers) expect(v, `${what}: header ${name}`).toMatch(SENDABLE);
  if (res.location !== null) {
    const base = 'http://lins.localhost:3000';
    expect(new URL(res.location, base).origin, `${what}: Location ${res.location}`).toBe(base);
  }
}

/**
 * A valid form of each action, as its page posts it: the fuzz starts from these as often as
 * from random forms, changing some fields, so runs get past validation into the services.
 * Never the demo shopper's real password (a change would end sessions the runs replay).
 */
function validForms(stores: string[]): Record<string, Record<string, string>[]> {
  const store = stores[0] ?? '0001';
  const password = 'Fuzz-pass-12345!';
  return {
    login: [
      { intent: 'login', email: AVA.email, password: 'Wrong-pass-123!', redirectTo: '/account' },
      { intent: 'reset-request', email: 'fuzz.nobody@example.com' },
    ],
    register: [
      {
        firstName: 'Fuzz',
        lastName: 'Tester',
        birthday: '1990-01-01',
        email: 'fuzz.new@example.com',
        phone: '3035550142',
        address1: '1 Main St',
        zip: '80202',
        storeNumber: store,
        organization: 'Radio',
        password,
        confirmPassword: password,
        promoEmails: 'on',
        acceptTerms: 'on',
        [HONEYPOT_FIELD]: '',
      },
    ],
    'reset-password': [
      { intent: 'reset', password, confirmPassword: password },
      { intent: 'resend' },
    ],
    account: [
      { intent: 'fullName', firstName: 'Ava', lastName: 'Shopper' },
      { intent: 'phone', phone: '3035550143' },
      { intent: 'secondaryPhone', secondaryPhone: '' },
      { intent: 'email', email: AVA.email },
      {
        intent: 'password',
        currentPassword: 'Wrong-pass-123!',
        newPassword: password,
        confirmPassword: password,
      },
      { intent: 'birthday', birthday: '1985-05-05' },
      { intent: 'fullAddress', address1: '2 Main St', address2: '', zip: '80203' },
      { intent: 'organization', organization: 'Friends' },
      { intent: 'storeNumber', storeNumber: store },
      { intent: 'rewardChoice', rewardSubscriptionId: '1' },
    ],
    'data-preferences': [{ optOutDataSharing: 'on' }, {}],
    terms: [{ acceptTerms: 'on' }],
    'digital-coupons': [
      { intent: 'clip', offerId: 'fuzz-offer', returnTo: '?tab=all' },
      { intent: 'clip-all', returnTo: '?tab=all' },
    ],
    'home-store': [{ intent: 'choose-home-store', storeNumber: store, redirectTo: '/posts' }],
    logout: [{}],
  };
}

/** Characters that must never break an answer: controls, NUL, CR LF, beyond Latin-1, surrogates. */
const SNIPPET = fc.constantFrom(
  '\0',
  '\r\n',
  '\n',
  '\u0001',
  '\u007f',
  '\u00e9',
  '\u20ac',
  '\ud800',
  '\ud83d\ude00',
  '%',
  '%00',
  '//',
  '/../',
  ' ',
);

/**
 * A valid form with a field changed: given another value, or with odd characters slipped into
 * its own value (so a value that must start with `?` or `/` still does); sometimes junk fields
 * added. Mostly one field at a time, so the rest of the form stays valid.
 */
function mutated(bases: Record<string, string>[], schema: z.ZodTypeAny): fc.Arbitrary<Entry[]> {
  const names = [...schemaShape(schema).keys];
  const change = fc.oneof(
    fc.tuple(fc.constantFrom(...names), value).map(([name, v]) => ({ name, v, at: -1 })),
    fc
      .tuple(fc.constantFrom(...names), SNIPPET, fc.nat(40))
      .map(([name, v, at]) => ({ name, v: v as Value, at })),
  );
  return fc
    .tuple(
      fc.constantFrom(...bases),
      fc.array(change, { minLength: 1, maxLength: 2 }),
      fc.array(fc.tuple(text, value), { maxLength: 1 }),
    )
    .map(([base, changes, junk]) => {
      const form = new Map<string, Value>(Object.entries(base));
      for (const { name, v, at } of changes) {
        const own = form.get(name);
        if (at >= 0 && typeof own === 'string' && typeof v === 'string') {
          const i = Math.min(at, own.length);
          form.set(name, own.slice(0, i) + v + own.slice(i));
        } else form.set(name, v);
      }
      return [...form, ...junk];
    });
}

/** Every route action with its address and the schema its forms are drawn from. */
const ACTIONS: { name: string; action: RouteFunction; path: string; schema: z.ZodTypeAny }[] = [
  { name: 'login', action: loginAction, path: '/login', schema: loginFormsSchema },
  {
    name: 'register',
    action: registerAction,
    path: '/register',
    schema: registerSchema(REGISTER_FLAGS[0]),
  },
  {
    name: 'reset-password',
    action: resetPasswordAction,
    path: '/reset-password?token=fuzz&address=ava.shopper%40example.com',
    schema: resetPasswordFormsSchema,
  },
  {
    name: 'account',
    action: accountAction,
    path: '/account?index',
    schema: accountSchema({ zipOptional: false }),
  },
  {
    name: 'data-preferences',
    action: dataPreferencesAction,
    path: '/account/data-preferences',
    schema: dataPreferencesSchema,
  },
  { name: 'terms', action: termsAction, path: '/account/terms', schema: termsSchema },
  {
    name: 'digital-coupons',
    action: couponsAction,
    path: '/digital-coupons?index',
    schema: couponActionSchema,
  },
  { name: 'home-store', action: homeStoreAction, path: '/home-store', schema: homeStoreSchema },
  // Takes no fields: whatever is posted is ignored.
  { name: 'logout', action: logoutAction, path: '/logout', schema: z.object({ x: z.string() }) },
];

/** Loaders that read the query string or the path's parameters. */
const LOADERS: { name: string; loader: RouteFunction; path: string; params?: string[] }[] = [
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
    '$name',
    async ({ name, action, path, schema }) => {
      // A signed-in logout would end the session the other runs replay (server-side sessions).
      const identities = name === 'logout' ? [null] : [null, signedIn];
      const forms = fc.oneof(
        { weight: 1, arbitrary: formFor(schema) },
        { weight: 3, arbitrary: mutated(valid[name], schema) },
      );
      await fc.assert(
        fc.asyncProperty(forms, async (entries) => {
          // Each form is posted by a guest and by the signed-in shopper.
          for (const who of identities) {
            const res = await call(action, path, toFormData(entries), who);
            expectSound(res, `${name} ${who ? 'signed in' : 'guest'}`);
          }
        }),
        runs(name === 'logout' ? 20 : ACTION_RUNS),
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
    async ({ name, loader, path, params = [] }) => {
      await fc.assert(
        fc.asyncProperty(
          query,
          fc.array(text, { minLength: params.length, maxLength: params.length }),
          fc.constantFrom(null, signedIn),
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
