import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoyaltyClient, type LoyaltyClient } from '~/lib/loyalty/client.server';
import { clearLoyaltyClients, loyaltyClientFor } from '~/lib/loyalty/credentials.server';
import {
  INVALID_LOGIN_MESSAGE,
  LoyaltyConfigError,
  LoyaltyError,
  LoyaltyErrorCode,
} from '~/lib/loyalty/errors';
import { createTransport } from '~/lib/loyalty/http.server';
import { closeLoyaltyPools } from '~/lib/loyalty/pool.server';
import { parseReceiptText } from '~/lib/loyalty/receipt';
import type { Customer } from '~/lib/loyalty/types';
import {
  DEMO_SHOPPERS,
  DEMO_UNREGISTERED_PHONE,
  loyaltyServiceCredentials,
} from '../services/loyalty/credentials';
import { startLoyaltyService } from '../services/loyalty/index';

/**
 * Contract tests: the site's loyalty client (app/lib/loyalty) against the reference service
 * (services/loyalty), started in-process on a loopback port with a fresh store, for every call of
 * docs/loyalty-api.md: success paths against the demo seed and the error cases of each call.
 *
 * Stores: always PGlite in a temporary folder; also the PostgreSQL server of TEST_DATABASE_URL
 * when it is set (`npm test` starts one), with per-run appIds as that database outlives the run.
 */

const databaseUrl = process.env.TEST_DATABASE_URL || undefined;
const stores: { name: string; databaseUrl?: string }[] = [
  { name: 'PGlite' },
  ...(databaseUrl ? [{ name: 'PostgreSQL', databaseUrl }] : []),
];
const [ava, ben, cara] = DEMO_SHOPPERS;
const creds = loyaltyServiceCredentials();

/** A unique 10-digit phone and e-mail per call (unique within the run; apps are per run). */
let serial = 0;
const stamp = String(Date.now() % 1000).padStart(3, '0');
function uniquePhone() {
  serial += 1;
  return `802${stamp}${String(serial).padStart(4, '0')}`;
}
function uniqueEmail(tag: string) {
  serial += 1;
  return `contract.${tag}.${stamp}.${serial}@example.com`;
}

