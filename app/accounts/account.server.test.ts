import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { action as loginRouteAction } from '~/routes/login';
import {
  action as accountRouteAction,
  loader as accountRouteLoader,
} from '~/routes/account._index';
import { MESSAGES } from '~/lib/form-kit/fields';
import { ACCOUNT_MESSAGES } from './schemas';
import { GENERIC_FAILURE_MESSAGE, PASSWORD_UPDATE_FAILED_MESSAGE } from '~/lib/loyalty/errors';
import { startActionHarness, type ActionHarness, type HarnessBrowser } from '@test/action-harness';
import { recordingProxy } from '@test/loyalty-proxy';
import {
  ACCOUNT_UPDATED_MESSAGE,
  PASSWORD_UPDATED_MESSAGE,
  type AccountLoaderData,
} from './account.server';
import { shopperFromSession } from '~/lib/session/shopper.server';

/**
 * The /account loader and action against the reference loyalty service. Every test registers
 * its own shopper (no demo shopper is changed), on southend (zip optional, organization row,
 * several stores), harvest (reward choice, zip required), corner (one location) and lins.
 */
let h: ActionHarness;

beforeAll(async () => {
  h = await startActionHarness({ sites: ['southend', 'harvest', 'corner', 'lins'] });
}, 60_000);
afterAll(() => h?.close());

const PASSWORD = 'Account1!pass';
let seq = 0;

interface TestShopper {
  b: HarnessBrowser;
  email: string;
  phone: string;
  frqShopperNo: string;
}

/** Registers a fresh shopper on `site` through the loyalty service and logs in as them. */
async function shopperOn(site: string): Promise<TestShopper> {
  seq += 1;
  const b = h.browser(site);
  const email = `account-test-${site}-${seq}@example.com`;
  const phone = `80155${String(seq).padStart(5, '0')}`;
  const customer = await b.loyalty.register({
    firstName: 'Tess',
    lastName: 'Tester',
    email,
    phone,
    address1: '12 Elm St',
    zip: '84720',
    password: PASSWORD,
  });
  const login = await b.call(loginRouteAction, '/login', {
    intent: 'login',
    email,
    password: PASSWORD,
  });
  expect(login.status).toBe(302);
  return { b, email, phone, frqShopperNo: customer.frqShopperNo };
}

async function load(b: HarnessBrowser, path = '/account') {
  const res = await b.call(accountRouteLoader, path);
  return { ...res, page: res.data as AccountLoaderData };
}

function post(b: HarnessBrowser, form: Record<string, string>) {
  return b.call(accountRouteAction, '/account?index', form);
}

interface Failure {
  intent: string;
  done: boolean;
  result: { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> };
}
const failure = (data: unknown) => data as Failure;
const fieldErrors = (data: unknown, name: string) => failure(data).result.error?.[name] ?? [];
const formErrors = (data: unknown) => fieldErrors(data, '');

/** A save went through: redirect to the view state with the one-time notice. */
async function expectSaved(b: HarnessBrowser, res: { status: number; location: string | null }) {
  expect(res.status).toBe(302);
  expect(res.location).toBe('/account');
  const after = await load(b);
  expect(after.page.notice).toBe(ACCOUNT_UPDATED_MESSAGE);
  return after.page;
}

const record = (s: TestShopper) => s.b.loyalty.getCustomer({ frqShopperNo: s.frqShopperNo });

