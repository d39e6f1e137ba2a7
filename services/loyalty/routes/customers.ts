/**
 * Customer records (calls 4, 5 and 13): registration, update and lookup, all answering with the
 * contract's `Customer`, and the uniqueness of e-mail addresses and phone numbers within an app.
 */
import crypto from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../../../common/db.server';
import { sqlState } from '../../../common/db.server';
import { ApiError, badRequest, route } from '../http';
import { hashSecret } from '../password';
import { placeOfZip } from '../zip';
import {
  appParams,
  birthday,
  bool,
  email,
  emailSubscriptions,
  findShopper,
  frqShopperNo,
  MIN_PASSWORD,
  name,
  optionalPhone,
  optionalZip,
  password,
  phone,
  requireShopper,
  rewardSubscriptions,
  shopperByEmail,
  shopperByPhone,
  shopperParams,
  storeNumber,
  text,
  type RouteContext,
  type ShopperRow,
} from './shared';

export function customerRoutes({ db, today }: RouteContext) {
  const birthdayField = birthday(today);
  return {
    // 4
    register: route(
      'POST',
      '/loyalty/:appId/customer/register',
      {
        params: appParams,
        body: z.object({
          firstName: name,
          lastName: name,
          birthday: birthdayField.optional(),
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

    // 5
    update: route(
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
          birthday: birthdayField.optional(),
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

    // 13
    lookup: route(
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
  };
}

/** The contract's `Customer` of a shopper row. */
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