/** Awaits a rejection and returns the error (fails when the promise resolves). */
async function rejection(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

/** Expects a LoyaltyError with this status (and code); returns it. */
async function fails(p: Promise<unknown>, status: number, code?: number): Promise<LoyaltyError> {
  const error = await rejection(p);
  expect(error).toBeInstanceOf(LoyaltyError);
  const e = error as LoyaltyError;
  expect({ status: e.status, code: code === undefined ? undefined : e.code }).toEqual({
    status,
    code,
  });
  return e;
}

/** Expects a 400 with a reason (a sentence), the message being that reason. */
async function badPayload(p: Promise<unknown>): Promise<LoyaltyError> {
  const e = await fails(p, 400);
  expect(e.reason).toMatch(/\S/);
  expect(e.message).toBe(e.reason);
  return e;
}

/** Registers a fresh shopper in an app and returns it with its password. */
async function registerShopper(c: LoyaltyClient, tag: string) {
  const password = `Contract!${tag}1`;
  const email = uniqueEmail(tag);
  const phone = uniquePhone();
  const customer = await c.register({
    firstName: 'Dana',
    lastName: 'Contract',
    email,
    phone,
    password,
    zip: '84108',
    birthday: '1985-06-15',
  });
  return { customer, email, phone, password };
}

/**
 * A recording forwarder in front of the service, to inspect what the client actually sends (the
 * body of an account update). It forwards everything unchanged.
 */
interface Recorder {
  url: string;
  log: { method: string; url: string; body: unknown }[];
  close(): Promise<void>;
}
async function startRecorder(target: string): Promise<Recorder> {
  const log: Recorder['log'] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      log.push({
        method: req.method ?? '',
        url: req.url ?? '',
        body: text ? JSON.parse(text) : null,
      });
      const headers: Record<string, string> = {};
      for (const h of ['authorization', 'content-type', 'accept']) {
        const v = req.headers[h];
        if (typeof v === 'string') headers[h] = v;
      }
      request(target + req.url, {
        method: req.method as 'GET',
        headers,
        body: text || undefined,
      }).then(
        async (r) => {
          res.writeHead(r.statusCode, { 'content-type': 'application/json' });
          res.end(await r.body.text());
        },
        () => {
          res.writeHead(502);
          res.end();
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    log,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

describe.each(stores)('loyalty API contract on $name', (store) => {
  // A PostgreSQL database outlives the run: its appIds get a per-run suffix.
  const suffix = store.databaseUrl ? `-${Date.now().toString(36)}` : '';
  const A = `contract-a${suffix}`;
  const B = `contract-b${suffix}`;
  let service: Awaited<ReturnType<typeof startLoyaltyService>>;
  let dataDir: string | undefined;
  let a: LoyaltyClient;
  let b: LoyaltyClient;
  let avaNo: string;
  let benNo: string;
  let recorder: Recorder;

  function client(
    appId: string,
    overrides: Partial<Parameters<typeof createLoyaltyClient>[0]> = {},
  ) {
    return createLoyaltyClient({
      baseUrl: service.url,
      appId,
      basic: creds.basic,
      bearer: creds.bearer,
      ...overrides,
    });
  }

  beforeAll(async () => {
    dataDir = store.databaseUrl
      ? undefined
      : fs.mkdtempSync(path.join(os.tmpdir(), 'loyalty-contract-'));
    service = await startLoyaltyService({
      ...(store.databaseUrl ? { databaseUrl: store.databaseUrl } : { dataDir }),
      port: 0,
      host: '127.0.0.1',
      apps: [
        { appId: A, storeNumbers: ['0001', '0002'], tiers: [500, 1000] },
        { appId: B, storeNumbers: ['0003'], tiers: [250, 750] },
      ],
    });
    a = client(A);
    b = client(B);
    recorder = await startRecorder(service.url);
    const avaLogin = await a.login({ emailOrPhone: ava.email, password: ava.password });
    const benLogin = await a.login({ emailOrPhone: ben.email, password: ben.password });
    avaNo = avaLogin!.frqShopperNo;
    benNo = benLogin!.frqShopperNo;
  }, 180_000);

  afterAll(async () => {
    await recorder?.close();
    await closeLoyaltyPools();
    await service?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    clearLoyaltyClients();
  }, 60_000);

  const UNKNOWN_SHOPPER = '999999999999';

  describe('authentication', () => {
    it('a wrong Basic credential is 401 on /AppUsers calls', async () => {
      const wrong = client(A, { basic: 'site:wrong' });
      const e = await fails(
        wrong.login({ emailOrPhone: ava.email, password: ava.password }),
        401,
        401,
      );
      expect(e.message).not.toBe(INVALID_LOGIN_MESSAGE);
      await fails(wrong.getSecurityQuestions(), 401, 401);
      await fails(wrong.getRewardSubscriptions(), 401, 401);
    });

    it('a wrong Bearer token is 401 on /loyalty calls', async () => {
      const wrong = client(A, { bearer: 'wrong-token' });
      await fails(wrong.getCharities(), 401, 401);
      await fails(wrong.getOffers(avaNo), 401, 401);
      await fails(
        wrong.register({
          firstName: 'X',
          lastName: 'Y',
          email: uniqueEmail('x'),
          phone: uniquePhone(),
          password: 'LongEnough1!',
        }),
        401,
        401,
      );
    });

    it('a missing credential is 401 with the contract body', async () => {
      const send = createTransport(service.url);
      const e = await fails(send({ method: 'GET', path: `/loyalty/${A}/charities` }), 401, 401);
      expect(e.reason).toBe('Unauthorized.');
    });
  });

  describe('2 getSecurityQuestions', () => {
    it('lists the questions', async () => {
      const questions = await a.getSecurityQuestions();
      expect(questions.length).toBeGreaterThan(0);
      for (const q of questions) {
        expect(q.id).toMatch(/\S/);
        expect(q.question).toMatch(/\?$/);
      }
    });
  });

  describe('3 getRewardSubscriptions', () => {
    it("the service includes id 1 'Ecommerce User'; the client filters it out", async () => {
      const raw = await createTransport(service.url)({
        method: 'GET',
        path: '/AppUsers/rewardsubscriptions',
        query: { a: A },
        headers: { authorization: `Basic ${Buffer.from(creds.basic).toString('base64')}` },
      });
      const list = (
        raw.body as {
          appUserRewardSubscriptions: {
            rewardSubscriptionId: unknown;
            rewardSubscriptionName: string;
          }[];
        }
      ).appUserRewardSubscriptions;
      expect(list).toContainEqual({
        rewardSubscriptionId: 1,
        rewardSubscriptionName: 'Ecommerce User',
      });
      const filtered = await a.getRewardSubscriptions();
      expect(filtered.length).toBe(list.length - 1);
      expect(filtered.some((r) => r.rewardSubscriptionId === '1')).toBe(false);
      expect(filtered.some((r) => r.rewardSubscriptionName === 'Ecommerce User')).toBe(false);
    });
  });

  describe('10 login', () => {
    it('logs in the demo shopper by e-mail and by phone', async () => {
      const r = await a.login({ emailOrPhone: ava.email, password: ava.password });
      expect(r).not.toBeNull();
      expect(r!.firstName).toBe('Ava');
      expect(r!.frqShopperNo).toMatch(/^\d{12}$/);
      expect(r!.myStore).toMatch(/^(0|\d{4})$/);
      expect(r!.frequentShopperJwt).toMatch(/\S/);
      expect(r!.oAuthJwt).toMatch(/\S/);
      const byPhone = await a.login({ emailOrPhone: ava.phone, password: ava.password });
      expect(byPhone!.frqShopperNo).toBe(r!.frqShopperNo);
      const upper = await a.login({
        emailOrPhone: ava.email.toUpperCase(),
        password: ava.password,
      });
      expect(upper!.frqShopperNo).toBe(r!.frqShopperNo);
    });

    it("wrong password → code 11, 'Invalid email address or password.'", async () => {
      const e = await fails(a.login({ emailOrPhone: ava.email, password: 'Wrong!pass1' }), 401, 11);
      expect(e.message).toBe(INVALID_LOGIN_MESSAGE);
    });

    it('unknown e-mail → code 10, the same message', async () => {
      const e = await fails(
        a.login({ emailOrPhone: 'nobody.here@example.com', password: 'Whatever1!' }),
        401,
        10,
      );
      expect(e.message).toBe(INVALID_LOGIN_MESSAGE);
    });

    it('a record without password cannot log in (code 10 or 11)', async () => {
      const e = await rejection(
        a.login({ emailOrPhone: DEMO_UNREGISTERED_PHONE, password: 'Anything1!' }),
      );
      expect(e).toBeInstanceOf(LoyaltyError);
      expect((e as Error).message).toBe(INVALID_LOGIN_MESSAGE);
    });

    it('a bad payload is 400 with the reason as the message', async () => {
      await badPayload(a.login({ emailOrPhone: '', password: '' }));
    });
  });

  describe('13 getCustomer', () => {
    it('finds a shopper by shopper number, e-mail and phone', async () => {
      const byNo = await a.getCustomer({ frqShopperNo: avaNo });
      expect(byNo).toMatchObject({
        frqShopperNo: avaNo,
        firstName: 'Ava',
        lastName: ava.lastName,
        emailAddress: ava.email,
        phone: ava.phone,
        hasPassword: true,
      });
      expect(byNo!.myStore).toMatch(/^(0|\d{4})$/);
      expect((await a.getCustomer({ email: ava.email }))?.frqShopperNo).toBe(avaNo);
      expect((await a.getCustomer({ phone: ava.phone }))?.frqShopperNo).toBe(avaNo);
    });

    it('returns null when nothing matches (the API answers an array)', async () => {
      expect(await a.getCustomer({ frqShopperNo: UNKNOWN_SHOPPER })).toBeNull();
      expect(await a.getCustomer({ email: 'nobody.here@example.com' })).toBeNull();
      expect(await a.getCustomer({ phone: '8015550000' })).toBeNull();
    });

    it('takes exactly one query key', async () => {
      await expect(
        a.getCustomer({ email: ava.email, phone: ava.phone } as unknown as { email: string }),
      ).rejects.toThrow(TypeError);
      const send = createTransport(service.url);
      const auth = { authorization: `Bearer ${creds.bearer}` };
      await badPayload(send({ method: 'GET', path: `/loyalty/${A}/customer`, headers: auth }));
      await badPayload(
        send({
          method: 'GET',
          path: `/loyalty/${A}/customer`,
          query: { email: ava.email, phone: ava.phone },
          headers: auth,
        }),
      );
    });
  });

  describe('4 register', () => {
    it('creates a shopper who can then log in', async () => {
      const { customer, email, phone, password } = await registerShopper(a, 'reg');
      expect(customer.frqShopperNo).toMatch(/^\d{12}$/);
      expect(customer).toMatchObject({
        firstName: 'Dana',
        lastName: 'Contract',
        emailAddress: email,
        phone,
        birthday: '1985-06-15',
        zipCode: '84108',
        hasPassword: true,
      });
      const login = await a.login({ emailOrPhone: email, password });
      expect(login).toMatchObject({ firstName: 'Dana', frqShopperNo: customer.frqShopperNo });
    });

    it('keeps the chosen reward subscription and home store', async () => {
      const [choice] = await a.getRewardSubscriptions();
      const c = await a.register({
        firstName: 'Eli',
        lastName: 'Contract',
        email: uniqueEmail('reward'),
        phone: uniquePhone(),
        password: 'Contract!reward1',
        myStore: '0002',
        rewardSubscriptions: [choice.rewardSubscriptionId],
      });
      expect(c.myStore).toBe('0002');
      expect(c.rewardSubscriptions.map((r) => r.rewardSubscriptionId)).toContain(
        choice.rewardSubscriptionId,
      );
    });

    it('409 code 21 when the e-mail is taken, 22 when the phone is', async () => {
      await fails(
        a.register({
          firstName: 'X',
          lastName: 'Y',
          email: ava.email,
          phone: uniquePhone(),
          password: 'LongEnough1!',
        }),
        409,
        LoyaltyErrorCode.EmailTaken,
      );
      await fails(
        a.register({
          firstName: 'X',
          lastName: 'Y',
          email: uniqueEmail('dup'),
          phone: ava.phone,
          password: 'LongEnough1!',
        }),
        409,
        LoyaltyErrorCode.PhoneTaken,
      );
    });

    it('400 with a reason for a bad payload', async () => {
      const e = await badPayload(
        a.register({
          firstName: '',
          lastName: 'Y',
          email: uniqueEmail('bad'),
          phone: uniquePhone(),
          password: 'LongEnough1!',
        }),
      );
      expect(e.code).toBe(LoyaltyErrorCode.Validation);
      await badPayload(
        a.register({
          firstName: 'X',
          lastName: 'Y',
          email: 'not-an-email',
          phone: uniquePhone(),
          password: 'LongEnough1!',
        }),
      );
      await badPayload(
        a.register({
          firstName: 'X',
          lastName: 'Y',
          email: uniqueEmail('bad'),
          phone: '123',
          password: 'LongEnough1!',
        }),
      );
      await badPayload(
        a.register({
          firstName: 'X',
          lastName: 'Y',
          email: uniqueEmail('weak'),
          phone: uniquePhone(),
          password: 'short',
        }),
      );
    });
  });

  describe('5 updateCustomer', () => {
    let shopper: Awaited<ReturnType<typeof registerShopper>>;
    let current: Customer;
    const viaRecorder = () => client(A, { baseUrl: recorder.url });

    beforeAll(async () => {
      shopper = await registerShopper(a, 'upd');
      current = shopper.customer;
    });

    it('sends only the changed fields and returns the updated record', async () => {
      recorder.log.length = 0;
      const updated = await viaRecorder().updateCustomer(
        current.frqShopperNo,
        {
          firstName: 'Dina',
          lastName: current.lastName!,
          phone: current.phone!,
          organization: 'PTA',
        },
        { previous: current },
      );
      const sent = recorder.log.find((r) => r.method === 'PUT');
      expect(sent?.url).toBe(`/loyalty/${A}/customer/${current.frqShopperNo}`);
      expect(sent?.body).toEqual({
        frqShopperNo: current.frqShopperNo,
        firstName: 'Dina',
        organization: 'PTA',
      });
      expect(updated).toMatchObject({
        firstName: 'Dina',
        lastName: 'Contract',
        organization: 'PTA',
      });
      expect(updated.phone).toBe(shopper.phone);
      current = updated;
    });

    it('a birthday is sent with updateBirthday: true', async () => {
      recorder.log.length = 0;
      const updated = await viaRecorder().updateCustomer(
        current.frqShopperNo,
        { birthday: '1990-04-05' },
        { previous: current },
      );
      expect(recorder.log.at(-1)?.body).toEqual({
        frqShopperNo: current.frqShopperNo,
        birthday: '1990-04-05',
        updateBirthday: true,
      });
      expect(updated.birthday).toBe('1990-04-05');
      current = updated;
    });

    it('a zip sets city and state', async () => {
      const updated = await a.updateCustomer(current.frqShopperNo, {
        address1: '1 Main St',
        zip: '84770',
      });
      expect(updated).toMatchObject({
        address1: '1 Main St',
        zipCode: '84770',
        city: 'St. George',
        state: 'UT',
      });
      current = updated;
    });

    it('changes the home store, the data-sharing flag and the reward choice', async () => {
      const choices = await a.getRewardSubscriptions();
      const choice = choices[choices.length - 1];
      const updated = await a.updateCustomer(
        current.frqShopperNo,
        {
          myStore: '0001',
          optOutDataSharing: true,
          rewardSubscriptions: [choice.rewardSubscriptionId],
        },
        { previous: current },
      );
      expect(updated.myStore).toBe('0001');
      expect(updated.myStoreInfo?.myStoreNumber).toBe('0001');
      expect(updated.optOutDataSharing).toBe(true);
      expect(updated.rewardSubscriptions.map((r) => r.rewardSubscriptionId)).toContain(
        choice.rewardSubscriptionId,
      );
      // Fields not sent are kept.
      expect(updated).toMatchObject({
        firstName: 'Dina',
        birthday: '1990-04-05',
        city: 'St. George',
      });
    });

    it('404 code 30 for an unknown shopper', async () => {
      await fails(
        a.updateCustomer(UNKNOWN_SHOPPER, { firstName: 'X' }),
        404,
        LoyaltyErrorCode.UnknownShopper,
      );
    });

    it('400 with a reason for a bad value', async () => {
      await badPayload(a.updateCustomer(current.frqShopperNo, { birthday: 'not-a-date' }));
      await badPayload(a.updateCustomer(current.frqShopperNo, { phone: '12' }));
    });

    it("409 code 21 for another shopper's e-mail", async () => {
      await fails(
        a.updateCustomer(current.frqShopperNo, { email: ava.email }),
        409,
        LoyaltyErrorCode.EmailTaken,
      );
    });
  });

  describe('registration upgrade path (spec §4)', () => {
    it('phone-only record → update with registration data → password with empty old → login', async () => {
      const record = await a.getCustomer({ phone: DEMO_UNREGISTERED_PHONE });
      expect(record).not.toBeNull();
      expect(record!.emailAddress).toBeNull();
      expect(record!.hasPassword).toBe(false);
      const email = uniqueEmail('upgrade');
      const updated = await a.updateCustomer(record!.frqShopperNo, {
        firstName: 'Gus',
        lastName: 'Upgrade',
        email,
        phone: DEMO_UNREGISTERED_PHONE,
        birthday: '1979-02-03',
        zip: '84108',
      });
      expect(updated).toMatchObject({
        frqShopperNo: record!.frqShopperNo,
        emailAddress: email,
        birthday: '1979-02-03',
        city: 'Salt Lake City',
      });
      const set = await a.changePassword({ email, oldPassword: '', newPassword: 'Upgraded!pass1' });
      expect(set).toBe(true);
      const login = await a.login({ emailOrPhone: email, password: 'Upgraded!pass1' });
      expect(login).toMatchObject({ frqShopperNo: record!.frqShopperNo, firstName: 'Gus' });
    });
  });

  describe('7 changePassword', () => {
    it('changes the password (old one checked) and returns true', async () => {
      const s = await registerShopper(a, 'pw');
      expect(
        await a.changePassword({
          email: s.email,
          oldPassword: s.password,
          newPassword: 'Changed!pass1',
        }),
      ).toBe(true);
      await fails(a.login({ emailOrPhone: s.email, password: s.password }), 401, 11);
      expect(await a.login({ emailOrPhone: s.email, password: 'Changed!pass1' })).not.toBeNull();
    });

    it('400 code 50 for a wrong or empty old password, 51 for a weak new one', async () => {
      const s = await registerShopper(a, 'pw2');
      await fails(
        a.changePassword({
          email: s.email,
          oldPassword: 'Wrong!pass9',
          newPassword: 'Changed!pass1',
        }),
        400,
        LoyaltyErrorCode.WrongOldPassword,
      );
      await fails(
        a.changePassword({ email: s.email, oldPassword: '', newPassword: 'Changed!pass1' }),
        400,
        LoyaltyErrorCode.WrongOldPassword,
      );
      await fails(
        a.changePassword({ email: s.email, oldPassword: s.password, newPassword: 'short' }),
        400,
        LoyaltyErrorCode.WeakPassword,
      );
      expect(await a.login({ emailOrPhone: s.email, password: s.password })).not.toBeNull();
    });

    it('an unknown e-mail is refused', async () => {
      const e = await rejection(
        a.changePassword({
          email: 'nobody.here@example.com',
          oldPassword: 'x',
          newPassword: 'Changed!pass1',
        }),
      );
      expect(e).toBeInstanceOf(LoyaltyError);
      expect([400, 404]).toContain((e as LoyaltyError).status);
    });
  });

  describe('8 resetPassword', () => {
    it('sets a new password and returns true', async () => {
      const s = await registerShopper(a, 'reset');
      expect(await a.resetPassword({ email: s.email, newPassword: 'Reset!pass12' })).toBe(true);
      expect(await a.login({ emailOrPhone: s.email, password: 'Reset!pass12' })).not.toBeNull();
    });

    it('404 code 30 for an unknown e-mail; 400 for a weak password', async () => {
      await fails(
        a.resetPassword({ email: 'nobody.here@example.com', newPassword: 'Reset!pass12' }),
        404,
        LoyaltyErrorCode.UnknownShopper,
      );
      await badPayload(a.resetPassword({ email: cara.email, newPassword: 'short' }));
    });
  });

  describe('9 updateSecurityAnswer', () => {
    it('returns the appUserSecurity success flag', async () => {
      const [q] = await a.getSecurityQuestions();
      expect(
        await a.updateSecurityAnswer({
          frqShopperNo: avaNo,
          securityQuestion: q.question,
          securityAnswer: 'Rex',
        }),
      ).toBe(true);
    });

    it('404 for an unknown shopper, 400 for an empty answer', async () => {
      const [q] = await a.getSecurityQuestions();
      await fails(
        a.updateSecurityAnswer({
          frqShopperNo: UNKNOWN_SHOPPER,
          securityQuestion: q.question,
          securityAnswer: 'Rex',
        }),
        404,
        LoyaltyErrorCode.UnknownShopper,
      );
      await badPayload(
        a.updateSecurityAnswer({
          frqShopperNo: avaNo,
          securityQuestion: q.question,
          securityAnswer: '',
        }),
      );
    });
  });

  describe('1 and 6 e-mail subscriptions', () => {
    it("lists the app's types and the shopper's choices", async () => {
      const types = await a.getEmailSubscriptions();
      expect(types.length).toBeGreaterThan(0);
      for (const t of types) expect(t.name).toMatch(/\S/);
      const mine = await a.getEmailSubscriptions(benNo);
      expect(mine.map((m) => m.emailSubscriptionId).sort()).toEqual(
        types.map((t) => t.emailSubscriptionId).sort(),
      );
    });

    it('saves opt-outs for every type, then for one type', async () => {
      expect(await a.updateEmailSubscriptions(benNo, [{ optOutEmail: true }])).toBe(true);
      const all = await a.getEmailSubscriptions(benNo);
      expect(all.every((s) => s.optOutEmail)).toBe(true);
      const first = all[0].emailSubscriptionId;
      expect(
        await a.updateEmailSubscriptions(benNo, [
          { emailSubscriptionId: first, optOutEmail: false },
        ]),
      ).toBe(true);
      const after = await a.getEmailSubscriptions(benNo);
      expect(after.find((s) => s.emailSubscriptionId === first)?.optOutEmail).toBe(false);
      expect(after.filter((s) => s.emailSubscriptionId !== first).every((s) => s.optOutEmail)).toBe(
        true,
      );
    });

    it('404 for an unknown shopper; 400 for a bad payload', async () => {
      await fails(a.getEmailSubscriptions(UNKNOWN_SHOPPER), 404, LoyaltyErrorCode.UnknownShopper);
      await fails(
        a.updateEmailSubscriptions(UNKNOWN_SHOPPER, [{ optOutEmail: true }]),
        404,
        LoyaltyErrorCode.UnknownShopper,
      );
      await badPayload(
        a.updateEmailSubscriptions(benNo, [{ optOutEmail: 'yes' as unknown as boolean }]),
      );
    });
  });

  describe('11 getOffers and 12 activateOffers', () => {
    it('a guest sees the available coupons', async () => {
      const r = await a.getOffers(null);
      expect(r.available.length).toBeGreaterThanOrEqual(100);
      expect(r.activated).toEqual([]);
      expect(r.redeemed).toEqual([]);
      const o = r.available[0];
      expect(o.offerId).toMatch(/\S/);
      expect(o.brandName).toMatch(/\S/);
      expect(typeof o.offerValue).toBe('number');
    });

    it("a shopper's lists are non-empty and disjoint", async () => {
      const r = await a.getOffers(avaNo);
      expect(r.available.length).toBeGreaterThan(0);
      expect(r.activated.length).toBeGreaterThan(0);
      expect(r.redeemed.length).toBeGreaterThan(0);
      const ids = (l: { offerId: string }[]) => new Set(l.map((o) => o.offerId));
      const [av, ac, re] = [ids(r.available), ids(r.activated), ids(r.redeemed)];
      for (const id of ac) expect(av.has(id)).toBe(false);
      for (const id of re) expect(av.has(id)).toBe(false);
      expect(av.size).toBe(r.available.length);
      for (const o of r.activated) expect(o.clippedDate).toMatch(/^\d{4}-\d{2}-\d{2}/);
      for (const o of r.redeemed) {
        expect(o.timesRedeemed).toBeGreaterThan(0);
        expect(o.lastRedeemed).toMatch(/^\d{4}-\d{2}-\d{2}/);
      }
    });

    it('personalOnly leaves the available list out and keeps the personal ones', async () => {
      const all = await a.getOffers(avaNo);
      const mine = await a.getOffers(avaNo, { personalOnly: true });
      expect(mine.available).toEqual([]);
      expect(mine.activated).toEqual(all.activated);
      expect(mine.redeemed).toEqual(all.redeemed);
      // The shared list minus the shopper's coupons is the shopper's available list.
      const shared = await a.getOffers(null);
      const taken = new Set([...mine.activated, ...mine.redeemed].map((o) => o.offerId));
      expect(shared.available.filter((o) => !taken.has(o.offerId)).map((o) => o.offerId)).toEqual(
        all.available.map((o) => o.offerId),
      );
    });

    it('clipping moves a coupon to activated; clipping twice keeps it once', async () => {
      const before = await a.getOffers(benNo);
      const offer = before.available[0];
      const [result] = await a.activateOffers(benNo, [offer.offerId]);
      expect(result).toMatchObject({ offerId: offer.offerId, activated: true });
      const after = await a.getOffers(benNo);
      expect(after.available.some((o) => o.offerId === offer.offerId)).toBe(false);
      expect(after.activated.filter((o) => o.offerId === offer.offerId)).toHaveLength(1);
      const [again] = await a.activateOffers(benNo, [offer.offerId]);
      expect(again.activated).toBe(true);
      const twice = await a.getOffers(benNo);
      expect(twice.activated.filter((o) => o.offerId === offer.offerId)).toHaveLength(1);
      expect(twice.activated.length).toBe(after.activated.length);
    });

    it('clips several at once', async () => {
      const before = await a.getOffers(benNo);
      const ids = before.available.slice(0, 3).map((o) => o.offerId);
      const results = await a.activateOffers(benNo, ids);
      expect(results.map((r) => r.offerId).sort()).toEqual([...ids].sort());
      expect(results.every((r) => r.activated)).toBe(true);
    });

    it('an unknown offer is refused with a reason', async () => {
      // The contract allows a per-offer refusal (Results[].Activated false with a Reason) or a 404
      // code 31; either way the shopper learns why.
      const outcome = await a.activateOffers(benNo, ['987654321']).then(
        (results) => ({ results, error: null }),
        (error: unknown) => ({ results: null, error }),
      );
      if (outcome.error) {
        expect(outcome.error).toBeInstanceOf(LoyaltyError);
        expect(outcome.error).toMatchObject({ status: 404, code: LoyaltyErrorCode.UnknownOffer });
        expect((outcome.error as LoyaltyError).reason).toMatch(/\S/);
      } else {
        expect(outcome.results).toHaveLength(1);
        expect(outcome.results![0]).toMatchObject({ offerId: '987654321', activated: false });
        expect(outcome.results![0].reason).toMatch(/\S/);
      }
    });

    it('an expired or not yet active offer is refused with a reason', async () => {
      // Offer ids the shopper cannot see at all are expired or not active yet.
      const caraNo = (await a.getCustomer({ email: cara.email }))!.frqShopperNo;
      const guest = await a.getOffers(null);
      const mine = await a.getOffers(caraNo);
      const visible = new Set(
        [...guest.available, ...mine.activated, ...mine.redeemed].map((o) => Number(o.offerId)),
      );
      const max = Math.max(...visible);
      let hidden: number | undefined;
      for (let id = 1; id <= max; id++) {
        if (!visible.has(id)) {
          hidden = id;
          break;
        }
      }
      expect(hidden, 'the seed has expired or future coupons').toBeDefined();
      const [r] = await a.activateOffers(caraNo, [String(hidden)]);
      expect(r.activated).toBe(false);
      expect(r.reason).toMatch(/\S/);
      const after = await a.getOffers(caraNo);
      expect(after.activated.some((o) => o.offerId === String(hidden))).toBe(false);
    });

    it('404 for an unknown shopper; 400 for no offers or more than 100', async () => {
      await fails(a.getOffers(UNKNOWN_SHOPPER), 404, LoyaltyErrorCode.UnknownShopper);
      const { available } = await a.getOffers(null);
      await fails(
        a.activateOffers(UNKNOWN_SHOPPER, [available[0].offerId]),
        404,
        LoyaltyErrorCode.UnknownShopper,
      );
      await badPayload(a.activateOffers(benNo, []));
      await badPayload(
        a.activateOffers(
          benNo,
          available.slice(0, 101).map((o) => o.offerId),
        ),
      );
    });

    it('aborting getOffers rejects promptly with an AbortError', async () => {
      const controller = new AbortController();
      const started = Date.now();
      const p = a.getOffers(avaNo, { signal: controller.signal });
      controller.abort();
      const error = await rejection(p);
      expect((error as Error).name).toBe('AbortError');
      expect(Date.now() - started).toBeLessThan(250);
    });
  });

  describe('14 getReceipts', () => {
    it('≥ 20 receipts over 150 days, newest first, in the receipt text format', async () => {
      const receipts = await a.getReceipts(avaNo, { daysAgo: 150, count: 150 });
      expect(receipts.length).toBeGreaterThanOrEqual(20);
      const times = receipts.map((r) => Date.parse(r.transactionDate));
      expect(times.every((t) => Number.isFinite(t))).toBe(true);
      expect([...times].sort((x, y) => y - x)).toEqual(times);
      const oldest = Date.now() - 151 * 86_400_000;
      expect(times.every((t) => t >= oldest)).toBe(true);
      for (const r of receipts) {
        const p = parseReceiptText(r.receiptTextData);
        expect(p.location).toHaveLength(3);
        expect(p.items.length).toBeGreaterThan(0);
        expect(p.items.every((i) => i.value !== null)).toBe(true);
        expect(p.subtotal).not.toBeNull();
        expect(p.tax).not.toBeNull();
        expect(p.total).toBeCloseTo(p.subtotal! + p.tax!, 2);
        expect(p.subtotal).toBeCloseTo(
          p.items.reduce((sum, i) => sum + i.value!, 0),
          2,
        );
        expect(p.transactionNumber).toMatch(/\S/);
        if (r.transactionNumber) expect(p.transactionNumber).toBe(r.transactionNumber);
        expect(p.points).not.toBeNull();
      }
    });

    it('defaults to 10 days; count limits', async () => {
      const recent = await a.getReceipts(avaNo);
      const cutoff = Date.now() - 11 * 86_400_000;
      expect(recent.every((r) => Date.parse(r.transactionDate) >= cutoff)).toBe(true);
      expect(await a.getReceipts(avaNo, { daysAgo: 150, count: 5 })).toHaveLength(5);
    });

    it('400 for out-of-range daysAgo/count; 404 for an unknown shopper', async () => {
      await badPayload(a.getReceipts(avaNo, { daysAgo: 0 }));
      await badPayload(a.getReceipts(avaNo, { daysAgo: 3651 }));
      await badPayload(a.getReceipts(avaNo, { count: 501 }));
      await fails(
        a.getReceipts(UNKNOWN_SHOPPER, { daysAgo: 30 }),
        404,
        LoyaltyErrorCode.UnknownShopper,
      );
    });
  });

  describe('15 getOverview', () => {
    it("sums up the shopper's account", async () => {
      const o = await a.getOverview(avaNo);
      expect(o).toMatchObject({ frqShopperNo: avaNo, firstName: 'Ava' });
      for (const k of [
        'pointsTotal',
        'creditsBalance',
        'clippedCount',
        'redeemedCount',
        'yearToDateSavings',
      ] as const) {
        expect(typeof o[k]).toBe('number');
      }
    });

    it('404 for an unknown shopper', async () => {
      await fails(a.getOverview(UNKNOWN_SHOPPER), 404, LoyaltyErrorCode.UnknownShopper);
    });
  });

  describe('16–18 charities', () => {
    it('lists charities in groups', async () => {
      const list = await a.getCharities();
      expect(list.length).toBeGreaterThanOrEqual(40);
      expect(new Set(list.map((c) => c.charityDescription)).size).toBeGreaterThan(1);
      for (const c of list.slice(0, 5)) expect(c.notes).toMatch(/\S/);
    });

    it('enroll, switch (replaces) and disenroll round-trip', async () => {
      const [c1, c2] = await a.getCharities();
      expect(await a.enrollCharity(benNo, c1.charityId)).toBe(true);
      let mine = await a.getUserCharities(benNo);
      expect(mine.filter((c) => c.isEnrolled).map((c) => c.charityId)).toEqual([c1.charityId]);
      expect((await a.getOverview(benNo)).charityName).toBe(c1.notes);

      expect(await a.enrollCharity(benNo, c2.charityId)).toBe(true);
      mine = await a.getUserCharities(benNo);
      expect(mine.filter((c) => c.isEnrolled).map((c) => c.charityId)).toEqual([c2.charityId]);

      expect(await a.disenrollCharity(benNo, c2.charityId)).toBe(true);
      mine = await a.getUserCharities(benNo);
      expect(mine.filter((c) => c.isEnrolled)).toEqual([]);
    });

    it('404 for an unknown charity or shopper', async () => {
      const [c1] = await a.getCharities();
      await fails(a.enrollCharity(benNo, '987654'), 404, LoyaltyErrorCode.UnknownCharity);
      await fails(a.disenrollCharity(benNo, '987654'), 404, LoyaltyErrorCode.UnknownCharity);
      await fails(
        a.enrollCharity(UNKNOWN_SHOPPER, c1.charityId),
        404,
        LoyaltyErrorCode.UnknownShopper,
      );
      await fails(a.getUserCharities(UNKNOWN_SHOPPER), 404, LoyaltyErrorCode.UnknownShopper);
    });
  });

  describe('19 getAgreements and 20 updateAcceptedTermsVersion', () => {
    it('without a shopper: the current terms, no customer info', async () => {
      const r = await a.getAgreements();
      expect(r.currentTerms.length).toBeGreaterThan(0);
      expect(Math.max(...r.currentTerms.map((t) => t.currentTermsVersion))).toBe(2);
      expect(r.customerTermsInfo).toEqual([]);
    });

    it('a shopper accepts version 2', async () => {
      const s = await registerShopper(a, 'terms');
      const id = s.customer.frqShopperNo;
      expect(await a.updateAcceptedTermsVersion(id, 2)).toBe(true);
      const r = await a.getAgreements(id);
      expect(r.customerTermsInfo.map((t) => t.customerVersionAccepted)).toContain(2);
    });

    it('400 for an unknown version, 404 for an unknown shopper', async () => {
      await badPayload(a.updateAcceptedTermsVersion(avaNo, 99));
      await fails(
        a.updateAcceptedTermsVersion(UNKNOWN_SHOPPER, 2),
        404,
        LoyaltyErrorCode.UnknownShopper,
      );
    });
  });

  describe('21–25 points, credits, savings, loyalty info', () => {
    it('21 points history, newest first', async () => {
      const rows = await a.getPointsHistory(avaNo);
      expect(rows.length).toBeGreaterThan(0);
      const times = rows.map((r) => Date.parse(r.adjustmentDate));
      expect([...times].sort((x, y) => y - x)).toEqual(times);
      for (const r of rows) expect(Number.isFinite(r.adjustmentValue)).toBe(true);
    });

    it('22 points total', async () => {
      const total = await a.getPointsTotal(avaNo);
      expect(Number.isFinite(total)).toBe(true);
      expect(total).toBeGreaterThanOrEqual(0);
    });

    it('23 credits: current, adjustment history, expired', async () => {
      const c = await a.getCreditDetails(avaNo);
      expect(typeof c.currentCredits).toBe('number');
      expect(Array.isArray(c.adjustmentHistory)).toBe(true);
      expect(Array.isArray(c.expiredCredits)).toBe(true);
      for (const row of [...c.adjustmentHistory, ...c.expiredCredits]) {
        expect(Number.isFinite(Date.parse(row.date))).toBe(true);
      }
    });

    it('24 savings: the current year, one per month', async () => {
      const rows = await a.getSavings(avaNo);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.length).toBeLessThanOrEqual(12);
      // "This year" in the brands' time zone (Denver) may differ from UTC's on New Year's Eve.
      const years = new Set(
        [Date.now(), Date.now() - 7 * 3_600_000].map((t) => new Date(t).getUTCFullYear()),
      );
      const year = rows[0].date.slice(0, 4);
      expect(years.has(Number(year))).toBe(true);
      for (const r of rows) expect(r.date).toMatch(new RegExp(`^${year}-\\d{2}-01$`));
      expect(new Set(rows.map((r) => r.date.slice(0, 7))).size).toBe(rows.length);
    });

    it('25 loyalty info: fuel, credits, points, offers with both qualifier levels, premiums', async () => {
      const info = await a.getLoyaltyInfo(avaNo);
      expect(info.fuelRewards.length).toBeGreaterThan(0);
      expect(info.credits.length).toBeGreaterThan(0);
      expect(info.points.length).toBeGreaterThan(0);
      const levels = new Set(info.offers.map((o) => o.qualifierLevel));
      expect(levels).toEqual(new Set(['Accumulated', 'Transactional']));
      for (const o of info.offers) {
        expect(typeof o.offerProgress).toBe('number');
        if (o.offerCode === '0509' || o.offerCode === '0500') {
          expect(typeof o.participationAmount).toBe('number');
        }
      }
      expect(info.offers.some((o) => o.offerCode === '0509' || o.offerCode === '0500')).toBe(true);
      expect(info.premiums.length).toBeGreaterThan(0);
    });

    it.each([
      ['getPointsHistory', (c: LoyaltyClient) => c.getPointsHistory(UNKNOWN_SHOPPER)],
      ['getPointsTotal', (c: LoyaltyClient) => c.getPointsTotal(UNKNOWN_SHOPPER)],
      ['getCreditDetails', (c: LoyaltyClient) => c.getCreditDetails(UNKNOWN_SHOPPER)],
      ['getSavings', (c: LoyaltyClient) => c.getSavings(UNKNOWN_SHOPPER)],
      ['getLoyaltyInfo', (c: LoyaltyClient) => c.getLoyaltyInfo(UNKNOWN_SHOPPER)],
    ])('%s: 404 code 30 for an unknown shopper', async (_name, call) => {
      await fails(call(a), 404, LoyaltyErrorCode.UnknownShopper);
    });
  });

  describe('appId isolation', () => {
    it('a shopper of contract-a is not found via contract-b', async () => {
      const s = await registerShopper(a, 'iso');
      const id = s.customer.frqShopperNo;
      expect(await b.getCustomer({ frqShopperNo: id })).toBeNull();
      expect(await b.getCustomer({ email: s.email })).toBeNull();
      expect(await b.getCustomer({ phone: s.phone })).toBeNull();
      await fails(b.login({ emailOrPhone: s.email, password: s.password }), 401, 10);
      await fails(b.getOffers(id), 404, LoyaltyErrorCode.UnknownShopper);
      await fails(b.getReceipts(id, { daysAgo: 30 }), 404, LoyaltyErrorCode.UnknownShopper);
      await fails(b.getPointsTotal(id), 404, LoyaltyErrorCode.UnknownShopper);
      await fails(
        b.updateCustomer(id, { firstName: 'Mallory' }),
        404,
        LoyaltyErrorCode.UnknownShopper,
      );
      expect((await a.getCustomer({ frqShopperNo: id }))?.firstName).toBe('Dana');
    });

    it('the same demo e-mail is a different shopper in each app', async () => {
      const inB = await b.login({ emailOrPhone: ava.email, password: ava.password });
      expect(inB).not.toBeNull();
      const avaB = await b.getCustomer({ frqShopperNo: inB!.frqShopperNo });
      expect(avaB?.emailAddress).toBe(ava.email);
      // Changes in one app never show in the other.
      const s = await a.getOffers(avaNo);
      const bOffers = await b.getOffers(inB!.frqShopperNo);
      expect(bOffers.available.length).toBeGreaterThan(0);
      expect(s.available.length).toBeGreaterThan(0);
    });
  });

  describe('service-wide rules', () => {
    const auth = () => ({ authorization: `Bearer ${creds.bearer}` });

    it('an unknown route is 404 code 404', async () => {
      const send = createTransport(service.url);
      await fails(
        send({ method: 'GET', path: `/loyalty/${A}/no-such-thing`, headers: auth() }),
        404,
        404,
      );
    });

    it('odd payloads never yield a 500', async () => {
      const send = createTransport(service.url, { retries: 0 });
      const odd: unknown[] = [
        null,
        [],
        'text',
        42,
        { firstName: { nested: true } },
        { offers: 'x' },
        { email: 'x'.repeat(10_000) },
      ];
      const paths: ['POST' | 'PUT', string][] = [
        ['POST', `/loyalty/${A}/customer/register`],
        ['PUT', `/loyalty/${A}/customer/${avaNo}`],
        ['PUT', `/loyalty/${A}/customer/changepassword`],
        ['PUT', `/loyalty/${A}/customer/passwordreset`],
        ['POST', `/loyalty/${A}/quotient/${avaNo}/offers/activate`],
      ];
      for (const [method, p] of paths) {
        for (const body of odd) {
          const r = await send({ method, path: p, headers: auth(), body }).catch((e: unknown) => e);
          if (r instanceof LoyaltyError)
            expect(r.status, `${method} ${p} ${JSON.stringify(body).slice(0, 40)}`).toBeLessThan(
              500,
            );
          else expect(r).toHaveProperty('status');
        }
      }
      const weird = await send({
        method: 'GET',
        path: `/loyalty/${A}/customers/%E0%A4%A/receipts`,
        headers: auth(),
      }).catch((e: unknown) => e);
      if (weird instanceof LoyaltyError) expect(weird.status).toBeLessThan(500);
    });
  });

  describe('loyaltyClientFor against the embedded service', () => {
    const tenant = {
      sitePath: 'contract',
      services: {
        loyalty: {
          appId: A,
          basicCredentialEnv: 'CONTRACT_TEST_LOYALTY_BASIC',
          bearerTokenEnv: 'CONTRACT_TEST_LOYALTY_BEARER',
        },
      },
    };

    it('uses the development defaults when the variables are unset', async () => {
      const embedded = { url: service.url, basic: creds.basic, bearer: creds.bearer };
      const c = loyaltyClientFor(tenant, { LOYALTY_API_URL: undefined }, embedded, { source: {} });
      expect(await c.login({ emailOrPhone: ava.email, password: ava.password })).toMatchObject({
        firstName: 'Ava',
      });
      expect(
        loyaltyClientFor(tenant, { LOYALTY_API_URL: undefined }, embedded, { source: {} }),
      ).toBe(c);
    });

    it('uses the variables the tenant names (a wrong value is a 401)', async () => {
      const c = loyaltyClientFor(tenant, { LOYALTY_API_URL: service.url }, null, {
        source: {
          CONTRACT_TEST_LOYALTY_BASIC: 'site:wrong',
          CONTRACT_TEST_LOYALTY_BEARER: creds.bearer,
        },
      });
      await fails(c.login({ emailOrPhone: ava.email, password: ava.password }), 401, 401);
      expect((await c.getCharities()).length).toBeGreaterThan(0);
    });

    it('with a real backend and a variable unset: a configuration error naming it', () => {
      expect(() =>
        loyaltyClientFor(tenant, { LOYALTY_API_URL: service.url }, null, {
          source: { CONTRACT_TEST_LOYALTY_BASIC: creds.basic },
        }),
      ).toThrow(LoyaltyConfigError);
    });
  });
});