describe('account loader', () => {
  it('sends a guest to /login and back to the page after it, for the page and for a post', async () => {
    const guest = h.browser('southend');
    const page = await load(guest);
    expect(page.status).toBe(302);
    expect(page.location).toBe('/login?redirectTo=%2Faccount');
    // The query is kept; the route parameter of the post is not part of the page.
    expect((await load(guest, '/account?tab=1')).location).toBe(
      '/login?redirectTo=%2Faccount%3Ftab%3D1',
    );
    const saved = await post(guest, { intent: 'phone', phone: '8015550000' });
    expect(saved.status).toBe(302);
    expect(saved.location).toBe('/login?redirectTo=%2Faccount');
  });

  it("returns the shopper's record, the brand's rows and cards", async () => {
    const s = await shopperOn('southend');
    const { status, page } = await load(s.b);
    expect(status).toBe(200);
    expect(page.loadError).toBeNull();
    expect(page.notice).toBeNull();
    expect(page.account).toMatchObject({
      firstName: 'Tess',
      lastName: 'Tester',
      phone: `(801) 55${s.phone.slice(5, 6)}-${s.phone.slice(6)}`,
      secondaryPhone: '',
      email: s.email,
      address1: '12 Elm St',
      city: 'Cedar City',
      state: 'UT',
      zip: '84720',
      hasPassword: true,
    });
    // The number is in the card alone (its barcode and reveal), nowhere else in the page's data.
    const { card, ...rest } = page;
    expect(card.number).toBe(s.frqShopperNo);
    expect(card.masked).toBe(`•••• ${s.frqShopperNo.slice(-4)}`);
    expect(JSON.stringify(rest)).not.toContain(s.frqShopperNo);
    expect(page.flags).toEqual({ zipOptional: true, organizationQuestion: true });
    expect(page.stores?.length).toBeGreaterThan(1);
    expect(page.rewards).toBeNull();

    const corner = await shopperOn('corner');
    const single = await load(corner.b);
    expect(single.page.stores).toBeNull();
    expect(single.page.flags).toEqual({ zipOptional: false, organizationQuestion: false });
  });

  it('degrades to the red alert without rows when the loyalty service is down', async () => {
    const s = await shopperOn('lins');
    const embedded = h.services.loyalty.embedded!;
    s.b.services = {
      ...s.b.services,
      loyalty: { embedded: { ...embedded, url: 'http://127.0.0.1:9' } },
    };
    const { status, page } = await load(s.b);
    expect(status).toBe(200);
    expect(page.account).toBeNull();
    expect(page.loadError).toBe(GENERIC_FAILURE_MESSAGE);
    const saved = await post(s.b, { intent: 'phone', phone: '8015550000' });
    expect(saved.status).toBe(400);
    expect(formErrors(saved.data)).toEqual([GENERIC_FAILURE_MESSAGE]);
  });

  it('signs out and goes to /login when the record no longer exists', async () => {
    const s = await shopperOn('lins');
    await h.loyalty.db.query('delete from shoppers where frq_shopper_no = $1', [s.frqShopperNo]);
    const page = await load(s.b);
    expect(page.status).toBe(302);
    expect(page.location).toBe('/login');
    expect(shopperFromSession(await s.b.session())).toBeNull();

    const t = await shopperOn('lins');
    await h.loyalty.db.query('delete from shoppers where frq_shopper_no = $1', [t.frqShopperNo]);
    const saved = await post(t.b, { intent: 'phone', phone: '8015550000' });
    expect(saved.location).toBe('/login');
    expect(shopperFromSession(await t.b.session())).toBeNull();
  });
});

