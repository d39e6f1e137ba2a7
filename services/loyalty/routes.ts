/**
 * The calls of docs/loyalty-api.md (numbers in comments are the contract table's), each with its
 * zod schemas and SQL. Every statement filters by app_id. Responses use PascalCase keys; Date
 * values serialise as ISO strings, plain dates are formatted in SQL as YYYY-MM-DD.
 */
import crypto from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../../common/db.server';
import { sqlState } from '../../common/db.server';
import { ApiError, badRequest, notFound, route, type Route } from './http';
import { hashSecret, normalizeAnswer, verifySecret } from './password';
import { issueShopperTokens } from './tokens';
import { placeOfZip } from './zip';

export interface RouteDeps {
  db: Db;
  jwtSecret: string;
  /** "Today" as YYYY-MM-DD in the brands' time zone (overridable in tests). */
  today?: () => string;
}

// ---------------------------------------------------------------------------------------------
// Field schemas

const appId = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, 'must be letters, digits, - or _ (at most 64)');
const frqShopperNo = z.string().regex(/^\d{12}$/, 'must be a 12-digit shopper number');
const digits = (value: string) => value.replace(/\D/g, '');
/** 10 digits after dropping punctuation and a leading US country code. */
const phone = z
  .string()
  .max(30)
  .transform((value) => {
    const d = digits(value);
    return d.length === 11 && d.startsWith('1') ? d.slice(1) : d;
  })
  .refine((d) => d.length === 10, 'must be a 10-digit phone number');
const optionalPhone = z
  .union([z.string().max(30), z.null()])
  .transform((value) => {
    const d = digits(value ?? '');
    return d.length === 11 && d.startsWith('1') ? d.slice(1) : d;
  })
  .refine((d) => d.length === 0 || d.length === 10, 'must be a 10-digit phone number');
const email = z.string().trim().max(254).email('must be a valid e-mail address');
const name = z.string().trim().min(1, 'must not be empty').max(50);
const text = (max: number) =>
  z.union([z.string().max(max), z.null()]).transform((value) => (value ?? '').trim());
const optionalZip = z
  .union([z.string().trim(), z.null()])
  .transform((value) => value ?? '')
  .refine((value) => value === '' || /^\d{5}(-\d{4})?$/.test(value), 'must be a 5-digit zip code');
const birthday = z
  .union([z.string(), z.null()])
  .transform((value) => (value ?? '').trim().slice(0, 10))
  .refine(
    (value) =>
      value === '' ||
      (/^\d{4}-\d{2}-\d{2}$/.test(value) &&
        !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
        new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value &&
        value >= '1900-01-01' &&
        Date.parse(`${value}T00:00:00Z`) <= Date.now()),
    'must be a date YYYY-MM-DD between 1900-01-01 and today',
  )
  .transform((value) => value || null);
/** Store numbers are 4 digits zero-padded; '' and '0' mean none. */
const storeNumber = z
  .union([z.string().trim().max(10), z.number().int().nonnegative(), z.null()])
  .transform((value) => String(value ?? ''))
  .refine((value) => /^\d{0,4}$/.test(value), 'must be a store number of up to 4 digits')
  .transform((value) => (/^0*$/.test(value) ? '0' : value.padStart(4, '0')));
const bool = z.union([
  z.boolean(),
  z.enum(['true', 'false']).transform((value) => value === 'true'),
]);
const id = z.union([
  z.number().int().nonnegative().max(2_147_483_647),
  z
    .string()
    .regex(/^\d{1,9}$/, 'must be a number')
    .transform(Number),
]);
/** A reward subscription given as an id or as `{rewardSubscriptionId}`. */
const rewardSubscriptions = z
  .array(
    z.union([
      id,
      z.object({ rewardSubscriptionId: id }).transform((value) => value.rewardSubscriptionId),
    ]),
  )
  .max(10);
/** Lengths are checked in the handler, where a short password gets code 51. */
const password = z.string().max(128, 'must be at most 128 characters');
const MIN_PASSWORD = 8;

const appParams = z.object({ appId });
const shopperParams = z.object({ appId, id: frqShopperNo });
const appQuery = z.object({ a: appId });

// ---------------------------------------------------------------------------------------------
// Shapes

interface ShopperRow {
  frq_shopper_no: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  secondary_phone: string;
  email: string | null;
  birthday: string | null;
  address1: string;
  address2: string;
  city: string;
  state: string;
  zip_code: string;
  organization: string;
  opt_out_data_sharing: boolean;
  my_store: string;
  has_password: boolean;
}

const SHOPPER_COLUMNS = `frq_shopper_no, first_name, last_name, phone, secondary_phone, email,
  to_char(birthday, 'YYYY-MM-DD') as birthday, address1, address2, city, state, zip_code,
  organization, opt_out_data_sharing, my_store, password_hash is not null as has_password`;

const OFFER_COLUMNS = `o.offer_id as "OfferId", o.offer_code as "OfferCode",
  o.brand_name as "BrandName", o.category_name as "CategoryName", o.summary as "OfferSummary",
  o.description as "OfferDescription", o.disclaimer as "OfferDisclaimer",
  o.image1 as "OfferImage1", o.active_date as "OfferActiveDate",
  o.expiry_date as "OfferExpiryDate", o.offer_value::float8 as "OfferValue",
  o.is_promoted as "IsPromoted", o.redemption_limit as "RedemptionLimit"`;

/** Today's date (YYYY-MM-DD) in Mountain Standard Time, the brands' time zone. */
export function mountainToday(): string {
  return new Date(Date.now() - 7 * 3_600_000).toISOString().slice(0, 10);
}

