/**
 * The site's record of shoppers for reminder e-mails (table reminder_shoppers) and of the
 * reminders already sent (reminder_sent): see docs/reference/reminders.md.
 */
import type { SiteQuery } from '~/lib/site-store/site-store.server';
import type { ReminderKind } from './token.server';

export interface ReminderShopper {
  brand: string;
  shopperNo: string;
  email: string;
  firstName: string;
  /** null: the shopper never chose (the brand's default applies). */
  couponsExpiring: boolean | null;
  rewardsReady: boolean | null;
}

export type ReminderChoices = Record<ReminderKind, boolean>;

interface Row {
  brand: string;
  shopper_no: string;
  email: string;
  first_name: string;
  coupons_expiring: boolean | null;
  rewards_ready: boolean | null;
}

function fromRow(r: Row): ReminderShopper {
  return {
    brand: r.brand,
    shopperNo: r.shopper_no,
    email: r.email,
    firstName: r.first_name,
    couponsExpiring: r.coupons_expiring,
    rewardsReady: r.rewards_ready,
  };
}

/**
 * A sign-in, an e-mail change or a visit to /account: the address and name reminders go to, kept
 * only while the shopper may get one (a kind on by their choice or the brand's default); for a
 * shopper with every kind off nothing is written, and an address kept earlier is forgotten.
 * Choices are never changed here.
 */
export async function recordReminderShopper(
  db: SiteQuery,
  s: { brand: string; shopperNo: string; email: string; firstName: string },
  defaults: ReminderChoices,
): Promise<void> {
  // One statement, so a choice saved at the same moment cannot leave an address behind: a new
  // row only when a default is on; an existing row keeps the address only while a kind is on.
  await db.query(
    `insert into reminder_shoppers (brand, shopper_no, email, first_name)
     select $1, $2, $3, $4
     where ($5 or $6)
        or exists (select 1 from reminder_shoppers where brand = $1 and shopper_no = $2)
     on conflict (brand, shopper_no) do update set
       email = case when ${ANY_ON} then $3 else '' end,
       first_name = case when ${ANY_ON} then $4 else '' end,
       updated_at = now()`,
    [s.brand, s.shopperNo, s.email, s.firstName, defaults.couponsExpiring, defaults.rewardsReady],
  );
}

/** In an upsert on reminder_shoppers, with the brand's defaults as $5 and $6: a kind is on. */
const ANY_ON = `(coalesce(reminder_shoppers.coupons_expiring, $5)
  or coalesce(reminder_shoppers.rewards_ready, $6))`;

export async function readReminderShopper(
  db: SiteQuery,
  brand: string,
  shopperNo: string,
): Promise<ReminderShopper | null> {
  const rows = await db.query<Row>(
    'select * from reminder_shoppers where brand = $1 and shopper_no = $2',
    [brand, shopperNo],
  );
  return rows[0] ? fromRow(rows[0]) : null;
}

/** The shopper's choices, each the brand's default where they never chose. */
export function effectiveChoices(
  shopper: Pick<ReminderShopper, 'couponsExpiring' | 'rewardsReady'> | null,
  defaults: ReminderChoices,
): ReminderChoices {
  return {
    couponsExpiring: shopper?.couponsExpiring ?? defaults.couponsExpiring,
    rewardsReady: shopper?.rewardsReady ?? defaults.rewardsReady,
  };
}

/**
 * Sets some of the shopper's choices. A shopper the site has no row for (an unsubscribe link of a
 * row since removed, a shopper whose brand has every kind off by default) gets one without an
 * address: it then only holds the choice, and the next visit to /account records the address.
 * When no kind is left on, the address and name are forgotten.
 */
