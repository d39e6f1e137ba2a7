import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { action as loginRouteAction } from '~/routes/login';
import { action as registerRouteAction, loader as registerRouteLoader } from '~/routes/register';
import { action as homeStoreRouteAction } from '~/routes/home-store';
import { visibleLocations } from '~/stores/home-store/locations';
import { GENERIC_FAILURE_MESSAGE } from '~/lib/loyalty/errors';
import { BOT_CHECK_FAILED_MESSAGE } from '~/lib/security/bot-check.server';
import { tooManyAttemptsMessage } from '~/lib/security/rate-limit.server';
import { DEMO_SHOPPERS, DEMO_UNREGISTERED_PHONE } from '@test/demo';
import {
  startActionHarness,
  type ActionHarness,
  type DataOf,
  type HarnessBrowser,
} from '@test/action-harness';
import { registerAction } from './register.server';
import { shopperFromSession } from '~/lib/session/shopper.server';

/** The /register loader and action against the reference loyalty service (demo brands). */
const [ava] = DEMO_SHOPPERS;
let h: ActionHarness;

beforeAll(async () => {
  h = await startActionHarness({ sites: ['lins', 'fresh-market', 'southend', 'dans', 'corner'] });
}, 60_000);
afterAll(() => h?.close());

type Loaded = DataOf<typeof registerRouteLoader>;
interface Reply {
  intent: string;
  result: { status?: string; error?: Record<string, string[] | null>; initialValue?: unknown };
}

const reply = (data: unknown) => data as Reply;
const formErrors = (data: unknown) => reply(data).result.error?.[''] ?? [];
const fieldErrors = (data: unknown) => {
  const { '': _form, ...fields } = reply(data).result.error ?? {};
  return fields;
};

let sequence = 0;
/** A phone and an e-mail no other test (nor the demo seed) uses. */
function unique(label: string) {
  sequence += 1;
  return {
    email: `${label}.${sequence}@example.com`,
    phone: `385555${String(1000 + sequence).slice(-4)}`,
  };
}

/** Opens the page (as a browser would) and returns its data, with the bot-check fields. */
async function openPage(b: HarnessBrowser) {
  const res = await b.call(registerRouteLoader, '/register');
  expect(res.status).toBe(200);
  const page = res.data as Loaded;
  const bot: Record<string, string> =
    page.botCheck.mode === 'honeypot'
      ? { [page.botCheck.trapField]: '', [page.botCheck.stampField]: page.botCheck.stamp }
      : {};
  return { page, bot };
}

/** A complete registration for the brand's form (its first store), overridable field by field. */
async function registration(
  b: HarnessBrowser,
  who: { email: string; phone: string },
  patch: Record<string, string | undefined> = {},
) {
  const { page, bot } = await openPage(b);
  const form: Record<string, string | undefined> = {
    ...bot,
    firstName: 'Nora',
    lastName: 'Quinn',
    birthday: '1988-03-14',
    email: who.email,
    phone: `(${who.phone.slice(0, 3)}) ${who.phone.slice(3, 6)}-${who.phone.slice(6)}`,
    secondaryPhone: '',
    address1: '12 Orchard Lane',
    address2: 'Apt 4',
    zip: '84720',
    storeNumber: page.stores[0]?.value,
    rewardSubscriptionId: page.rewards[0]?.value,
    password: 'Garden!2026',
    confirmPassword: 'Garden!2026',
    promoEmails: 'on',
    acceptTerms: 'on',
    ...patch,
  };
  return Object.fromEntries(
    Object.entries(form).filter((e): e is [string, string] => e[1] !== undefined),
  );
}

