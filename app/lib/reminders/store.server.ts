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

/** A sign-in (or an e-mail change): the address and name to write to; choices are kept. */
export async function recordReminderShopper(
  db: SiteQuery,
  s: { brand: string; shopperNo: string; email: string; firstName: string },
): Promise<void> {
  await db.query(
    `insert into reminder_shoppers (brand, shopper_no, email, first_name)
     values ($1, $2, $3, $4)
     on conflict (brand, shopper_no)
     do update set email = excluded.email, first_name = excluded.first_name, updated_at = now()`,
    [s.brand, s.shopperNo, s.email, s.firstName],
  );
}

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
 * row since removed) gets one without an address: it then only holds the choice.
 */
export async function setReminderChoices(
  db: SiteQuery,
  brand: string,
  shopperNo: string,
  choices: Partial<ReminderChoices>,
): Promise<void> {
  const coupons = choices.couponsExpiring ?? null;
  const rewards = choices.rewardsReady ?? null;
  await db.query(
    `insert into reminder_shoppers (brand, shopper_no, email, coupons_expiring, rewards_ready)
     values ($1, $2, '', $3, $4)
     on conflict (brand, shopper_no) do update set
       coupons_expiring = coalesce($3, reminder_shoppers.coupons_expiring),
       rewards_ready = coalesce($4, reminder_shoppers.rewards_ready),
       updated_at = now()`,
    [brand, shopperNo, coupons, rewards],
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