describe('account action: every row saves', () => {
  it('name, phone, phone 2 (set and cleared), email, birthday', async () => {
    const s = await shopperOn('southend');

    let page = await expectSaved(
      s.b,
      await post(s.b, { intent: 'fullName', firstName: 'Tessa', lastName: 'Testwell' }),
    );
    expect(page.account).toMatchObject({ firstName: 'Tessa', lastName: 'Testwell' });
    // The header's 'Hey {first name}!' reads the session.
    expect(shopperFromSession(await s.b.session())?.firstName).toBe('Tessa');
    // The notice is shown once.
    expect((await load(s.b)).page.notice).toBeNull();

    page = await expectSaved(s.b, await post(s.b, { intent: 'phone', phone: '(435) 555-7788' }));
    expect(page.account?.phone).toBe('(435) 555-7788');

    page = await expectSaved(
      s.b,
      await post(s.b, { intent: 'secondaryPhone', secondaryPhone: '435-555-9911' }),
    );
    expect(page.account?.secondaryPhone).toBe('(435) 555-9911');
    page = await expectSaved(
      s.b,
      await post(s.b, { intent: 'secondaryPhone', secondaryPhone: '' }),
    );
    expect(page.account?.secondaryPhone).toBe('');
    expect((await record(s))?.secondaryPhone ?? '').toBe('');

    const email = `changed-${s.email}`;
    page = await expectSaved(s.b, await post(s.b, { intent: 'email', email }));
    expect(page.account?.email).toBe(email);

    page = await expectSaved(s.b, await post(s.b, { intent: 'birthday', birthday: '07/14/1985' }));
    expect(page.account?.birthday).toBe('1985-07-14');
    page = await expectSaved(s.b, await post(s.b, { intent: 'birthday', birthday: '1990-02-28' }));
    expect(page.account?.birthday).toBe('1990-02-28');
  });

  it('address: city and state come from the service', async () => {
    const s = await shopperOn('southend');
    const page = await expectSaved(
      s.b,
      await post(s.b, {
        intent: 'fullAddress',
        address1: '400 Ocotillo Rd',
        address2: 'Apt 3',
        zip: '85614',
      }),
    );
    expect(page.account).toMatchObject({
      address1: '400 Ocotillo Rd',
      address2: 'Apt 3',
      city: 'Green Valley',
      state: 'AZ',
      zip: '85614',
    });
    // Southend's zip is optional: clearing it removes the zip, not the town (city and state
    // stay as they were; a new zip sets them again).
    const cleared = await expectSaved(
      s.b,
      await post(s.b, { intent: 'fullAddress', address1: '400 Ocotillo Rd', zip: '' }),
    );
    expect(cleared.account).toMatchObject({
      address2: '',
      city: 'Green Valley',
      state: 'AZ',
      zip: '',
    });
    const moved = await expectSaved(
      s.b,
      await post(s.b, { intent: 'fullAddress', address1: '9 Oak Ave', zip: '84720' }),
    );
    expect(moved.account).toMatchObject({ city: 'Cedar City', state: 'UT', zip: '84720' });
  });

  it('organization (southend) and home store: loyalty record and session', async () => {
    const s = await shopperOn('southend');
    let page = await expectSaved(
      s.b,
      await post(s.b, { intent: 'organization', organization: 'A friend told me' }),
    );
    expect(page.account?.organization).toBe('A friend told me');

    page = await expectSaved(s.b, await post(s.b, { intent: 'storeNumber', storeNumber: '0503' }));
    expect(page.account?.myStore).toBe('0503');
    expect((await record(s))?.myStore).toBe('0503');
    const session = await s.b.session();
    expect(session.get('homeStore')).toBe('0503');
    expect(shopperFromSession(session)?.myStore).toBe('0503');
  });

  it('reward choice on a brand that offers it', async () => {
    const s = await shopperOn('harvest');
    const before = await load(s.b);
    const options = before.page.rewards?.options ?? [];
    expect(options.length).toBeGreaterThan(1);
    expect(before.page.rewards?.programName).toBe(h.tenant('harvest').rewards.programName);
    for (const option of [options[1], options[0]]) {
      const page = await expectSaved(
        s.b,
        await post(s.b, { intent: 'rewardChoice', rewardSubscriptionId: option.value }),
      );
      expect(page.account?.rewardSubscriptionId).toBe(option.value);
    }
  });
});

describe('account action: refusals', () => {
  it('gives the field-rule messages for invalid rows and changes nothing', async () => {
    const s = await shopperOn('harvest');
    const before = await record(s);
    const cases: [Record<string, string>, string, string][] = [
      [
        { intent: 'fullName', firstName: '', lastName: 'X' },
        'firstName',
        ACCOUNT_MESSAGES.firstName,
      ],
      [
        { intent: 'fullName', firstName: 'X', lastName: ' ' },
        'lastName',
        ACCOUNT_MESSAGES.lastName,
      ],
      [{ intent: 'phone', phone: '555-12' }, 'phone', MESSAGES.phone],
      [{ intent: 'phone', phone: '' }, 'phone', MESSAGES.phone],
      [{ intent: 'secondaryPhone', secondaryPhone: '12345' }, 'secondaryPhone', MESSAGES.phone],
      [{ intent: 'email', email: 'not-an-email' }, 'email', MESSAGES.email],
      [{ intent: 'birthday', birthday: '02/30/1990' }, 'birthday', MESSAGES.date],
      [
        { intent: 'birthday', birthday: '12/31/1899' },
        'birthday',
        'Date must be later than 01/01/1900',
      ],
      [{ intent: 'fullAddress', address1: '1 Main', zip: '' }, 'zip', MESSAGES.zipRequired],
      [{ intent: 'storeNumber', storeNumber: '' }, 'storeNumber', MESSAGES.store],
      [{ intent: 'storeNumber', storeNumber: '9999' }, 'storeNumber', MESSAGES.store],
      [
        {
          intent: 'password',
          currentPassword: PASSWORD,
          newPassword: 'NewPass!2026',
          confirmPassword: 'Other!2026x',
        },
        'confirmPassword',
        ACCOUNT_MESSAGES.mismatch,
      ],
      [
        { intent: 'password', currentPassword: PASSWORD, newPassword: 'NewPass!2026' },
        'confirmPassword',
        MESSAGES.confirmRequired,
      ],
    ];
    for (const [form, field, message] of cases) {
      const res = await post(s.b, form);
      expect(res.status, JSON.stringify(form)).toBe(400);
      expect(fieldErrors(res.data, field), JSON.stringify(form)).toContain(message);
    }
    expect(await record(s)).toEqual(before);
  });

  it('shows the failure message of the service (e-mail taken)', async () => {
    const s = await shopperOn('lins');
    const other = await shopperOn('lins');
    const res = await post(s.b, { intent: 'email', email: other.email });
    expect(res.status).toBe(400);
    expect(formErrors(res.data)).toEqual(['This e-mail address is already registered.']);
    expect((await record(s))?.emailAddress).toBe(s.email);
  });

  it('answers an unknown intent or a row the brand lacks with 400 and the generic message', async () => {
    const s = await shopperOn('lins');
    const forms: Record<string, string>[] = [
      { intent: 'nonsense' },
      {},
      { intent: 'organization', organization: 'Radio' },
      { intent: 'rewardChoice', rewardSubscriptionId: '2' },
    ];
    for (const form of forms) {
      const res = await post(s.b, form);
      expect(res.status, JSON.stringify(form)).toBe(400);
      expect(formErrors(res.data), JSON.stringify(form)).toEqual([GENERIC_FAILURE_MESSAGE]);
    }
    const corner = await shopperOn('corner');
    const res = await post(corner.b, { intent: 'storeNumber', storeNumber: '0001' });
    expect(res.status).toBe(400);
    expect(formErrors(res.data)).toEqual([GENERIC_FAILURE_MESSAGE]);
  });
});