describe('register loader', () => {
  it("gives the brand's flags, stores, documents and the honeypot, never a secret", async () => {
    const { page } = await openPage(h.browser('lins'));
    expect(page.flags).toMatchObject({
      addressHidden: false,
      zipOptional: false,
      organizationQuestion: false,
      rewardChoice: false,
      storeRequired: true,
      minBirthDate: '1900-01-01',
    });
    expect(page.stores.map((s) => s.value)).toEqual(page.flags.storeNumbers);
    expect(page.stores.length).toBeGreaterThan(1);
    expect(page.birthdayHint).toBe('Free ice cream for your birthday, yeah!');
    expect(page.programName).toBe('Perks');
    expect(page.terms?.title).toBeTruthy();
    expect(page.terms?.html).toContain('<');
    expect(page.privacy?.html).toContain('<');
    expect(page.botCheck).toMatchObject({ mode: 'honeypot', trapField: 'website' });
    const json = JSON.stringify(page);
    expect(json).not.toContain('action-harness-session-secret');
    expect(json).not.toMatch(/secretKey|Env"/);
  });

  it('offers reward choice where the brand has it, with its fuel label', async () => {
    const { page } = await openPage(h.browser('dans'));
    expect(page.flags.rewardChoice).toBe(true);
    expect(page.rewards.length).toBeGreaterThan(1);
    expect(page.rewards.map((r) => r.label)).not.toContain('Ecommerce User');
    expect(page.rewards.map((r) => r.label)).toContain(
      h.tenant('dans').rewards.fuelRewardsLabel ?? 'Fuel Rewards',
    );
  });

  it("starts the store selector on the visitor's home store, which is the brand's default until one is chosen", async () => {
    // southend's tenant file names its fifth location as the default home store.
    const southend = h.browser('southend');
    const fifth = visibleLocations(await southend.ready())[4].storeNumber;
    const { page: southendPage } = await openPage(southend);
    expect(southendPage.stores.map((s) => s.value)).toContain(fifth);
    expect(southendPage.stores[0].value).not.toBe(fifth);
    expect(southendPage.homeStore).toBe(fifth);

    // lins has no default: the placeholder, until the visitor chooses a home store.
    const lins = h.browser('lins');
    const { page: before } = await openPage(lins);
    expect(before.flags.storeRequired).toBe(true);
    expect(before.homeStore).toBeNull();
    const chosen = before.stores[2].value;
    const choose = await lins.call(homeStoreRouteAction, '/home-store', {
      intent: 'choose-home-store',
      storeNumber: chosen,
      redirectTo: '/register',
    });
    expect(choose.status).toBe(302);
    const { page: after } = await openPage(lins);
    expect(after.homeStore).toBe(chosen);
    // Still a required choice the shopper may change.
    expect(after.flags.storeNumbers).toEqual(before.flags.storeNumbers);

    // No selector, no preselection.
    const { page: corner } = await openPage(h.browser('corner'));
    expect(corner.homeStore).toBeNull();
  });

  it('has no store selector for a single-location brand', async () => {
    const { page } = await openPage(h.browser('corner'));
    expect(page.flags.storeRequired).toBe(false);
    expect(page.stores).toEqual([]);
  });

  it('sends a signed-in shopper to /account', async () => {
    const b = h.browser('lins');
    const login = await b.call(loginRouteAction, '/login', {
      intent: 'login',
      email: ava.email,
      password: ava.password,
    });
    expect(login.status).toBe(302);
    const res = await b.call(registerRouteLoader, '/register');
    expect(res.status).toBe(302);
    expect(res.location).toBe('/account');
  });
});

describe('register action', () => {
  it('creates the account, signs the shopper in and goes to afterLogIn', async () => {
    const b = h.browser('lins');
    const who = unique('nora');
    const form = await registration(b, who);
    const res = await b.call(registerRouteAction, '/register', form);
    expect(res.status).toBe(302);
    expect(res.location).toBe(h.tenant('lins').afterLogIn ?? '/');

    const session = await b.session();
    const shopper = shopperFromSession(session);
    expect(shopper?.firstName).toBe('Nora');
    expect(session.get('homeStore')).toBe(form.storeNumber);

    const loyalty = b.loyalty;
    const login = await loyalty.login({ emailOrPhone: who.email, password: 'Garden!2026' });
    expect(login?.frqShopperNo).toBe(shopper?.frqShopperNo);
    const record = await loyalty.getCustomer({ email: who.email });
    expect(record).toMatchObject({
      firstName: 'Nora',
      lastName: 'Quinn',
      phone: who.phone,
      birthday: '1988-03-14',
      address1: '12 Orchard Lane',
      address2: 'Apt 4',
      zipCode: '84720',
      myStore: form.storeNumber,
    });
    // Promotional e-mails chosen: no subscription is opted out.
    expect(record?.userEmailSubscriptions.length).toBeGreaterThan(0);
    expect(record?.userEmailSubscriptions.every((s) => s.optOutEmail === false)).toBe(true);
    // Agreeing at registration accepted the current terms: no terms popup for the new shopper.
    const agreements = await loyalty.getAgreements(shopper!.frqShopperNo);
    expect(agreements.customerTermsInfo[0]?.customerVersionAccepted).toBe(
      Math.max(...agreements.currentTerms.map((t) => t.currentTermsVersion)),
    );
    expect(shopper?.termsPending).toBeUndefined();
  });

  it('opts out of every e-mail subscription when the promo box is left unchecked', async () => {
    const b = h.browser('lins');
    const who = unique('otto');
    const res = await b.call(
      registerRouteAction,
      '/register',
      await registration(b, who, { promoEmails: undefined }),
    );
    expect(res.status).toBe(302);
    const record = await b.loyalty.getCustomer({ email: who.email });
    expect(record?.userEmailSubscriptions.length).toBeGreaterThan(0);
    expect(record?.userEmailSubscriptions.every((s) => s.optOutEmail === true)).toBe(true);
  });

  it('answers an empty post with every required-field message and creates nothing', async () => {
    const b = h.browser('lins');
    const res = await b.call(registerRouteAction, '/register', {});
    expect(res.status).toBe(400);
    expect(fieldErrors(res.data)).toEqual({
      firstName: ['First name is required.'],
      lastName: ['Last name is required.'],
      email: ['This field is required.'],
      phone: ['Please enter a valid phone number.'],
      address1: ['Address is required.'],
      zip: ['Zip code is required.'],
      storeNumber: ['Please choose your store.'],
      password: ['Password is required.'],
      confirmPassword: ['Please confirm your password.'],
      acceptTerms: ['You must accept the terms of use.'],
    });
    expect(shopperFromSession(await b.session())).toBeNull();
  });

  it('keeps what was typed but never echoes a password', async () => {
    const b = h.browser('lins');
    const who = unique('pia');
    const res = await b.call(
      registerRouteAction,
      '/register',
      await registration(b, who, { acceptTerms: undefined, confirmPassword: 'Different!2026' }),
    );
    expect(res.status).toBe(400);
    expect(fieldErrors(res.data)).toEqual({
      confirmPassword: ["Passwords don't match."],
      acceptTerms: ['You must accept the terms of use.'],
    });
    const json = JSON.stringify(res.data);
    expect(json).toContain(who.email);
    expect(json).not.toContain('Garden!2026');
    expect(json).not.toContain('Different!2026');
    expect(await b.loyalty.getCustomer({ email: who.email })).toBeNull();
  });

  it("shows the service's reason for a taken e-mail or a registered phone", async () => {
    const b = h.browser('lins');
    const takenEmail = await b.call(
      registerRouteAction,
      '/register',
      await registration(b, { email: ava.email, phone: unique('x').phone }),
    );
    expect(takenEmail.status).toBe(400);
    expect(formErrors(takenEmail.data)).toEqual(['This e-mail address is already registered.']);

    const who = unique('quinn');
    const takenPhone = await b.call(
      registerRouteAction,
      '/register',
      await registration(b, { email: who.email, phone: ava.phone }),
    );
    expect(takenPhone.status).toBe(400);
    expect(formErrors(takenPhone.data)).toEqual(['This phone number is already registered.']);
    expect(await b.loyalty.getCustomer({ email: who.email })).toBeNull();
    expect(shopperFromSession(await b.session())).toBeNull();
  });

  it('upgrades the unregistered record that has the phone (same shopper number)', async () => {
    const b = h.browser('southend');
    const loyalty = b.loyalty;
    const before = await loyalty.getCustomer({ phone: DEMO_UNREGISTERED_PHONE });
    expect(before?.emailAddress).toBeFalsy();
    const who = { email: `upgrade.${Date.now()}@example.com`, phone: DEMO_UNREGISTERED_PHONE };
    const res = await b.call(
      registerRouteAction,
      '/register',
      await registration(b, who, { organization: 'A neighbour', promoEmails: undefined }),
    );
    expect(res.status).toBe(302);
    expect(res.location).toBe(h.tenant('southend').afterLogIn ?? '/');

    const after = await loyalty.getCustomer({ email: who.email });
    expect(after?.frqShopperNo).toBe(before?.frqShopperNo);
    expect(after).toMatchObject({
      firstName: 'Nora',
      lastName: 'Quinn',
      birthday: '1988-03-14',
      organization: 'A neighbour',
      hasPassword: true,
    });
    expect(after?.userEmailSubscriptions.every((s) => s.optOutEmail === true)).toBe(true);
    const login = await loyalty.login({ emailOrPhone: who.email, password: 'Garden!2026' });
    expect(login?.frqShopperNo).toBe(before?.frqShopperNo);
    expect(shopperFromSession(await b.session())?.frqShopperNo).toBe(before?.frqShopperNo);

    // Registered now: the phone is refused for another account.
    const again = await b.call(
      registerRouteAction,
      '/register',
      await registration(h.browser('southend'), { email: unique('late').email, phone: who.phone }),
    );
    expect(formErrors(again.data)).toEqual(['This phone number is already registered.']);
  });

  it('refuses a filled honeypot or a missing time stamp, creating nothing', async () => {
    const b = h.browser('lins');
    const who = unique('bot');
    const form = await registration(b, who);
    const trapped = await b.call(registerRouteAction, '/register', {
      ...form,
      website: 'http://spam.example',
    });
    expect(trapped.status).toBe(400);
    expect(formErrors(trapped.data)).toEqual([BOT_CHECK_FAILED_MESSAGE]);
    const { formStarted: _stamp, ...unstamped } = form;
    const missing = await b.call(registerRouteAction, '/register', unstamped);
    expect(formErrors(missing.data)).toEqual([BOT_CHECK_FAILED_MESSAGE]);
    expect(await b.loyalty.getCustomer({ email: who.email })).toBeNull();
  });

  it('fresh-market: the address is neither asked nor stored', async () => {
    const b = h.browser('fresh-market');
    const { page } = await openPage(b);
    expect(page.flags.addressHidden).toBe(true);
    const empty = await b.call(registerRouteAction, '/register', {});
    expect(Object.keys(fieldErrors(empty.data))).not.toContain('address1');
    expect(Object.keys(fieldErrors(empty.data))).not.toContain('zip');

    const who = unique('fern');
    const res = await b.call(
      registerRouteAction,
      '/register',
      await registration(b, who, { address1: '1 Ignored Way', address2: undefined, zip: 'bad' }),
    );
    expect(res.status).toBe(302);
    const record = await b.loyalty.getCustomer({ email: who.email });
    expect(record?.address1 ?? '').toBe('');
    expect(record?.zipCode ?? '').toBe('');
  });

  it('southend: no zip or address needed, and the organization answer is stored', async () => {
    const b = h.browser('southend');
    const empty = await b.call(registerRouteAction, '/register', {});
    expect(Object.keys(fieldErrors(empty.data))).not.toContain('zip');
    expect(Object.keys(fieldErrors(empty.data))).not.toContain('address1');

    const who = unique('sam');
    const res = await b.call(
      registerRouteAction,
      '/register',
      await registration(b, who, {
        address1: undefined,
        address2: undefined,
        zip: undefined,
        organization: 'Radio ad',
      }),
    );
    expect(res.status).toBe(302);
    const record = await b.loyalty.getCustomer({ email: who.email });
    expect(record?.organization).toBe('Radio ad');
    expect(record?.zipCode ?? '').toBe('');
  });

  it("refuses a store that is not the brand's: 'Please choose your store.'", async () => {
    const b = h.browser('lins');
    const res = await b.call(
      registerRouteAction,
      '/register',
      await registration(b, unique('sid'), { storeNumber: '0201' }),
    );
    expect(res.status).toBe(400);
    expect(fieldErrors(res.data)).toEqual({ storeNumber: ['Please choose your store.'] });
  });

  it('corner (one location): the store is that location without asking', async () => {
    const b = h.browser('corner');
    const who = unique('cody');
    const res = await b.call(
      registerRouteAction,
      '/register',
      await registration(b, who, { storeNumber: '0999' }),
    );
    expect(res.status).toBe(302);
    const record = await b.loyalty.getCustomer({ email: who.email });
    expect(record?.myStore).toBe('0001');
    expect((await b.session()).get('homeStore')).toBe('0001');
  });

  it('dans: the reward choice is required and saved', async () => {
    const b = h.browser('dans');
    const missing = await b.call(
      registerRouteAction,
      '/register',
      await registration(b, unique('rae'), { rewardSubscriptionId: undefined }),
    );
    expect(fieldErrors(missing.data)).toEqual({
      rewardSubscriptionId: ['This field is required.'],
    });
    const who = unique('rita');
    const { page } = await openPage(b);
    const chosen = page.rewards[page.rewards.length - 1].value;
    const res = await b.call(
      registerRouteAction,
      '/register',
      await registration(b, who, { rewardSubscriptionId: chosen }),
    );
    expect(res.status).toBe(302);
    const record = await b.loyalty.getCustomer({ email: who.email });
    expect(record?.rewardSubscriptions.map((r) => r.rewardSubscriptionId)).toContain(chosen);
  });

  it('never answers a hand-made post with a 500', async () => {
    const b = h.browser('lins');
    const json = await registerAction(
      new Request('http://lins.localhost:3000/register', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"firstName": 1}',
      }),
      await b.ready(),
    );
    expect((json as unknown as { init: { status: number } }).init.status).toBe(400);
    const odd = await b.call(registerRouteAction, '/register', {
      firstName: ['A', 'B'],
      phone: 'not a phone',
      storeNumber: '../../etc',
      rewardSubscriptionId: 'x',
      acceptTerms: 'false',
    });
    expect(odd.status).toBe(400);
    expect(formErrors(odd.data)).not.toContain(GENERIC_FAILURE_MESSAGE);
  });
});