export async function setReminderChoices(
  db: SiteQuery,
  brand: string,
  shopperNo: string,
  choices: Partial<ReminderChoices>,
  defaults: ReminderChoices,
): Promise<void> {
  const coupons = choices.couponsExpiring ?? null;
  const rewards = choices.rewardsReady ?? null;
  const anyOn = `(coalesce($3, reminder_shoppers.coupons_expiring, $5)
    or coalesce($4, reminder_shoppers.rewards_ready, $6))`;
  await db.query(
    `insert into reminder_shoppers (brand, shopper_no, email, coupons_expiring, rewards_ready)
     values ($1, $2, '', $3, $4)
     on conflict (brand, shopper_no) do update set
       coupons_expiring = coalesce($3, reminder_shoppers.coupons_expiring),
       rewards_ready = coalesce($4, reminder_shoppers.rewards_ready),
       email = case when ${anyOn} then reminder_shoppers.email else '' end,
       first_name = case when ${anyOn} then reminder_shoppers.first_name else '' end,
       updated_at = now()`,
    [brand, shopperNo, coupons, rewards, defaults.couponsExpiring, defaults.rewardsReady],
  );
}

/** The brand's shoppers with an address who may get at least one kind of reminder. */
export async function listReminderShoppers(
  db: SiteQuery,
  brand: string,
  defaults: ReminderChoices,
): Promise<ReminderShopper[]> {
  const rows = await db.query<Row>(
    `select * from reminder_shoppers
     where brand = $1 and email <> ''
       and (coalesce(coupons_expiring, $2) or coalesce(rewards_ready, $3))
     order by shopper_no`,
    [brand, defaults.couponsExpiring, defaults.rewardsReady],
  );
  return rows.map(fromRow);
}

/** A claim not marked sent after this long belongs to a process that died: it may be retaken. */
export const STALE_CLAIM_MINUTES = 10;

/**
 * Claims events before their mail is sent: inserts a row per event key and returns the keys
 * this call claimed: not claimed before (by this run, another process or an earlier day), or
 * claimed long ago by a process that never marked them sent.
 */
export async function claimReminderEvents(
  db: SiteQuery,
  brand: string,
  shopperNo: string,
  keys: string[],
): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db.query<{ event_key: string }>(
    `insert into reminder_sent (brand, shopper_no, event_key)
     select $1, $2, k from unnest($3::text[]) as k
     on conflict (brand, shopper_no, event_key) do update set claimed_at = now()
       where reminder_sent.sent_at is null
         and reminder_sent.claimed_at < now() - make_interval(mins => $4)
     returning event_key`,
    [brand, shopperNo, keys, STALE_CLAIM_MINUTES],
  );
  return new Set(rows.map((r) => r.event_key));
}

/** The claimed events' mail went out. */
export async function markReminderEventsSent(
  db: SiteQuery,
  brand: string,
  shopperNo: string,
  keys: string[],
): Promise<void> {
  if (keys.length === 0) return;
  await db.query(
    `update reminder_sent set sent_at = now()
     where brand = $1 and shopper_no = $2 and event_key = any($3::text[])`,
    [brand, shopperNo, keys],
  );
}

/** Gives claimed events back when their mail could not be sent, so a retry sends them. */
export async function releaseReminderEvents(
  db: SiteQuery,
  brand: string,
  shopperNo: string,
  keys: string[],
): Promise<void> {
  if (keys.length === 0) return;
  await db.query(
    `delete from reminder_sent
     where brand = $1 and shopper_no = $2 and event_key = any($3::text[]) and sent_at is null`,
    [brand, shopperNo, keys],
  );
}

/**
 * Reminders sent this many days ago can go: by then each one's event is over (a coupon that
 * ended within 3 days of its mail, a credit that expired within 14, a tier keyed by a past
 * month), so nothing would send it again.
 */
export const KEEP_SENT_DAYS = 45;

/** Drops the brand's reminder rows older than KEEP_SENT_DAYS (the brand's daily run). */
export async function pruneReminderEvents(db: SiteQuery, brand: string): Promise<void> {
  await db.query(
    `delete from reminder_sent
     where brand = $1 and coalesce(sent_at, claimed_at) < now() - make_interval(days => $2)`,
    [brand, KEEP_SENT_DAYS],
  );
}