describe('account action: password', () => {
  it('refuses a wrong current password, then changes it; the new one logs in', async () => {
    const s = await shopperOn('corner');
    const wrong = await post(s.b, {
      intent: 'password',
      currentPassword: 'Wrong!pass1',
      newPassword: 'Brand!new2026',
      confirmPassword: 'Brand!new2026',
    });
    expect(wrong.status).toBe(400);
    expect(formErrors(wrong.data)).toEqual([PASSWORD_UPDATE_FAILED_MESSAGE]);
    // Passwords never come back in the reply.
    expect(JSON.stringify(wrong.data)).not.toMatch(/Wrong!pass1|Brand!new2026/);

    const ok = await post(s.b, {
      intent: 'password',
      currentPassword: PASSWORD,
      newPassword: 'Brand!new2026',
      confirmPassword: 'Brand!new2026',
    });
    expect(ok.status).toBe(302);
    expect(ok.location).toBe('/account');
    expect((await load(s.b)).page.notice).toBe(PASSWORD_UPDATED_MESSAGE);

    const fresh = h.browser('corner');
    const oldLogin = await fresh.call(loginRouteAction, '/login', {
      intent: 'login',
      email: s.email,
      password: PASSWORD,
    });
    expect(oldLogin.status).toBe(400);
    const newLogin = await fresh.call(loginRouteAction, '/login', {
      intent: 'login',
      email: s.email,
      password: 'Brand!new2026',
    });
    expect(newLogin.status).toBe(302);
  });
});

describe('account action: only changed fields are sent', () => {
  it('puts frqShopperNo plus the fields that differ from the record', async () => {
    const s = await shopperOn('southend');
    const proxy = await recordingProxy(h.services.loyalty.embedded!.url);
    try {
      s.b.services = {
        ...s.b.services,
        loyalty: { embedded: { ...h.services.loyalty.embedded!, url: proxy.url } },
      };
      const puts = () => proxy.requests.filter((r) => r.method === 'PUT');

      await expectSaved(
        s.b,
        await post(s.b, { intent: 'fullName', firstName: 'Tamsin', lastName: 'Tester' }),
      );
      expect(puts().map((r) => r.body)).toEqual([
        { frqShopperNo: s.frqShopperNo, firstName: 'Tamsin' },
      ]);

      await expectSaved(
        s.b,
        await post(s.b, { intent: 'fullAddress', address1: '9 Oak Ave', zip: '84720' }),
      );
      expect(puts()[1].body).toEqual({ frqShopperNo: s.frqShopperNo, address1: '9 Oak Ave' });

      await expectSaved(s.b, await post(s.b, { intent: 'birthday', birthday: '1979-03-03' }));
      expect(puts()[2].body).toEqual({
        frqShopperNo: s.frqShopperNo,
        birthday: '1979-03-03',
        updateBirthday: true,
      });

      // Nothing changed: nothing to send.
      await expectSaved(s.b, await post(s.b, { intent: 'phone', phone: s.phone }));
      expect(puts()).toHaveLength(3);
    } finally {
      await proxy.close();
    }
  });
});
