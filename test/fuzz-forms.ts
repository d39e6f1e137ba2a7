/**
 * What the fuzzers post (test/fuzz-actions.test.ts through the action harness, e2e/ops/fuzz.spec.ts
 * over HTTP): each action's valid forms, odd values and characters, and fast-check arbitraries of
 * forms built from a zod schema.
 */
import fc from 'fast-check';
import { z } from 'zod';
import { HONEYPOT_FIELD } from '~/lib/security/bot-check.server';
import { AVA } from './demo';

// --- Valid forms ---------------------------------------------------------------------------------

/**
 * A valid `oauth` parameter (docs/sso-api.md) for the fuzzers' brand, lins: its demo partner
 * client and registered redirect URI (tenants/lins.json), a PKCE challenge.
 */
export const FUZZ_OAUTH = Buffer.from(
  JSON.stringify({
    clientId: 'lins-online-ordering',
    redirectUri: 'http://localhost:8400/callback',
    scope: 'openid profile',
    state: 'fuzz-state',
    codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    codeChallengeMethod: 'S256',
    responseType: 'code',
  }),
  'utf8',
).toString('base64url');

/** The one address off the site a post may redirect to: that client's redirect URI. */
export const FUZZ_PARTNER_REDIRECT = 'http://localhost:8400/callback';

/**
 * The forms of every action as its page posts them, by the action's address: the fuzzers start
 * from these as often as from random forms, changing a field, so runs get past validation into
 * the services. Never the demo shopper's real password (a change would end the sessions the runs
 * replay).
 */
