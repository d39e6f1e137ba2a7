import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { denverDate } from '../../common/dates';
import { DEMO_SHOPPERS, DEMO_UNREGISTERED_PHONE, DEV_LOYALTY_JWT_SECRET } from './credentials';
import { startLoyaltyService, type LoyaltyService } from './index';
import { FREQUENT_SHOPPER_AUDIENCE, CUSTOMER_TOKEN_AUDIENCE, verifyShopperToken } from './tokens';
import {
  call,
  recordingLogger,
  storeTargets,
  uniqueAppId,
  type RecordingLogger,
} from '../../test/stores';

type Json = Record<string, unknown> & { Code?: number; Reason?: string };
type Offer = { OfferId: number; OfferExpiryDate: string; OfferActiveDate: string };

describe.each(storeTargets())('loyalty HTTP API on $name', (target) => {
  let service: LoyaltyService;
  let logger: RecordingLogger;
  const A = uniqueAppId('http-a');
  const B = uniqueAppId('http-b');
  const shopper: Record<string, string> = {};
  let serial = 0;
  const unique = () => `${Date.now() % 100_000}${String((serial += 1)).padStart(3, '0')}`;
  const uniquePhone = () => `80155${unique().slice(-5)}`;

  const get = <T = Json>(path: string, auth?: string | null) =>
    call<T>(service.url, 'GET', path, undefined, auth);
  const post = <T = Json>(path: string, body?: unknown, auth?: string | null) =>
    call<T>(service.url, 'POST', path, body, auth);
  const put = <T = Json>(path: string, body?: unknown, auth?: string | null) =>
    call<T>(service.url, 'PUT', path, body, auth);
  const login = (app: string, emailOrPhone: string, password: string) =>
    post(`/AppUsers/login?a=${app}`, { emailOrPhone, password });

  beforeAll(async () => {
    logger = recordingLogger();
    service = await startLoyaltyService({
      dataDir: target.dataDir,
      databaseUrl: target.databaseUrl,
      logger,
      apps: [
        { appId: A, storeNumbers: ['0012', '0021', '0034'], tiers: [500, 1000, 2000] },
        { appId: B, storeNumbers: ['0201'], tiers: [250] },
      ],
    });
    for (const demo of DEMO_SHOPPERS) {
      const res = await login(A, demo.email, demo.password);
      shopper[demo.key] = (res.body.AppUserLogin as Json).FrqShopperNo as string;
    }
  });
  afterAll(async () => {
    await service?.close();
  });
  afterEach(() => {
    // No request may have ended in an unexpected (logged) error.
    expect(logger.errors).toEqual([]);
  });

  describe('auth and routing', () => {
    it('refuses a missing or wrong Basic credential with 401', async () => {
      const path = `/AppUsers/securityquestions?a=${A}`;
      const wrong = `Basic ${Buffer.from('site:nope').toString('base64')}`;
      for (const auth of [null, wrong, 'Bearer dev-loyalty-bearer-token', 'Basic', 'Basic %%%']) {
        const res = await get(path, auth);
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ Code: 401, Reason: 'Unauthorized.' });
      }
    });

    it('refuses a missing or wrong Bearer token with 401', async () => {
      const path = `/loyalty/${A}/charities`;
      for (const auth of [
        null,
        'Bearer nope',
        'Bearer ',
        'Basic c2l0ZTpkZXYtbG95YWx0eS1iYXNpYw==',
      ]) {
        const res = await get(path, auth);
        expect(res.status).toBe(401);
        expect(res.body.Code).toBe(401);
      }
    });

    it('answers 404 {Code: 404} for unknown routes, methods and apps', async () => {
      expect((await get('/nope')).body).toEqual({ Code: 404, Reason: 'Unknown route.' });
      expect((await get(`/loyalty/${A}/nope`)).status).toBe(404);
      expect((await call(service.url, 'DELETE', `/loyalty/${A}/charities`)).status).toBe(404);
      const unknownApp = await get('/loyalty/no-such-app/charities');
      expect(unknownApp.status).toBe(404);
      expect(unknownApp.body.Code).toBe(404);
    });

    it('reports health', async () => {
      const res = await get('/healthz', null);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'ok', store: target.name });
      expect(service.health()).toEqual({ status: 'ok', store: target.name });
    });
  });

  describe('validation', () => {
    it('answers 400 code 20 naming the field', async () => {
      const res = await post(`/loyalty/${A}/customer/register`, {
        firstName: 'X',
        lastName: 'Y',
        email: 'not-an-email',
        phone: uniquePhone(),
        password: 'longenough',
      });
      expect(res.status).toBe(400);
      expect(res.body.Code).toBe(20);
      expect(res.body.Reason).toMatch(/^email/);
      const missing = await post(`/AppUsers/login?a=${A}`, { password: 'x' });
      expect(missing.body).toMatchObject({ Code: 20, Reason: 'emailOrPhone: is required.' });
    });

    it('rejects malformed JSON, a missing body and a body over 64 KB', async () => {
      const path = `/AppUsers/login?a=${A}`;
      for (const body of ['{"emailOrPhone":', '', 'null', '[]', '"text"']) {
        const res = await post(path, body);
        expect(res.status, body).toBe(400);
        expect(res.body.Code).toBe(20);
      }
      const big = JSON.stringify({ emailOrPhone: 'a@b.co', password: 'x'.repeat(70_000) });
      const res = await post(path, big);
      expect(res.status).toBe(400);
      expect(res.body.Reason).toMatch(/64 KB/);
    });

    it('validates path and query parameters', async () => {
      const cases: [string, RegExp][] = [
        [`/loyalty/${A}/customers/123/receipts`, /^id:/],
        [`/loyalty/${A}/customers/${shopper.shopper1}/receipts?daysAgo=0`, /^daysAgo:/],
        [`/loyalty/${A}/customers/${shopper.shopper1}/receipts?count=501`, /^count:/],
        [`/loyalty/${A}/customer?phone=123`, /^phone:/],
        [`/loyalty/${A}/customer?phone=4355550101&email=a@b.co`, /exactly one/],
        [`/loyalty/${A}/customer`, /exactly one/],
        [`/loyalty/${A}/customer/agreements?action=DELETE`, /^action:/],
        [`/loyalty/bad%20app/charities`, /^appId:/],
        [`/AppUsers/securityquestions`, /^a:/],
        [`/loyalty/${A}/customers/%E0%A4%A/charities`, /Malformed/],
      ];
      for (const [path, reason] of cases) {
        const res = await get(path);
        expect(res.status, path).toBe(400);
        expect(res.body.Reason, path).toMatch(reason);
      }
    });

    it('never answers 500 to odd input', async () => {
      const n = shopper.shopper1;
      const odd: [string, string, unknown][] = [
        ['POST', `/loyalty/${A}/quotient/${n}/offers/activate`, { offers: 'all' }],
        ['POST', `/loyalty/${A}/quotient/${n}/offers/activate`, { offers: [{ offerId: -1 }] }],
        ['POST', `/loyalty/${A}/quotient/${n}/offers/activate`, { offers: [{ offerId: 1e20 }] }],
        ['POST', `/loyalty/${A}/quotient/${n}/offers/activate`, { offers: [] }],
        ['PUT', `/loyalty/${A}/customer/${n}`, { birthday: '2001-02-30', updateBirthday: true }],
        ['PUT', `/loyalty/${A}/customer/${n}`, { myStore: '12345' }],
        ['PUT', `/loyalty/${A}/customer/${n}`, { rewardSubscriptions: [99] }],
        ['PUT', `/loyalty/${A}/customer/${n}`, { frqShopperNo: '000000000000' }],
        ['PUT', `/loyalty/${A}/customer/${n}`, [1, 2]],
        ['POST', `/AppUsers/updateemailsubscription?a=${A}`, [{ frqShopperNo: n }]],
        ['POST', `/AppUsers/updateemailsubscription?a=${A}`, { frqShopperNo: n }],
        [
          'POST',
          `/AppUsers/updateemailsubscription?a=${A}`,
          [{ frqShopperNo: n, emailSubscriptionId: 77, optOutEmail: true }],
        ],
        [
          'PUT',
          `/AppUsers/updatesecurityanswer?a=${A}`,
          {
            frqShopperNo: n,
            securityQuestion: 'What is love?',
            securityAnswer: 'x',
          },
        ],
        ['POST', `/AppUsers/login?a=${A}`, { emailOrPhone: '\u0000@\u0000', password: '\ud800' }],
        ['POST', `/loyalty/${A}/customermanagement/termsandconditions/${n}/99999999`, undefined],
        ['PUT', `/loyalty/${A}/customer/changepassword`, { email: 'x@y.co' }],
      ];
      for (const [method, path, body] of odd) {
        const res = await call<Json>(service.url, method, path, body);
        expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
        expect(res.body.Code).toBeTypeOf('number');
        expect(res.body.Reason).toBeTypeOf('string');
      }
    });
  });

  describe('login, registration and the account', () => {
    it('logs in by e-mail (any case) or phone and issues the two JWTs', async () => {
      const [ava] = DEMO_SHOPPERS;
      const res = await login(A, ava.email.toUpperCase(), ava.password);
      expect(res.status).toBe(200);
      const user = res.body.AppUserLogin as Json;
      expect(user).toEqual({ FirstName: 'Ava', FrqShopperNo: shopper.shopper1, MyStore: '0012' });
      const jwt = await verifyShopperToken(
        DEV_LOYALTY_JWT_SECRET,
        res.body.FrequentShopperJwt as string,
      );
      expect(jwt).toMatchObject({ sub: shopper.shopper1, appId: A });
      expect(jwt.exp! - jwt.iat!).toBe(3600);
      const token = (res.body.OauthCustomerJwt as Json).CustomerToken as string;
      await expect(
        verifyShopperToken(DEV_LOYALTY_JWT_SECRET, token, CUSTOMER_TOKEN_AUDIENCE),
      ).resolves.toMatchObject({ sub: shopper.shopper1 });
      await expect(
        verifyShopperToken(DEV_LOYALTY_JWT_SECRET, token, FREQUENT_SHOPPER_AUDIENCE),
      ).rejects.toThrow();
      const byPhone = await login(A, '(435) 555-0101', ava.password);
      expect((byPhone.body.AppUserLogin as Json).FrqShopperNo).toBe(shopper.shopper1);
    });

    it('answers code 10 for an unknown shopper and 11 for a wrong password', async () => {
      const unknown = await login(A, 'nobody@example.com', 'whatever1');
      expect(unknown.status).toBe(401);
      expect(unknown.body.Code).toBe(10);
      expect((await login(A, '8005550000', 'whatever1')).body.Code).toBe(10);
      const wrong = await login(A, DEMO_SHOPPERS[0].email, 'wrong-password');
      expect(wrong.status).toBe(401);
      expect(wrong.body.Code).toBe(11);
      // The record without a password cannot log in.
      expect((await login(A, DEMO_UNREGISTERED_PHONE, 'anything1')).body.Code).toBe(11);
    });

    it('registers a shopper (201) and refuses a taken e-mail, a taken phone, a weak password', async () => {
      const email = `reg.${unique()}@example.com`;
      const phone = uniquePhone();
      const body = {
        firstName: 'Reg',
        lastName: 'Istered',
        email,
        phone,
        zip: '84770',
        myStore: '34',
        rewardSubscriptions: [3],
        birthday: '1990-01-31',
        password: 'Register1!',
      };
      const res = await post(`/loyalty/${A}/customer/register`, body);
      expect(res.status).toBe(201);
      expect(res.body.FrqShopperNo).toMatch(/^\d{12}$/);
      expect(res.body).toMatchObject({
        EmailAddress: email,
        Phone: phone,
        City: 'St. George',
        State: 'UT',
        MyStore: '0034',
        MyStoreInfo: { MyStoreNumber: '0034' },
        Birthday: '1990-01-31',
        HasPassword: true,
        RewardSubscriptions: [
          { RewardSubscriptionId: 1, RewardSubscriptionName: 'Ecommerce User' },
          { RewardSubscriptionId: 3, RewardSubscriptionName: 'Fuel Rewards' },
        ],
      });
      const sameEmail = await post(`/loyalty/${A}/customer/register`, {
        ...body,
        email: email.toUpperCase(),
        phone: uniquePhone(),
      });
      expect(sameEmail.status).toBe(409);
      expect(sameEmail.body.Code).toBe(21);
      const samePhone = await post(`/loyalty/${A}/customer/register`, {
        ...body,
        email: `other.${unique()}@example.com`,
      });
      expect(samePhone.status).toBe(409);
      expect(samePhone.body.Code).toBe(22);
      const weak = await post(`/loyalty/${A}/customer/register`, {
        ...body,
        email: `weak.${unique()}@example.com`,
        phone: uniquePhone(),
        password: 'short',
      });
      expect(weak.status).toBe(400);
      expect(weak.body.Code).toBe(51);
      expect((await login(A, email, 'Register1!')).status).toBe(200);
    });

    it('updates only the fields sent; birthday only with updateBirthday; zip sets city/state', async () => {
      const created = await post(`/loyalty/${A}/customer/register`, {
        firstName: 'Up',
        lastName: 'Date',
        email: `upd.${unique()}@example.com`,
        phone: uniquePhone(),
        password: 'Update123!',
        organization: 'Scouts',
      });
      const n = created.body.FrqShopperNo as string;
      const path = `/loyalty/${A}/customer/${n}`;
      let res = await put(path, { frqShopperNo: n, birthday: '1980-05-05', firstName: 'Upd' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        FirstName: 'Upd',
        LastName: 'Date',
        Birthday: null,
        Organization: 'Scouts',
      });
      res = await put(path, { birthday: '1980-05-05', updateBirthday: true });
      expect(res.body.Birthday).toBe('1980-05-05');
      res = await put(path, { address1: '1 Main', zip: '89801' });
      expect(res.body).toMatchObject({
        Address1: '1 Main',
        ZipCode: '89801',
        City: 'Elko',
        State: 'NV',
      });
      res = await put(path, { zip: '10001' });
      expect(res.body).toMatchObject({ ZipCode: '10001', City: '', State: '' });
      res = await put(path, { myStore: '0', optOutDataSharing: true, secondaryPhone: '' });
      expect(res.body).toMatchObject({ MyStore: '0', OptOutDataSharing: true, SecondaryPhone: '' });
      res = await put(path, { rewardSubscriptions: [2] });
      expect((res.body.RewardSubscriptions as Json[]).map((r) => r.RewardSubscriptionId)).toEqual([
        1, 2,
      ]);
      res = await put(path, { email: DEMO_SHOPPERS[1].email });
      expect(res.body.Code).toBe(21);
      res = await put(path, { phone: DEMO_SHOPPERS[1].phone });
      expect(res.body.Code).toBe(22);
      res = await put(`/loyalty/${A}/customer/999999999999`, { firstName: 'Ghost' });
      expect(res.status).toBe(404);
      expect(res.body.Code).toBe(30);
    });

    it('upgrades the record without e-mail: lookup by phone, update, empty old password, login', async () => {
      const found = await get(`/loyalty/${A}/customer?phone=(801) 555-0199`);
      expect(found.body).toMatchObject({
        EmailAddress: null,
        HasPassword: false,
        Phone: DEMO_UNREGISTERED_PHONE,
      });
      const n = found.body.FrqShopperNo as string;
      const email = `upgrade.${unique()}@example.com`;
      const updated = await put(`/loyalty/${A}/customer/${n}`, {
        frqShopperNo: n,
        firstName: 'Dana',
        lastName: 'Walker',
        email,
        birthday: '1985-03-03',
        updateBirthday: true,
        password: 'ignored-here',
      });
      expect(updated.body).toMatchObject({
        EmailAddress: email,
        Birthday: '1985-03-03',
        HasPassword: false,
      });
      const set = await put(`/loyalty/${A}/customer/changepassword`, {
        email,
        oldpassword: '',
        newpassword: 'Upgrade1!',
      });
      expect(set.body).toEqual({ Success: true });
      expect((await login(A, email, 'Upgrade1!')).status).toBe(200);
      // Now that it has a password, an empty old password no longer works.
      const again = await put(`/loyalty/${A}/customer/changepassword`, {
        email,
        oldpassword: '',
        newpassword: 'Another1!',
      });
      expect(again.body.Code).toBe(50);
    });

    it('changes and resets passwords with codes 50, 51 and 30', async () => {
      const email = `pw.${unique()}@example.com`;
      await post(`/loyalty/${A}/customer/register`, {
        firstName: 'Pass',
        lastName: 'Word',
        email,
        phone: uniquePhone(),
        password: 'Original1!',
      });
      const path = `/loyalty/${A}/customer/changepassword`;
      expect(
        (await put(path, { email, oldpassword: 'bad', newpassword: 'Changed1!' })).body.Code,
      ).toBe(50);
      expect(
        (await put(path, { email, oldpassword: 'Original1!', newpassword: 'short' })).body.Code,
      ).toBe(51);
      expect(
        (await put(path, { email: 'none@example.com', oldpassword: 'x', newpassword: 'Changed1!' }))
          .body.Code,
      ).toBe(30);
      expect(
        (await put(path, { email, oldpassword: 'Original1!', newpassword: 'Changed1!' })).body,
      ).toEqual({ Success: true });
      expect((await login(A, email, 'Changed1!')).status).toBe(200);

      const reset = `/loyalty/${A}/customer/passwordreset`;
      const unknown = await put(reset, { email: 'none@example.com', newPassword: 'Reset123!' });
      expect(unknown.status).toBe(404);
      expect(unknown.body.Code).toBe(30);
      expect((await put(reset, { email, newPassword: 'short' })).body.Code).toBe(51);
      expect(
        (await put(reset, { email: email.toUpperCase(), newPassword: 'Reset123!' })).body,
      ).toEqual({ Success: true });
      expect((await login(A, email, 'Reset123!')).status).toBe(200);
      expect((await login(A, email, 'Changed1!')).body.Code).toBe(11);
    });

    it('serves catalogs: security questions, reward and e-mail subscriptions', async () => {
      const questions = await get(`/AppUsers/securityquestions?a=${A}`);
      const list = (questions.body.AppUserQuestions as { Questions: Json[] }).Questions;
      expect(list.length).toBeGreaterThanOrEqual(4);
      expect(list[0]).toEqual({ Id: 1, Question: expect.any(String) });
      const rewards = await get(`/AppUsers/rewardsubscriptions?a=${A}`);
      expect(rewards.body.AppUserRewardSubscriptions).toContainEqual({
        RewardSubscriptionId: 1,
        RewardSubscriptionName: 'Ecommerce User',
      });
      const subs = await get<Json[]>(`/loyalty/${A}/emailsubscriptions`);
      expect(subs.body[0]).toEqual({
        EmailSubscriptionId: 1,
        Name: 'Weekly Ad',
        OptOutEmail: false,
        FrqShopperNo: null,
      });
    });

    it('updates e-mail subscriptions (one or every type) and the security answer', async () => {
      const n = shopper.shopper1;
      const path = `/AppUsers/updateemailsubscription?a=${A}`;
      expect((await post(path, [{ frqShopperNo: n, optOutEmail: true }])).body).toEqual({
        Success: true,
      });
      let subs = await get<Json[]>(`/loyalty/${A}/emailsubscriptions?frqShopperNo=${n}`);
      expect(subs.body.every((s) => s.OptOutEmail === true && s.FrqShopperNo === n)).toBe(true);
      await post(path, [{ frqShopperNo: n, emailSubscriptionId: 2, optOutEmail: false }]);
      subs = await get<Json[]>(`/loyalty/${A}/emailsubscriptions?frqShopperNo=${n}`);
      expect(subs.body.map((s) => s.OptOutEmail)).toEqual([true, false, true]);
      const unknown = await post(path, [{ frqShopperNo: '999999999999', optOutEmail: true }]);
      expect(unknown.body.Code).toBe(30);

      const answer = await put(`/AppUsers/updatesecurityanswer?a=${A}`, {
        frqShopperNo: n,
        securityQuestion: 3,
        securityAnswer: 'Pickup',
      });
      expect(answer.body).toEqual({ AppUserSecurity: { Success: true } });
      const [row] = await service.db.query<{ q: number; h: string }>(
        'select security_question_id as q, security_answer_hash as h from shoppers where app_id = $1 and frq_shopper_no = $2',
        [A, n],
      );
      expect(row.q).toBe(3);
      expect(row.h).toMatch(/^scrypt\$/);
    });
  });

  describe('coupons', () => {
    const offerIds = async (where: string) =>
      (
        await service.db.query<{ id: number }>(
          `select offer_id as id from offers where app_id = $1 and ${where} order by offer_id limit 1`,
          [A],
        )
      )[0].id;

    it('lists available, activated and redeemed offers for a shopper', async () => {
      const res = await get<{ Available: Offer[]; Activated: Json[]; Redeemed: Json[] }>(
        `/loyalty/${A}/quotient/${shopper.shopper2}/offers`,
      );
      expect(res.status).toBe(200);
      expect(res.body.Available.length).toBeGreaterThan(400);
      expect(res.body.Activated.length).toBeGreaterThan(5);
      expect(res.body.Redeemed.length).toBeGreaterThan(5);
      expect(res.body.Activated[0].ClippedDate).toEqual(expect.any(String));
      expect(res.body.Redeemed[0]).toMatchObject({
        TimesRedeemed: expect.any(Number),
        LastRedeemed: expect.any(String),
      });
      const now = Date.now();
      for (const o of res.body.Available) {
        expect(Date.parse(o.OfferExpiryDate)).toBeGreaterThan(now);
        expect(Date.parse(o.OfferActiveDate)).toBeLessThanOrEqual(now);
      }
      const ids = new Set(res.body.Available.map((o) => o.OfferId));
      for (const o of [...res.body.Activated, ...res.body.Redeemed])
        expect(ids.has(o.OfferId as number)).toBe(false);
      const anonymous = await get<{ Available: Offer[] }>(`/loyalty/${A}/quotient/offers`);
      expect(Object.keys(anonymous.body)).toEqual(['Available']);
      expect(anonymous.body.Available.length).toBeGreaterThan(res.body.Available.length);
      expect((await get(`/loyalty/${A}/quotient/999999999999/offers`)).body.Code).toBe(30);
    });

    it('activates idempotently and refuses unknown, expired and not-yet-active offers', async () => {
      const n = shopper.shopper1;
      const live = await offerIds(
        `active_date <= now() and expiry_date > now() and offer_id not in
           (select offer_id from clipped_offers where app_id = '${A}')`,
      );
      const expired = await offerIds('expiry_date <= now()');
      const future = await offerIds('active_date > now()');
      const path = `/loyalty/${A}/quotient/${n}/offers/activate`;
      const first = await post(path, {
        offers: [
          { offerId: live },
          { offerId: String(expired) },
          { offerId: future },
          { offerId: 42 },
        ],
      });
      expect(first.status).toBe(200);
      const results = first.body.Results as Json[];
      expect(results[0]).toEqual({ OfferId: live, Activated: true });
      expect(results[1]).toMatchObject({
        OfferId: expired,
        Activated: false,
        Reason: expect.stringMatching(/expired/),
      });
      expect(results[2]).toMatchObject({
        Activated: false,
        Reason: expect.stringMatching(/not active/),
      });
      expect(results[3]).toMatchObject({
        OfferId: 42,
        Activated: false,
        Reason: expect.stringMatching(/Unknown/),
      });
      const second = await post(path, { offers: [{ offerId: live }, { offerId: live }] });
      expect(second.body.Results).toEqual([
        { OfferId: live, Activated: true },
        { OfferId: live, Activated: true },
      ]);
      const [{ count }] = await service.db.query<{ count: number }>(
        'select count(*)::int as count from clipped_offers where app_id = $1 and frq_shopper_no = $2 and offer_id = $3',
        [A, n, live],
      );
      expect(count).toBe(1);
      const lists = await get<{ Available: Offer[]; Activated: Offer[] }>(
        `/loyalty/${A}/quotient/${n}/offers`,
      );
      expect(lists.body.Activated.filter((o) => o.OfferId === live)).toHaveLength(1);
      expect(lists.body.Available.some((o) => o.OfferId === live)).toBe(false);
      expect(
        (
          await post(`/loyalty/${A}/quotient/999999999999/offers/activate`, {
            offers: [{ offerId: live }],
          })
        ).body.Code,
      ).toBe(30);
    });
  });

  describe('history and rewards', () => {
    it('returns receipts newest first within daysAgo and count', async () => {
      const n = shopper.shopper1;
      const all = await get<Json[]>(`/loyalty/${A}/customers/${n}/receipts?daysAgo=150`);
      expect(all.body.length).toBeGreaterThanOrEqual(20);
      const dates = all.body.map((r) => Date.parse(r.TransactionDate as string));
      expect([...dates].sort((a, b) => b - a)).toEqual(dates);
      expect(all.body[0]).toEqual({
        TransactionDate: expect.any(String),
        ReceiptTextData: expect.stringContaining('Balance Due\t'),
        TransactionNumber: expect.stringMatching(/^\d{9}$/),
      });
      const two = await get<Json[]>(`/loyalty/${A}/customers/${n}/receipts?daysAgo=150&count=2`);
      expect(two.body).toEqual(all.body.slice(0, 2));
      const recent = await get<Json[]>(`/loyalty/${A}/customers/${n}/receipts`);
      expect(recent.body.length).toBeGreaterThanOrEqual(1);
      expect(recent.body.length).toBeLessThan(all.body.length);
      for (const r of recent.body) {
        expect(Date.parse(r.TransactionDate as string)).toBeGreaterThan(
          Date.now() - 10 * 86_400_000,
        );
      }
    });

    it('returns points history newest first with a total that matches, credits and savings', async () => {
      const n = shopper.shopper2;
      const history = await get<Json[]>(`/loyalty/${A}/customers/${n}/points/history`);
      const total = await get(`/loyalty/${A}/customers/${n}/points/total`);
      const sum = history.body.reduce((t, r) => t + (r.AdjustmentValue as number), 0);
      expect(total.body).toEqual({ Points: sum });
      expect(sum).toBeGreaterThan(500);
      expect(sum).toBeLessThan(1000);
      const dates = history.body.map((r) => Date.parse(r.AdjustmentDate as string));
      expect([...dates].sort((a, b) => b - a)).toEqual(dates);

      const credits = await get<{
        CurrentCredits: number;
        AdjustmentHistory: Json[];
        ExpiredCredits: Json[];
      }>(`/loyalty/${A}/customers/${n}/credits`);
      const open = credits.body.AdjustmentHistory.reduce((t, r) => t + (r.Balance as number), 0);
      expect(credits.body.CurrentCredits).toBeCloseTo(open, 2);
      expect(credits.body.ExpiredCredits.length).toBeGreaterThan(0);
      expect(Object.keys(credits.body.ExpiredCredits[0])).toEqual([
        'Description',
        'Date',
        'IssuedBalance',
        'Balance',
        'ExpirationDate',
      ]);
      // Current credits expire later than now, expired ones did already.
      const now = Date.now();
      for (const r of credits.body.AdjustmentHistory)
        expect(Date.parse(r.ExpirationDate as string)).toBeGreaterThan(now);
      for (const r of credits.body.ExpiredCredits)
        expect(Date.parse(r.ExpirationDate as string)).toBeLessThanOrEqual(now);

      const savings = await get<Json[]>(`/loyalty/${A}/customer/${n}/savings`);
      const month = Number(denverDate().slice(5, 7));
      expect(savings.body).toHaveLength(month);
      expect(savings.body[0].Date).toMatch(/^\d{4}-\d{2}-01$/);
      expect(Object.keys(savings.body[0])).toEqual([
        'Date',
        'AdjustmentValue',
        'DigitalCouponsOfferValue',
        'InstantOfferSavings',
        'LoyaltyOfferSavings',
        'TargetedOfferSavings',
      ]);
    });

    it('summarises the shopper in the overview', async () => {
      const n = shopper.shopper3;
      const res = await get(`/loyalty/${A}/customer/${n}/overview`);
      expect(res.body).toMatchObject({
        FrqShopperNo: n,
        FirstName: 'Cara',
        PointsTotal: expect.any(Number),
        CreditsBalance: expect.any(Number),
        ClippedCount: expect.any(Number),
        RedeemedCount: expect.any(Number),
        YearToDateSavings: expect.any(Number),
        CharityName: expect.any(String),
      });
      expect(res.body.PointsTotal as number).toBeGreaterThan(2000);
    });

    it('returns loyalty info with qualifier levels, progress and participation amounts', async () => {
      const res = await get<{
        Offers: Json[];
        Premiums: Json[];
        FuelRewards: Json[];
        Points: Json[];
        Credits: Json[];
      }>(`/loyalty/${A}/customers/${shopper.shopper3}/loyaltyinfo`);
      expect(res.body.FuelRewards[0].RewardSubscriptionAvailableCentsPerGallon).toBeGreaterThan(0);
      expect(res.body.Points[0].Points).toBeGreaterThan(2000);
      expect(res.body.Credits[0].Balance).toEqual(expect.any(Number));
      const levels = new Set(res.body.Offers.map((o) => o.QualifierLevel));
      expect(levels).toEqual(new Set(['Accumulated', 'Transactional']));
      expect(res.body.Offers.some((o) => (o.OfferProgress as number) >= 100)).toBe(true);
      for (const code of ['0509', '0500']) {
        expect(res.body.Offers.find((o) => o.OfferCode === code)?.ParticipationAmount).toEqual(
          expect.any(Number),
        );
      }
      expect(res.body.Offers.find((o) => o.OfferCode === '0412')?.ParticipationAmount).toBeNull();
      expect(res.body.Premiums[0]).toEqual({
        Premium: expect.any(String),
        Description: expect.any(String),
        Notes: expect.any(String),
        ImageUrl: expect.stringMatching(/^\/images\/coupons\//),
        EndDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        Limit: expect.any(Number),
      });
    });

    it('enrolls (replacing the previous charity) and disenrolls', async () => {
      const n = shopper.shopper2;
      const charities = await get<Json[]>(`/loyalty/${A}/charities`);
      expect(charities.body.length).toBeGreaterThanOrEqual(40);
      const [first, second] = charities.body.map((c) => c.CharityId as number);
      const base = `/loyalty/${A}/customers/${n}/charities`;
      expect((await get(base)).body).toEqual([]);
      expect((await post(`${base}/${first}/enroll`)).body).toEqual({ Success: true });
      expect((await post(`${base}/${second}/enroll`)).body).toEqual({ Success: true });
      let mine = await get<Json[]>(base);
      expect(mine.body).toHaveLength(1);
      expect(mine.body[0]).toMatchObject({ CharityId: second, IsEnrolled: true });
      expect((await post(`${base}/${second}/disenroll`)).body).toEqual({ Success: true });
      mine = await get<Json[]>(base);
      expect(mine.body[0]).toMatchObject({ CharityId: second, IsEnrolled: false });
      const unknown = await post(`${base}/999999/enroll`);
      expect(unknown.status).toBe(404);
      expect(unknown.body.Code).toBe(40);
    });

    it('serves the terms versions and records the accepted version', async () => {
      const n = shopper.shopper3;
      const path = `/loyalty/${A}/customer/agreements?action=GET`;
      const anonymous = await get(path);
      expect(anonymous.body).toEqual({
        CurrentTerms: [
          {
            CurrentTermsVersion: 2,
            EffectiveDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
            Title: expect.any(String),
          },
        ],
        CustomerTermsInfo: [],
      });
      expect((await get(`${path}&customerNum=${n}`)).body.CustomerTermsInfo).toEqual([]);
      const ben = await get(`${path}&customerNum=${shopper.shopper2}`);
      expect(ben.body.CustomerTermsInfo).toEqual([{ CustomerVersionAccepted: 1 }]);
      const accept = `/loyalty/${A}/customermanagement/termsandconditions/${n}`;
      expect((await post(`${accept}/2`)).body).toEqual({ Success: true });
      expect((await get(`${path}&customerNum=${n}`)).body.CustomerTermsInfo).toEqual([
        { CustomerVersionAccepted: 2 },
      ]);
      const bad = await post(`${accept}/7`);
      expect(bad.status).toBe(400);
      expect(bad.body.Reason).toMatch(/termsVersion/);
    });
  });

  describe('appId isolation', () => {
    it('never shows one app’s shoppers, coupons or data through another', async () => {
      const n = shopper.shopper1;
      for (const path of [
        `/loyalty/${B}/customers/${n}/receipts?daysAgo=150`,
        `/loyalty/${B}/quotient/${n}/offers`,
        `/loyalty/${B}/customer/${n}/overview`,
        `/loyalty/${B}/customers/${n}/points/total`,
        `/loyalty/${B}/customers/${n}/credits`,
        `/loyalty/${B}/customers/${n}/loyaltyinfo`,
      ]) {
        const res = await get(path);
        expect(res.status, path).toBe(404);
        expect(res.body.Code, path).toBe(30);
      }
      expect((await get(`/loyalty/${B}/customer?frqShopperNo=${n}`)).body).toEqual([]);
      expect((await put(`/loyalty/${B}/customer/${n}`, { firstName: 'Mallory' })).body.Code).toBe(
        30,
      );
      expect(
        (
          await post(`/loyalty/${B}/quotient/${n}/offers/activate`, {
            offers: [{ offerId: 100001 }],
          })
        ).body.Code,
      ).toBe(30);

      // A shopper registered in A is unknown in B, by e-mail, phone and login.
      const email = `iso.${unique()}@example.com`;
      const phone = uniquePhone();
      await post(`/loyalty/${A}/customer/register`, {
        firstName: 'Iso',
        lastName: 'Lated',
        email,
        phone,
        password: 'Isolated1!',
      });
      expect((await get(`/loyalty/${B}/customer?email=${email}`)).body).toEqual([]);
      expect((await get(`/loyalty/${B}/customer?phone=${phone}`)).body).toEqual([]);
      expect((await login(B, email, 'Isolated1!')).body.Code).toBe(10);
      // The same e-mail may be registered in B independently.
      const inB = await post(`/loyalty/${B}/customer/register`, {
        firstName: 'Iso',
        lastName: 'B',
        email,
        phone,
        password: 'Isolated2!',
      });
      expect(inB.status).toBe(201);
      expect((await login(A, email, 'Isolated2!')).body.Code).toBe(11);

      // B's demo shoppers have their own numbers and tiers.
      const bAva = await login(B, DEMO_SHOPPERS[0].email, DEMO_SHOPPERS[0].password);
      const bNo = (bAva.body.AppUserLogin as Json).FrqShopperNo as string;
      expect(bNo).not.toBe(n);
      expect((await get(`/loyalty/${B}/customers/${bNo}/points/total`)).body.Points).toBeLessThan(
        250,
      );
    });
  });
});