describe('register rate limit', () => {
  let limited: ActionHarness;
  beforeAll(async () => {
    limited = await startActionHarness({
      sites: ['corner'],
      env: { RATE_LIMIT_IP_PER_MINUTE: '2' },
    });
  }, 60_000);
  afterAll(() => limited?.close());

  it('answers the third post from one address with 429 and Retry-After', async () => {
    const b = limited.browser('corner', { clientIp: '198.51.100.77' });
    for (let i = 0; i < 2; i += 1) {
      const r = await b.call(registerRouteAction, '/register', { firstName: 'Ann' });
      expect(r.status).toBe(400);
    }
    const third = await b.call(registerRouteAction, '/register', {
      firstName: 'Ann',
      password: 'Secret!2026',
    });
    expect(third.status).toBe(429);
    expect(third.headers.get('Retry-After')).toMatch(/^\d+$/);
    const wait = Number(third.headers.get('Retry-After'));
    expect(formErrors(third.data)).toEqual([tooManyAttemptsMessage(wait)]);
    expect(JSON.stringify(third.data)).not.toContain('Secret!2026');
    // Another address is not affected.
    const other = limited.browser('corner', { clientIp: '198.51.100.78' });
    expect((await other.call(registerRouteAction, '/register', {})).status).toBe(400);
  });
});