export function validForms(stores: readonly string[]): Record<string, Record<string, string>[]> {
  const store = stores[0] ?? '0001';
  const password = 'Fuzz-pass-12345!';
  return {
    '/login': [
      { intent: 'login', email: AVA.email, password: 'Wrong-pass-123!', redirectTo: '/account' },
      { intent: 'reset-request', email: 'fuzz.nobody@example.com' },
    ],
    '/register': [
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
    '/reset-password': [
      { intent: 'reset', password, confirmPassword: password },
      { intent: 'resend' },
    ],
    '/account?index': [
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
      { intent: 'storeNumber', storeNumber: stores[1] ?? store },
      { intent: 'rewardChoice', rewardSubscriptionId: '1' },
      { intent: 'reminders', couponsExpiring: 'on' },
      { intent: 'reminders', rewardsReady: 'on' },
    ],
    // The e-mails' link pages: a token that is no held sign-up or signed link of ours.
    '/newsletter/confirm': [{ token: 'fuzz-token' }],
    '/newsletter/manage': [{ token: 'v1.fuzz.token' }],
    '/email/unsubscribe': [{ 'List-Unsubscribe': 'One-Click' }, { t: 'v1.fuzz.token' }],
    '/account/data-preferences': [{ optOutDataSharing: 'on' }, {}],
    '/account/terms': [{ acceptTerms: 'on' }],
    // Two of the seed's charities (ids 1001…): the shopper's charity changes back and forth.
    '/rewards/charity': [{ charityId: '1001' }, { charityId: '1002' }],
    '/digital-coupons?index': [
      { intent: 'clip', offerId: 'fuzz-offer', returnTo: '?tab=all' },
      { intent: 'clip-all', returnTo: '?tab=all' },
    ],
    '/list': [
      { intent: 'add', text: 'Fuzz milk', quantity: '2' },
      {
        intent: 'add-ad',
        adId: 'fuzz-ad',
        text: 'Fuzz oranges',
        detail: '$1 / lb',
        returnTo: '/weekly-ad',
      },
      { intent: 'add-coupon', offerId: 'fuzz-offer', returnTo: '/digital-coupons' },
      { intent: 'toggle', id: '1', checked: 'true' },
      { intent: 'quantity', id: '1', quantity: '3' },
      { intent: 'remove', id: 'g1' },
      { intent: 'clear-checked' },
      { intent: 'share' },
      { intent: 'stop-sharing' },
    ],
    // The demo brand's current banner (lins: holiday-perks); any other id is sent nowhere.
    '/banner-report': [
      { event: 'view', id: 'holiday-perks' },
      { event: 'click', id: 'holiday-perks' },
    ],
    '/home-store': [
      { intent: 'choose-home-store', storeNumber: store, redirectTo: '/posts' },
      { intent: 'choose-home-store', storeNumber: store, redirectTo: '/locations', makeHome: 'on' },
      { intent: 'save-home-store', storeNumber: store, redirectTo: '/locations' },
      { intent: 'save-home-store', storeNumber: store, reply: 'data' },
    ],
    '/logout': [{}],
    '/newsletter': [
      { intent: 'start', email: 'fuzz.news@example.com' },
      {
        intent: 'subscribe',
        email: 'fuzz.news@example.com',
        store,
        firstName: 'Fuzz',
        lastName: 'Tester',
        phone: '3035550142',
        website: '',
      },
    ],
    '/newsletter/ace': [
      { intent: 'start', email: 'fuzz.ace@example.com' },
      { intent: 'subscribe', email: 'fuzz.ace@example.com', store: '0816', phone: '5205550142' },
    ],
    // The content forms (app/forms): without a signed stamp the bot check stops every post
    // silently, so a fuzz run reaches validation and the bot check but sends no e-mail.
    '/forms/customer-service': [
      {
        name: 'Fuzz Tester',
        email: 'fuzz.contact@example.com',
        phone: '3035550142',
        topic: 'A question',
        departments: 'Bakery',
        contactBy: 'email',
        message: 'Fuzzing the contact form.',
        [HONEYPOT_FIELD]: '',
      },
    ],
    '/forms/ad-request': [
      {
        business: 'Fuzz Farms',
        contactName: 'Fuzz Tester',
        email: 'fuzz.ads@example.com',
        placements: 'Weekly ad',
        budget: 'Under $500',
        details: 'Fuzzing the ad-request form.',
        authorized: 'on',
        [HONEYPOT_FIELD]: '',
      },
    ],
    '/newsletter/pharmacy': [
      { intent: 'subscribe', email: 'fuzz.rx@example.com', store: 'LINS', age: 'Under 50' },
      {
        intent: 'subscribe',
        email: 'fuzz.rx@example.com',
        store: 'FRESH MARKET',
        age: 'Over 75',
        agree: 'on',
      },
    ],
    // The single-sign-on pages' forms: the login panes and the registration, with the request.
    '/sso/login': [
      { intent: 'login', email: AVA.email, password: 'Wrong-pass-123!', oauth: FUZZ_OAUTH },
      { intent: 'reset-request', email: 'fuzz.nobody@example.com', oauth: FUZZ_OAUTH },
      { intent: 'continue', oauth: FUZZ_OAUTH },
    ],
    '/sso/register': [
      {
        firstName: 'Fuzz',
        lastName: 'Partner',
        birthday: '1990-01-01',
        email: 'fuzz.sso@example.com',
        phone: '3035550152',
        address1: '1 Main St',
        zip: '80202',
        storeNumber: store,
        organization: 'Radio',
        password,
        confirmPassword: password,
        acceptTerms: 'on',
        [HONEYPOT_FIELD]: '',
        oauth: FUZZ_OAUTH,
      },
    ],
  };
}

// --- Odd values ----------------------------------------------------------------------------------

/** Redirect targets and addresses that must stay on the site and never reach a header raw. */
export const ODD_TARGETS = [
  '//evil.example',
  '/..//evil.example',
  '/.//evil.example',
  '/%2e%2e//evil.example',
  '/a/..//evil.example',
  '/\\evil.example',
  'https://evil.example/',
  'javascript:alert(1)',
  '/\r\nSet-Cookie: x=y',
  '/%0d%0aSet-Cookie:%20x=y',
  '/\u0000',
  '/\u0001\u0002',
  '/\u007f',
  '/caf\u00e9',
  '/\u20ac',
  '/\ud83d\ude00',
  '/\ud800',
  '?tab=all\u20ac',
  '?tab=all\r\nX: y',
  '?\u0000',
  `/${'x'.repeat(3000)}`,
  '',
  ' ',
  '%',
  '/%',
  '/%E0%A4%A',
];

/** Characters slipped into valid values: controls, NUL, CR LF, beyond Latin-1, surrogates. */
export const ODD_SNIPPETS = [
  '\u0000',
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
];

/** Values people, browsers and attackers send, beside random ones. */
export const ODD_VALUES = [
  ...ODD_TARGETS,
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
  AVA.email,
  'not-an-email',
  '3035550100',
  '(303) 555-0100',
  '80202',
  '80202-1234',
  '1990-01-01',
  '1899-12-31',
  '2999-01-01',
  '02/30/1990',
  '0001',
  '?tab=clipped',
  '?tab=%0d%0aSet-Cookie:x=y',
  '?\u0001',
  'a\u0000b',
  'x\udfff',
  '\u202e\u0645\u0631\u062d\u0628\u0627',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '%00',
  'x'.repeat(2001),
  'y'.repeat(70_000),
];

// --- Arbitrary forms ----------------------------------------------------------------------------

/** Field names and `intent` literals of a zod schema (objects, unions, refinements). */
export function schemaShape(schema: z.ZodTypeAny): { keys: Set<string>; intents: Set<string> } {
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

/** Any text a field may carry. */
export const text = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...ODD_VALUES) },
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
    // An odd character somewhere inside an ordinary string.
    arbitrary: fc
      .tuple(fc.string({ maxLength: 10 }), fc.constantFrom(...ODD_SNIPPETS))
      .map(([s, odd]) => `${s}${odd}${s}`),
  },
);

/** A field's value: text, sometimes a file (its contents and name). */
export type Value = string | { file: string; name: string };
export const value: fc.Arbitrary<Value> = fc.oneof(
  { weight: 12, arbitrary: text },
  { weight: 1, arbitrary: fc.record({ file: text, name: text }) },
);

export type Entry = [string, Value];

/**
 * A form for a schema: its intent (mostly one of its own), some of its fields, and junk fields
 * (other names, repeated names, names with odd characters).
 */
export function formFor(schema: z.ZodTypeAny): fc.Arbitrary<Entry[]> {
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

/**
 * A valid form with a field changed: given another value, or with odd characters slipped into
 * its own value (so a value that must start with `?` or `/` still does); sometimes a junk field
 * added. One or two fields at a time, so the rest of the form stays valid.
 */
export function mutatedForm(
  bases: Record<string, string>[],
  schema: z.ZodTypeAny,
): fc.Arbitrary<Entry[]> {
  const names = [...schemaShape(schema).keys];
  const change = fc.oneof(
    fc.tuple(fc.constantFrom(...names), value).map(([name, v]) => ({ name, v, at: -1 })),
    fc
      .tuple(fc.constantFrom(...names), fc.constantFrom(...ODD_SNIPPETS), fc.nat(40))
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

export function toFormData(entries: Entry[]): FormData {
  const form = new FormData();
  for (const [name, v] of entries) {
    if (typeof v === 'string') form.append(name, v);
    else form.append(name, new File([v.file], v.name));
  }
  return form;
}