export function createRoutes(deps: RouteDeps): Route[] {
  const { db } = deps;
  const today = deps.today ?? mountainToday;

  const findShopper = async (q: Db, app: string, frq: string) =>
    (
      await q.query<ShopperRow>(
        `select ${SHOPPER_COLUMNS} from shoppers where app_id = $1 and frq_shopper_no = $2`,
        [app, frq],
      )
    )[0];

  const requireShopper = async (q: Db, app: string, frq: string) => {
    const row = await findShopper(q, app, frq);
    if (!row) throw notFound(30, 'Unknown shopper.');
    return row;
  };

  const shopperByEmail = async (q: Db, app: string, address: string) =>
    (
      await q.query<ShopperRow & { password_hash: string | null }>(
        `select ${SHOPPER_COLUMNS}, password_hash from shoppers
         where app_id = $1 and lower(email) = lower($2)`,
        [app, address],
      )
    )[0];

  const shopperByPhone = async (q: Db, app: string, number: string) =>
    (
      await q.query<ShopperRow & { password_hash: string | null }>(
        `select ${SHOPPER_COLUMNS}, password_hash from shoppers where app_id = $1 and phone = $2`,
        [app, number],
      )
    )[0];

  async function emailSubscriptions(q: Db, app: string, frq: string | null) {
    return q.query<{
      EmailSubscriptionId: number;
      Name: string;
      OptOutEmail: boolean;
      FrqShopperNo: string | null;
    }>(
      `select t.email_subscription_id as "EmailSubscriptionId", t.name as "Name",
         coalesce(s.opt_out_email, false) as "OptOutEmail", $2::text as "FrqShopperNo"
       from email_subscription_types t
       left join shopper_email_subscriptions s
         on s.app_id = t.app_id and s.email_subscription_id = t.email_subscription_id
         and s.frq_shopper_no = $2
       where t.app_id = $1
       order by t.email_subscription_id`,
      [app, frq],
    );
  }

  async function customer(q: Db, app: string, row: ShopperRow) {
    // Sequential: inside a transaction both run on one connection.
    const rewards = await q.query<{ RewardSubscriptionId: number; RewardSubscriptionName: string }>(
      `select t.reward_subscription_id as "RewardSubscriptionId",
           t.name as "RewardSubscriptionName"
         from shopper_reward_subscriptions s
         join reward_subscription_types t
           on t.app_id = s.app_id and t.reward_subscription_id = s.reward_subscription_id
         where s.app_id = $1 and s.frq_shopper_no = $2
         order by t.reward_subscription_id`,
      [app, row.frq_shopper_no],
    );
    const emails = await emailSubscriptions(q, app, row.frq_shopper_no);
    return {
      FrqShopperNo: row.frq_shopper_no,
      FirstName: row.first_name,
      LastName: row.last_name,
      Phone: row.phone ?? '',
      SecondaryPhone: row.secondary_phone,
      EmailAddress: row.email,
      Birthday: row.birthday,
      Address1: row.address1,
      Address2: row.address2,
      City: row.city,
      State: row.state,
      ZipCode: row.zip_code,
      Organization: row.organization,
      OptOutDataSharing: row.opt_out_data_sharing,
      MyStore: row.my_store,
      MyStoreInfo: { MyStoreNumber: row.my_store },
      RewardSubscriptions: rewards,
      UserEmailSubscriptions: emails.map(({ EmailSubscriptionId, Name, OptOutEmail }) => ({
        EmailSubscriptionId,
        Name,
        OptOutEmail,
      })),
      HasPassword: row.has_password,
    };
  }

  async function customerOf(q: Db, app: string, frq: string) {
    return customer(q, app, await requireShopper(q, app, frq));
  }

  /** Fails with 409 when the e-mail or phone belongs to another shopper. */
  async function assertUnique(
    q: Db,
    app: string,
    values: { email?: string | null; phone?: string | null },
    self: string | null,
  ) {
    if (values.email) {
      const other = await shopperByEmail(q, app, values.email);
      if (other && other.frq_shopper_no !== self) {
        throw new ApiError(409, 21, 'This e-mail address is already registered.');
      }
    }
    if (values.phone) {
      const other = await shopperByPhone(q, app, values.phone);
      if (other && other.frq_shopper_no !== self) {
        throw new ApiError(409, 22, 'This phone number is already registered.');
      }
    }
  }

  /** A unique-index race lost to a concurrent request answers like the checks above. */
  function conflictOf(error: unknown): never {
    if (sqlState(error) === '23505') {
      const detail = `${(error as { constraint?: string }).constraint ?? ''} ${(error as Error).message}`;
      if (detail.includes('email')) {
        throw new ApiError(409, 21, 'This e-mail address is already registered.');
      }
      if (detail.includes('phone')) {
        throw new ApiError(409, 22, 'This phone number is already registered.');
      }
    }
    throw error;
  }

  async function setRewardSubscriptions(q: Db, app: string, frq: string, ids: number[]) {
    const wanted = [...new Set(ids)];
    if (wanted.length) {
      const known = await q.query<{ id: number }>(
        `select reward_subscription_id as id from reward_subscription_types
         where app_id = $1 and reward_subscription_id = any($2::int[])`,
        [app, wanted],
      );
      const missing = wanted.find((wantedId) => !known.some((k) => k.id === wantedId));
      if (missing !== undefined) {
        throw badRequest(`rewardSubscriptions: unknown reward subscription ${missing}.`);
      }
    }
    // Id 1 ('Ecommerce User') marks an online account; it is kept when the choice changes.
    await q.query(
      `delete from shopper_reward_subscriptions
       where app_id = $1 and frq_shopper_no = $2 and reward_subscription_id <> 1`,
      [app, frq],
    );
    if (wanted.length) {
      await q.query(
        `insert into shopper_reward_subscriptions (app_id, frq_shopper_no, reward_subscription_id)
         select $1, $2, unnest($3::int[]) on conflict do nothing`,
        [app, frq, wanted],
      );
    }
  }

  function newShopperNumber(): string {
    return `${crypto.randomInt(1, 10)}${String(crypto.randomInt(0, 100_000_000_000)).padStart(11, '0')}`;
  }

  const pointsTotal = async (app: string, frq: string) =>
    (
      await db.query<{ points: number }>(
        `select coalesce(sum(adjustment_value), 0)::int as points from points_history
         where app_id = $1 and frq_shopper_no = $2`,
        [app, frq],
      )
    )[0].points;

  const currentCredits = async (app: string, frq: string) =>
    (
      await db.query<{ balance: number }>(
        `select coalesce(sum(balance), 0)::float8 as balance from credits
         where app_id = $1 and frq_shopper_no = $2 and expires_at > now()`,
        [app, frq],
      )
    )[0].balance;

  const ok = (status = 200) => ({ status, body: { Success: true } });

  return [
    // 1
    route(
      'GET',
      '/loyalty/:appId/emailsubscriptions',
      { params: appParams, query: z.object({ frqShopperNo: frqShopperNo.optional() }) },
      async ({ appId: app, query }) => {
        if (query.frqShopperNo) await requireShopper(db, app, query.frqShopperNo);
        return { body: await emailSubscriptions(db, app, query.frqShopperNo ?? null) };
      },
    ),

    // 2
    route('GET', '/AppUsers/securityquestions', { query: appQuery }, async ({ appId: app }) => {
      const questions = await db.query(
        `select question_id as "Id", question as "Question" from security_questions
         where app_id = $1 order by question_id`,
        [app],
      );
      return { body: { AppUserQuestions: { Questions: questions } } };
    }),

    // 3
    route('GET', '/AppUsers/rewardsubscriptions', { query: appQuery }, async ({ appId: app }) => {
      const rows = await db.query(
        `select reward_subscription_id as "RewardSubscriptionId", name as "RewardSubscriptionName"
         from reward_subscription_types where app_id = $1 order by reward_subscription_id`,
        [app],
      );
      return { body: { AppUserRewardSubscriptions: rows } };
    }),

    // 4
    route(
      'POST',
      '/loyalty/:appId/customer/register',
      {
        params: appParams,
        body: z.object({
          firstName: name,
          lastName: name,
          birthday: birthday.optional(),
          email,
          phone,
          secondaryPhone: optionalPhone.optional(),
          address1: text(100).optional(),
          address2: text(100).optional(),
          zip: optionalZip.optional(),
          city: text(50).optional(),
          state: text(30).optional(),
          organization: text(100).optional(),
          myStore: storeNumber.optional(),
          optOutDataSharing: bool.optional(),
          rewardSubscriptions: rewardSubscriptions.optional(),
          password,
        }),
      },
      async ({ appId: app, body }) => {
        if (body.password.length < MIN_PASSWORD) {
          throw badRequest(`password: must be at least ${MIN_PASSWORD} characters.`, 51);
        }
        const hash = await hashSecret(body.password);
        const place = body.zip ? placeOfZip(body.zip) : null;
        const created = await db
          .transaction(async (tx) => {
            await assertUnique(tx, app, body, null);
            let frq = newShopperNumber();
            while ((await findShopper(tx, app, frq)) !== undefined) frq = newShopperNumber();
            await tx.query(
              `insert into shoppers (app_id, frq_shopper_no, first_name, last_name, phone,
                 secondary_phone, email, birthday, address1, address2, city, state, zip_code,
                 organization, opt_out_data_sharing, my_store, password_hash)
               values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)`,
              [
                app,
                frq,
                body.firstName,
                body.lastName,
                body.phone,
                body.secondaryPhone ?? '',
                body.email,
                body.birthday ?? null,
                body.address1 ?? '',
                body.address2 ?? '',
                place?.city ?? body.city ?? '',
                place?.state ?? body.state ?? '',
                body.zip ?? '',
                body.organization ?? '',
                body.optOutDataSharing ?? false,
                body.myStore ?? '0',
                hash,
              ],
            );
            await setRewardSubscriptions(tx, app, frq, [1, ...(body.rewardSubscriptions ?? [])]);
            return customerOf(tx, app, frq);
          })
          .catch(conflictOf);
        return { status: 201, body: created };
      },
    ),

    // 7 (before 5: the same method and shape of path)
    route(
      'PUT',
      '/loyalty/:appId/customer/changepassword',
      {
        params: appParams,
        body: z
          .object({
            email,
            oldpassword: password.optional(),
            oldPassword: password.optional(),
            newpassword: password.optional(),
            newPassword: password.optional(),
          })
          .transform((b) => ({
            email: b.email,
            oldpassword: b.oldpassword ?? b.oldPassword ?? '',
            newpassword: b.newpassword ?? b.newPassword,
          }))
          .refine((b) => b.newpassword !== undefined, {
            message: 'is required',
            path: ['newpassword'],
          }),
      },
      async ({ appId: app, body }) => {
        const shopper = await shopperByEmail(db, app, body.email);
        if (!shopper) throw notFound(30, 'No shopper has this e-mail address.');
        const matches = shopper.password_hash
          ? body.oldpassword !== '' && (await verifySecret(body.oldpassword, shopper.password_hash))
          : body.oldpassword === '';
        if (!matches) throw badRequest('The old password is not correct.', 50);
        await storeNewPassword(
          db,
          app,
          shopper.frq_shopper_no,
          body.newpassword ?? '',
          'newpassword',
        );
        return ok();
      },
    ),

    // 8
    route(
      'PUT',
      '/loyalty/:appId/customer/passwordreset',
      {
        params: appParams,
        body: z
          .object({ email, newPassword: password.optional(), newpassword: password.optional() })
          .transform((b) => ({ email: b.email, newPassword: b.newPassword ?? b.newpassword }))
          .refine((b) => b.newPassword !== undefined, {
            message: 'is required',
            path: ['newPassword'],
          }),
      },
      async ({ appId: app, body }) => {
        const shopper = await shopperByEmail(db, app, body.email);
        if (!shopper) throw notFound(30, 'No shopper has this e-mail address.');
        await storeNewPassword(
          db,
          app,
          shopper.frq_shopper_no,
          body.newPassword ?? '',
          'newPassword',
        );
        return ok();
      },
    ),

    // 5
    route(
      'PUT',
      '/loyalty/:appId/customer/:id',
      {
        params: shopperParams,
        body: z.object({
          frqShopperNo: frqShopperNo.optional(),
          firstName: name.optional(),
          lastName: name.optional(),
          phone: phone.optional(),
          secondaryPhone: optionalPhone.optional(),
          email: email.optional(),
          birthday: birthday.optional(),
          updateBirthday: bool.optional(),
          address1: text(100).optional(),
          address2: text(100).optional(),
          zip: optionalZip.optional(),
          city: text(50).optional(),
          state: text(30).optional(),
          organization: text(100).optional(),
          myStore: storeNumber.optional(),
          optOutDataSharing: bool.optional(),
          rewardSubscriptions: rewardSubscriptions.optional(),
        }),
      },
      async ({ appId: app, params, body }) => {
        if (body.frqShopperNo && body.frqShopperNo !== params.id) {
          throw badRequest('frqShopperNo: does not match the shopper in the path.');
        }
        const sets: string[] = [];
        const values: unknown[] = [app, params.id];
        const set = (column: string, value: unknown) => {
          values.push(value);
          sets.push(`${column} = $${values.length}`);
        };
        if (body.firstName !== undefined) set('first_name', body.firstName);
        if (body.lastName !== undefined) set('last_name', body.lastName);
        if (body.phone !== undefined) set('phone', body.phone);
        if (body.secondaryPhone !== undefined) set('secondary_phone', body.secondaryPhone);
        if (body.email !== undefined) set('email', body.email);
        if (body.updateBirthday === true && body.birthday !== undefined) {
          set('birthday', body.birthday);
        }
        if (body.address1 !== undefined) set('address1', body.address1);
        if (body.address2 !== undefined) set('address2', body.address2);
        if (body.zip !== undefined) {
          const place = body.zip ? placeOfZip(body.zip) : null;
          set('zip_code', body.zip);
          set('city', place?.city ?? body.city ?? '');
          set('state', place?.state ?? body.state ?? '');
        } else {
          if (body.city !== undefined) set('city', body.city);
          if (body.state !== undefined) set('state', body.state);
        }
        if (body.organization !== undefined) set('organization', body.organization);
        if (body.myStore !== undefined) set('my_store', body.myStore);
        if (body.optOutDataSharing !== undefined) {
          set('opt_out_data_sharing', body.optOutDataSharing);
        }
        const updated = await db
          .transaction(async (tx) => {
            await requireShopper(tx, app, params.id);
            await assertUnique(tx, app, body, params.id);
            if (sets.length) {
              await tx.query(
                `update shoppers set ${sets.join(', ')}, updated_at = now()
                 where app_id = $1 and frq_shopper_no = $2`,
                values,
              );
            }
            if (body.rewardSubscriptions !== undefined) {
              await setRewardSubscriptions(tx, app, params.id, body.rewardSubscriptions);
            }
            return customerOf(tx, app, params.id);
          })
          .catch(conflictOf);
        return { body: updated };
      },
    ),

    // 6
    route(
      'POST',
      '/AppUsers/updateemailsubscription',
      {
        query: appQuery,
        body: z
          .array(
            z.object({
              frqShopperNo,
              emailSubscriptionId: id.nullable().optional(),
              optOutEmail: bool,
            }),
          )
          .max(100),
      },
      async ({ appId: app, body }) => {
        await db.transaction(async (tx) => {
          const types = (
            await tx.query<{ id: number }>(
              `select email_subscription_id as id from email_subscription_types
               where app_id = $1`,
              [app],
            )
          ).map((t) => t.id);
          for (const [index, item] of body.entries()) {
            await requireShopper(tx, app, item.frqShopperNo);
            const one = item.emailSubscriptionId ?? null;
            if (one !== null && !types.includes(one)) {
              throw badRequest(`${index}.emailSubscriptionId: unknown e-mail subscription.`);
            }
            const ids = one === null ? types : [one];
            if (!ids.length) continue;
            await tx.query(
              `insert into shopper_email_subscriptions
                 (app_id, frq_shopper_no, email_subscription_id, opt_out_email)
               select $1, $2, unnest($3::int[]), $4
               on conflict (app_id, frq_shopper_no, email_subscription_id)
               do update set opt_out_email = excluded.opt_out_email`,
              [app, item.frqShopperNo, ids, item.optOutEmail],
            );
          }
        });
        return ok();
      },
    ),

    // 9
    route(
      'PUT',
      '/AppUsers/updatesecurityanswer',
      {
        query: appQuery,
        body: z.object({
          frqShopperNo,
          securityQuestion: z.union([z.number().int(), z.string().trim().min(1).max(200)]),
          securityAnswer: z.string().trim().min(1, 'must not be empty').max(100),
        }),
      },
      async ({ appId: app, body }) => {
        await requireShopper(db, app, body.frqShopperNo);
        const asked = String(body.securityQuestion);
        const [question] = await db.query<{ id: number }>(
          `select question_id as id from security_questions
           where app_id = $1 and (question_id::text = $2 or lower(question) = lower($2))`,
          [app, asked],
        );
        if (!question) throw badRequest('securityQuestion: unknown security question.');
        const hash = await hashSecret(normalizeAnswer(body.securityAnswer));
        await db.query(
          `update shoppers set security_question_id = $3, security_answer_hash = $4,
             updated_at = now()
           where app_id = $1 and frq_shopper_no = $2`,
          [app, body.frqShopperNo, question.id, hash],
        );
        return { body: { AppUserSecurity: { Success: true } } };
      },
    ),

    // 10
    route(
      'POST',
      '/AppUsers/login',
      {
        query: appQuery,
        body: z.object({
          emailOrPhone: z.string().trim().min(1, 'must not be empty').max(254),
          password: z.string().min(1, 'must not be empty').max(128),
        }),
      },
      async ({ appId: app, body }) => {
        const key = body.emailOrPhone;
        let shopper: (ShopperRow & { password_hash: string | null }) | undefined;
        if (key.includes('@')) {
          shopper = await shopperByEmail(db, app, key);
        } else {
          let number = digits(key);
          if (number.length === 11 && number.startsWith('1')) number = number.slice(1);
          if (number.length === 10) shopper = await shopperByPhone(db, app, number);
        }
        if (!shopper) {
          await verifySecret(body.password, null); // same time as a wrong password
          throw new ApiError(401, 10, 'Unknown e-mail address or phone number.');
        }
        if (!(await verifySecret(body.password, shopper.password_hash))) {
          throw new ApiError(401, 11, 'Wrong password.');
        }
        const tokens = await issueShopperTokens(deps.jwtSecret, app, shopper.frq_shopper_no);
        return {
          body: {
            AppUserLogin: {
              FirstName: shopper.first_name,
              FrqShopperNo: shopper.frq_shopper_no,
              MyStore: shopper.my_store,
            },
            FrequentShopperJwt: tokens.frequentShopperJwt,
            OauthCustomerJwt: { CustomerToken: tokens.customerToken },
          },
        };
      },
    ),

    // 11b
    route(
      'GET',
      '/loyalty/:appId/quotient/offers',
      { params: appParams },
      async ({ appId: app }) => {
        const available = await db.query(
          `select ${OFFER_COLUMNS} from offers o
         where o.app_id = $1 and o.active_date <= now() and o.expiry_date > now()
         order by o.is_promoted desc, o.expiry_date, o.offer_id`,
          [app],
        );
        return { body: { Available: available } };
      },
    ),

    // 11
    route(
      'GET',
      '/loyalty/:appId/quotient/:id/offers',
      {
        params: shopperParams,
        // `lists=activated,redeemed` leaves out the available list (the site has it cached).
        query: z.object({
          lists: z
            .string()
            .max(100)
            .optional()
            .transform((v) =>
              v ? new Set(v.split(',').map((x) => x.trim().toLowerCase())) : null,
            ),
        }),
      },
      async ({ appId: app, params, query }) => {
        await requireShopper(db, app, params.id);
        const wantAvailable = !query.lists || query.lists.has('available');
        const [available, activated, redeemed] = await Promise.all([
          !wantAvailable
            ? Promise.resolve(null)
            : db.query(
                `select ${OFFER_COLUMNS} from offers o
             where o.app_id = $1 and o.active_date <= now() and o.expiry_date > now()
               and not exists (select 1 from clipped_offers c where c.app_id = o.app_id
                 and c.frq_shopper_no = $2 and c.offer_id = o.offer_id)
               and not exists (select 1 from redeemed_offers r where r.app_id = o.app_id
                 and r.frq_shopper_no = $2 and r.offer_id = o.offer_id)
             order by o.is_promoted desc, o.expiry_date, o.offer_id`,
                [app, params.id],
              ),
          db.query(
            `select ${OFFER_COLUMNS}, c.clipped_at as "ClippedDate" from offers o
             join clipped_offers c on c.app_id = o.app_id and c.offer_id = o.offer_id
             left join redeemed_offers r on r.app_id = o.app_id and r.offer_id = o.offer_id
               and r.frq_shopper_no = c.frq_shopper_no
             where o.app_id = $1 and c.frq_shopper_no = $2 and o.expiry_date > now()
               and coalesce(r.times_redeemed, 0) < o.redemption_limit
             order by o.expiry_date, o.offer_id`,
            [app, params.id],
          ),
          db.query(
            `select ${OFFER_COLUMNS}, r.times_redeemed as "TimesRedeemed",
               r.last_redeemed as "LastRedeemed"
             from offers o
             join redeemed_offers r on r.app_id = o.app_id and r.offer_id = o.offer_id
             where o.app_id = $1 and r.frq_shopper_no = $2
             order by r.last_redeemed desc, o.offer_id`,
            [app, params.id],
          ),
        ]);
        return {
          body: {
            ...(available ? { Available: available } : {}),
            Activated: activated,
            Redeemed: redeemed,
          },
        };
      },
    ),

    // 12
    route(
      'POST',
      '/loyalty/:appId/quotient/:id/offers/activate',
      {
        params: shopperParams,
        body: z.object({
          offers: z
            .array(z.object({ offerId: id }))
            .min(1, 'must list at least one offer')
            .max(100, 'must list at most 100 offers'),
        }),
      },
      async ({ appId: app, params, body }) => {
        const ids = [...new Set(body.offers.map((o) => o.offerId))];
        const results = await db.transaction(async (tx) => {
          await requireShopper(tx, app, params.id);
          const rows = await tx.query<{
            id: number;
            started: boolean;
            live: boolean;
            clipped: boolean;
            used_up: boolean;
          }>(
            `select o.offer_id as id, o.active_date <= now() as started,
               o.expiry_date > now() as live, c.offer_id is not null as clipped,
               coalesce(r.times_redeemed, 0) >= o.redemption_limit as used_up
             from offers o
             left join clipped_offers c on c.app_id = o.app_id and c.offer_id = o.offer_id
               and c.frq_shopper_no = $2
             left join redeemed_offers r on r.app_id = o.app_id and r.offer_id = o.offer_id
               and r.frq_shopper_no = $2
             where o.app_id = $1 and o.offer_id = any($3::int[])`,
            [app, params.id, ids],
          );
          const byId = new Map(rows.map((r) => [r.id, r]));
          const toClip: number[] = [];
          const outcome = new Map<number, { Activated: boolean; Reason?: string }>();
          for (const offerId of ids) {
            const offer = byId.get(offerId);
            if (!offer) outcome.set(offerId, { Activated: false, Reason: 'Unknown offer.' });
            else if (!offer.started) {
              outcome.set(offerId, { Activated: false, Reason: 'This offer is not active yet.' });
            } else if (!offer.live) {
              outcome.set(offerId, { Activated: false, Reason: 'This offer has expired.' });
            } else if (offer.used_up) {
              outcome.set(offerId, {
                Activated: false,
                Reason: 'This offer has already been redeemed the maximum number of times.',
              });
            } else {
              if (!offer.clipped) toClip.push(offerId);
              outcome.set(offerId, { Activated: true });
            }
          }
          if (toClip.length) {
            await tx.query(
              `insert into clipped_offers (app_id, frq_shopper_no, offer_id)
               select $1, $2, unnest($3::int[]) on conflict do nothing`,
              [app, params.id, toClip],
            );
          }
          return body.offers.map(({ offerId }) => ({ OfferId: offerId, ...outcome.get(offerId) }));
        });
        return { body: { Results: results } };
      },
    ),

    // 13
    route(
      'GET',
      '/loyalty/:appId/customer',
      {
        params: appParams,
        query: z
          .object({
            frqShopperNo: frqShopperNo.optional(),
            phone: phone.optional(),
            email: email.optional(),
          })
          .refine(
            (q) => [q.frqShopperNo, q.phone, q.email].filter((v) => v !== undefined).length === 1,
            { message: 'give exactly one of frqShopperNo, phone or email' },
          ),
      },
      async ({ appId: app, query }) => {
        const row = query.frqShopperNo
          ? await findShopper(db, app, query.frqShopperNo)
          : query.phone
            ? await shopperByPhone(db, app, query.phone)
            : await shopperByEmail(db, app, query.email ?? '');
        return { body: row ? await customer(db, app, row) : [] };
      },
    ),

    // 19
    route(
      'GET',
      '/loyalty/:appId/customer/agreements',
      {
        params: appParams,
        query: z.object({
          action: z.string().regex(/^get$/i, "must be 'GET'").optional(),
          customerNum: frqShopperNo.optional(),
        }),
      },
      async ({ appId: app, query }) => {
        const current = await db.query(
          `select version as "CurrentTermsVersion",
             to_char(effective_date, 'YYYY-MM-DD') as "EffectiveDate", title as "Title"
           from terms_versions where app_id = $1 and effective_date <= $2::date
           order by version desc limit 1`,
          [app, today()],
        );
        let accepted: { CustomerVersionAccepted: number }[] = [];
        if (query.customerNum) {
          await requireShopper(db, app, query.customerNum);
          accepted = await db.query(
            `select terms_version_accepted as "CustomerVersionAccepted" from shoppers
             where app_id = $1 and frq_shopper_no = $2 and terms_version_accepted is not null`,
            [app, query.customerNum],
          );
        }
        return { body: { CurrentTerms: current, CustomerTermsInfo: accepted } };
      },
    ),

    // 20
    route(
      'POST',
      '/loyalty/:appId/customermanagement/termsandconditions/:id/:termsVersion',
      {
        params: z.object({
          appId,
          id: frqShopperNo,
          termsVersion: z
            .string()
            .regex(/^\d{1,6}$/, 'must be a terms version number')
            .transform(Number),
        }),
      },
      async ({ appId: app, params }) => {
        await requireShopper(db, app, params.id);
        const [version] = await db.query(
          'select 1 from terms_versions where app_id = $1 and version = $2',
          [app, params.termsVersion],
        );
        if (!version) {
          throw badRequest(`termsVersion: version ${params.termsVersion} does not exist.`);
        }
        await db.query(
          `update shoppers set terms_version_accepted = $3, updated_at = now()
           where app_id = $1 and frq_shopper_no = $2`,
          [app, params.id, params.termsVersion],
        );
        return ok();
      },
    ),

    // 14
    route(
      'GET',
      '/loyalty/:appId/customers/:id/receipts',
      {
        params: shopperParams,
        query: z.object({
          daysAgo: z.coerce.number().int().min(1).max(3650).default(10),
          count: z.coerce.number().int().min(1).max(500).default(150),
        }),
      },
      async ({ appId: app, params, query }) => {
        await requireShopper(db, app, params.id);
        const rows = await db.query(
          `select transaction_date as "TransactionDate", receipt_text as "ReceiptTextData",
             transaction_number as "TransactionNumber"
           from receipts
           where app_id = $1 and frq_shopper_no = $2
             and transaction_date >= now() - make_interval(days => $3::int)
           order by transaction_date desc limit $4`,
          [app, params.id, query.daysAgo, query.count],
        );
        return { body: rows };
      },
    ),

    // 15
    route(
      'GET',
      '/loyalty/:appId/customer/:id/overview',
      { params: shopperParams },
      async ({ appId: app, params }) => {
        const shopper = await requireShopper(db, app, params.id);
        const year = today().slice(0, 4);
        const [counts] = await db.query<{
          clipped: number;
          redeemed: number;
          savings: number;
          charity: string | null;
        }>(
          `select
             (select count(*)::int from clipped_offers c
                join offers o on o.app_id = c.app_id and o.offer_id = c.offer_id
                left join redeemed_offers r on r.app_id = c.app_id and r.offer_id = c.offer_id
                  and r.frq_shopper_no = c.frq_shopper_no
                where c.app_id = $1 and c.frq_shopper_no = $2 and o.expiry_date > now()
                  and coalesce(r.times_redeemed, 0) < o.redemption_limit) as clipped,
             (select count(*)::int from redeemed_offers
                where app_id = $1 and frq_shopper_no = $2) as redeemed,
             (select coalesce(sum(adjustment_value + digital_coupons_offer_value
                  + instant_offer_savings + loyalty_offer_savings + targeted_offer_savings), 0)::float8
                from savings_records
                where app_id = $1 and frq_shopper_no = $2
                  and month >= make_date($3::int, 1, 1)) as savings,
             (select ch.notes from shopper_charities sc
                join charities ch on ch.app_id = sc.app_id and ch.charity_id = sc.charity_id
                where sc.app_id = $1 and sc.frq_shopper_no = $2 and sc.is_enrolled) as charity`,
          [app, params.id, Number(year)],
        );
        return {
          body: {
            FrqShopperNo: shopper.frq_shopper_no,
            FirstName: shopper.first_name,
            PointsTotal: await pointsTotal(app, params.id),
            CreditsBalance: await currentCredits(app, params.id),
            ClippedCount: counts.clipped,
            RedeemedCount: counts.redeemed,
            YearToDateSavings: Math.round(counts.savings * 100) / 100,
            CharityName: counts.charity,
          },
        };
      },
    ),

    // 16
    route('GET', '/loyalty/:appId/charities', { params: appParams }, async ({ appId: app }) => {
      const rows = await db.query(
        `select charity_id as "CharityId", charity_description as "CharityDescription",
           notes as "Notes", zip_code as "ZipCode"
         from charities where app_id = $1 order by charity_description, notes`,
        [app],
      );
      return { body: rows };
    }),

    // 17
    route(
      'GET',
      '/loyalty/:appId/customers/:id/charities',
      { params: shopperParams },
      async ({ appId: app, params }) => {
        await requireShopper(db, app, params.id);
        const rows = await db.query(
          `select ch.charity_id as "CharityId", ch.charity_description as "CharityDescription",
             ch.notes as "Notes", ch.zip_code as "ZipCode", sc.is_enrolled as "IsEnrolled"
           from shopper_charities sc
           join charities ch on ch.app_id = sc.app_id and ch.charity_id = sc.charity_id
           where sc.app_id = $1 and sc.frq_shopper_no = $2`,
          [app, params.id],
        );
        return { body: rows };
      },
    ),

    // 18
    ...(['enroll', 'disenroll'] as const).map((action) =>
      route(
        'POST',
        `/loyalty/:appId/customers/:id/charities/:charityId/${action}`,
        { params: z.object({ appId, id: frqShopperNo, charityId: id }) },
        async ({ appId: app, params }) => {
          await db.transaction(async (tx) => {
            await requireShopper(tx, app, params.id);
            const [charity] = await tx.query(
              'select 1 from charities where app_id = $1 and charity_id = $2',
              [app, params.charityId],
            );
            if (!charity) throw notFound(40, 'Unknown charity.');
            if (action === 'enroll') {
              await tx.query(
                `insert into shopper_charities (app_id, frq_shopper_no, charity_id, is_enrolled)
                 values ($1, $2, $3, true)
                 on conflict (app_id, frq_shopper_no) do update
                 set charity_id = excluded.charity_id, is_enrolled = true, updated_at = now()`,
                [app, params.id, params.charityId],
              );
            } else {
              await tx.query(
                `update shopper_charities set is_enrolled = false, updated_at = now()
                 where app_id = $1 and frq_shopper_no = $2 and charity_id = $3`,
                [app, params.id, params.charityId],
              );
            }
          });
          return ok();
        },
      ),
    ),

    // 21
    route(
      'GET',
      '/loyalty/:appId/customers/:id/points/history',
      { params: shopperParams },
      async ({ appId: app, params }) => {
        await requireShopper(db, app, params.id);
        const rows = await db.query(
          `select description as "Description", adjustment_date as "AdjustmentDate",
             adjustment_value as "AdjustmentValue"
           from points_history where app_id = $1 and frq_shopper_no = $2
           order by adjustment_date desc, entry_id desc`,
          [app, params.id],
        );
        return { body: rows };
      },
    ),

    // 22
    route(
      'GET',
      '/loyalty/:appId/customers/:id/points/total',
      { params: shopperParams },
      async ({ appId: app, params }) => {
        await requireShopper(db, app, params.id);
        return { body: { Points: await pointsTotal(app, params.id) } };
      },
    ),

    // 23
    route(
      'GET',
      '/loyalty/:appId/customers/:id/credits',
      { params: shopperParams },
      async ({ appId: app, params }) => {
        await requireShopper(db, app, params.id);
        const rows = await db.query<{
          Description: string;
          Date: Date;
          IssuedBalance: number;
          Balance: number;
          expired: boolean;
        }>(
          `select description as "Description", issued_at as "Date",
             issued_balance::float8 as "IssuedBalance", balance::float8 as "Balance",
             expires_at <= now() as expired
           from credits where app_id = $1 and frq_shopper_no = $2
           order by issued_at desc, credit_id desc`,
          [app, params.id],
        );
        const strip = ({ expired: _expired, ...row }: (typeof rows)[number]) => row;
        const current = rows.filter((r) => !r.expired);
        const cents = current.reduce((sum, r) => sum + Math.round(r.Balance * 100), 0);
        return {
          body: {
            CurrentCredits: cents / 100,
            AdjustmentHistory: current.map(strip),
            ExpiredCredits: rows.filter((r) => r.expired).map(strip),
          },
        };
      },
    ),

    // 24
    route(
      'GET',
      '/loyalty/:appId/customer/:id/savings',
      { params: shopperParams },
      async ({ appId: app, params }) => {
        await requireShopper(db, app, params.id);
        const [year, month] = today().split('-').map(Number);
        const rows = await db.query<{
          Date: string;
          AdjustmentValue: number;
          DigitalCouponsOfferValue: number;
          InstantOfferSavings: number;
          LoyaltyOfferSavings: number;
          TargetedOfferSavings: number;
        }>(
          `select to_char(month, 'YYYY-MM-DD') as "Date",
             adjustment_value::float8 as "AdjustmentValue",
             digital_coupons_offer_value::float8 as "DigitalCouponsOfferValue",
             instant_offer_savings::float8 as "InstantOfferSavings",
             loyalty_offer_savings::float8 as "LoyaltyOfferSavings",
             targeted_offer_savings::float8 as "TargetedOfferSavings"
           from savings_records
           where app_id = $1 and frq_shopper_no = $2 and month >= make_date($3::int, 1, 1)
             and month < make_date($3::int + 1, 1, 1)`,
          [app, params.id, year],
        );
        const byMonth = new Map(rows.map((r) => [r.Date, r]));
        const records = [];
        for (let m = month; m >= 1; m--) {
          const date = `${year}-${String(m).padStart(2, '0')}-01`;
          records.push(
            byMonth.get(date) ?? {
              Date: date,
              AdjustmentValue: 0,
              DigitalCouponsOfferValue: 0,
              InstantOfferSavings: 0,
              LoyaltyOfferSavings: 0,
              TargetedOfferSavings: 0,
            },
          );
        }
        return { body: records };
      },
    ),

    // 25
    route(
      'GET',
      '/loyalty/:appId/customers/:id/loyaltyinfo',
      { params: shopperParams },
      async ({ appId: app, params }) => {
        await requireShopper(db, app, params.id);
        const [fuel] = await db.query<{ cents: number }>(
          `select fuel_cents_per_gallon as cents from shoppers
           where app_id = $1 and frq_shopper_no = $2`,
          [app, params.id],
        );
        const offers = await db.query(
          `select lo.offer_code as "OfferCode", lo.description as "OfferDescription",
             lo.notes as "Notes", lo.image_url as "ImageUrl",
             to_char(lo.end_date, 'YYYY-MM-DD') as "OfferEndDate",
             lo.qualifier_level as "QualifierLevel", lo.redemption_limit as "RedemptionLimit",
             coalesce(p.progress, 0)::float8 as "OfferProgress",
             case when lo.offer_code in ('0509', '0500')
               then coalesce(p.participation_amount, 0)::float8 end as "ParticipationAmount"
           from loyalty_offers lo
           left join loyalty_offer_progress p on p.app_id = lo.app_id
             and p.offer_code = lo.offer_code and p.frq_shopper_no = $2
           where lo.app_id = $1
           order by lo.end_date, lo.offer_code`,
          [app, params.id],
        );
        const premiums = await db.query(
          `select premium as "Premium", description as "Description", notes as "Notes",
             image_url as "ImageUrl", to_char(end_date, 'YYYY-MM-DD') as "EndDate",
             redemption_limit as "Limit"
           from premiums where app_id = $1 order by end_date, premium`,
          [app],
        );
        return {
          body: {
            FuelRewards: [{ RewardSubscriptionAvailableCentsPerGallon: fuel.cents }],
            Credits: [{ Balance: await currentCredits(app, params.id) }],
            Points: [{ Points: await pointsTotal(app, params.id) }],
            Offers: offers,
            Premiums: premiums,
          },
        };
      },
    ),
  ];
}

/** Checks a new password's length (code 51) and stores its hash. */
async function storeNewPassword(
  db: Db,
  app: string,
  frqShopperNo: string,
  next: string,
  field: string,
) {
  if (next.length < MIN_PASSWORD) {
    throw badRequest(`${field}: must be at least ${MIN_PASSWORD} characters.`, 51);
  }
  await db.query(
    `update shoppers set password_hash = $3, updated_at = now()
     where app_id = $1 and frq_shopper_no = $2`,
    [app, frqShopperNo, await hashSecret(next)],
  );
}
