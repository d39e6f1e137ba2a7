/**
 * What the route modules share: the context they are built with, the zod field schemas of the
 * contract's requests, the SQL column lists of shoppers and offers, and the shopper lookups and
 * totals several calls answer with. Every statement filters by app_id.
 */
import { z } from 'zod';
import { plainDate } from '../../../common/dates';
import type { Db } from '../../../common/db.server';
import { notFound } from '../http';

/** What every route module is built with (see `createRoutes`). */
export interface RouteContext {
  db: Db;
  jwtSecret: string;
  /** Today's calendar date (`YYYY-MM-DD`) in Denver, the brands' time zone. */
  today: () => string;
}

// ---------------------------------------------------------------------------------------------
// Field schemas

export const appId = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, 'must be letters, digits, - or _ (at most 64)');
export const frqShopperNo = z.string().regex(/^\d{12}$/, 'must be a 12-digit shopper number');
export const digits = (value: string) => value.replace(/\D/g, '');
/** 10 digits after dropping punctuation and a leading US country code. */
export const phone = z
  .string()
  .max(30)
  .transform((value) => {
    const d = digits(value);
    return d.length === 11 && d.startsWith('1') ? d.slice(1) : d;
  })
  .refine((d) => d.length === 10, 'must be a 10-digit phone number');
export const optionalPhone = z
  .union([z.string().max(30), z.null()])
  .transform((value) => {
    const d = digits(value ?? '');
    return d.length === 11 && d.startsWith('1') ? d.slice(1) : d;
  })
  .refine((d) => d.length === 0 || d.length === 10, 'must be a 10-digit phone number');
export const email = z.string().trim().max(254).email('must be a valid e-mail address');
export const name = z.string().trim().min(1, 'must not be empty').max(50);
export const text = (max: number) =>
  z.union([z.string().max(max), z.null()]).transform((value) => (value ?? '').trim());
export const optionalZip = z
  .union([z.string().trim(), z.null()])
  .transform((value) => value ?? '')
  .refine((value) => value === '' || /^\d{5}(-\d{4})?$/.test(value), 'must be a 5-digit zip code');
/** A birthday: a real `YYYY-MM-DD` from 1900-01-01 to today (Denver); '' and null clear it. */
export const birthday = (today: () => string) =>
  z
    .union([z.string(), z.null()])
    .transform((value) => (value ?? '').trim().slice(0, 10))
    .refine(
      (value) =>
        value === '' || (plainDate(value) === value && value >= '1900-01-01' && value <= today()),
      'must be a date YYYY-MM-DD between 1900-01-01 and today',
    )
    .transform((value) => value || null);
/** Store numbers are 4 digits zero-padded; '' and '0' mean none. */
export const storeNumber = z
  .union([z.string().trim().max(10), z.number().int().nonnegative(), z.null()])
  .transform((value) => String(value ?? ''))
  .refine((value) => /^\d{0,4}$/.test(value), 'must be a store number of up to 4 digits')
  .transform((value) => (/^0*$/.test(value) ? '0' : value.padStart(4, '0')));
export const bool = z.union([
  z.boolean(),
  z.enum(['true', 'false']).transform((value) => value === 'true'),
]);
export const id = z.union([
  z.number().int().nonnegative().max(2_147_483_647),
  z
    .string()
    .regex(/^\d{1,9}$/, 'must be a number')
    .transform(Number),
]);
/** A reward subscription given as an id or as `{rewardSubscriptionId}`. */
export const rewardSubscriptions = z
  .array(
    z.union([
      id,
      z.object({ rewardSubscriptionId: id }).transform((value) => value.rewardSubscriptionId),
    ]),
  )
  .max(10);
/** Lengths are checked in the handler, where a short password gets code 51. */
export const password = z.string().max(128, 'must be at most 128 characters');
export const MIN_PASSWORD = 8;

export const appParams = z.object({ appId });
export const shopperParams = z.object({ appId, id: frqShopperNo });
export const appQuery = z.object({ a: appId });

// ---------------------------------------------------------------------------------------------
// Shapes

export interface ShopperRow {
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

export type ShopperWithPassword = ShopperRow & { password_hash: string | null };

const SHOPPER_COLUMNS = `frq_shopper_no, first_name, last_name, phone, secondary_phone, email,
  to_char(birthday, 'YYYY-MM-DD') as birthday, address1, address2, city, state, zip_code,
  organization, opt_out_data_sharing, my_store, password_hash is not null as has_password`;

export const OFFER_COLUMNS = `o.offer_id as "OfferId", o.offer_code as "OfferCode",
  o.brand_name as "BrandName", o.category_name as "CategoryName", o.summary as "OfferSummary",
  o.description as "OfferDescription", o.disclaimer as "OfferDisclaimer",
  o.image1 as "OfferImage1", o.active_date as "OfferActiveDate",
  o.expiry_date as "OfferExpiryDate", o.offer_value::float8 as "OfferValue",
  o.is_promoted as "IsPromoted", o.redemption_limit as "RedemptionLimit"`;

// ---------------------------------------------------------------------------------------------
// Queries

export const findShopper = async (q: Db, app: string, frq: string) =>
  (
    await q.query<ShopperRow>(
      `select ${SHOPPER_COLUMNS} from shoppers where app_id = $1 and frq_shopper_no = $2`,
      [app, frq],
    )
  )[0];

export const requireShopper = async (q: Db, app: string, frq: string) => {
  const row = await findShopper(q, app, frq);
  if (!row) throw notFound(30, 'Unknown shopper.');
  return row;
};

export const shopperByEmail = async (q: Db, app: string, address: string) =>
  (
    await q.query<ShopperWithPassword>(
      `select ${SHOPPER_COLUMNS}, password_hash from shoppers
       where app_id = $1 and lower(email) = lower($2)`,
      [app, address],
    )
  )[0];

export const shopperByPhone = async (q: Db, app: string, number: string) =>
  (
    await q.query<ShopperWithPassword>(
      `select ${SHOPPER_COLUMNS}, password_hash from shoppers where app_id = $1 and phone = $2`,
      [app, number],
    )
  )[0];

/** The app's e-mail subscription types with the shopper's choice (none: the defaults). */
export async function emailSubscriptions(q: Db, app: string, frq: string | null) {
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

export const pointsTotal = async (db: Db, app: string, frq: string) =>
  (
    await db.query<{ points: number }>(
      `select coalesce(sum(adjustment_value), 0)::int as points from points_history
       where app_id = $1 and frq_shopper_no = $2`,
      [app, frq],
    )
  )[0].points;

export const currentCredits = async (db: Db, app: string, frq: string) =>
  (
    await db.query<{ balance: number }>(
      `select coalesce(sum(balance), 0)::float8 as balance from credits
       where app_id = $1 and frq_shopper_no = $2 and expires_at > now()`,
      [app, frq],
    )
  )[0].balance;

export const ok = (status = 200) => ({ status, body: { Success: true } });
