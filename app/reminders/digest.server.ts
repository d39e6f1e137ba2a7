/**
 * The reminder jobs' work, free of the queue: which shoppers of a brand to look at, and one
 * shopper's digest (read their loyalty data, pick the new events, claim them, send one mail).
 * The queue (./runner.server.ts) calls these; tests call them directly.
 */
import type { Mailer } from '~/lib/mail/mailer.server';
import { dueEvents, type Credit, type ShopperData } from '~/lib/reminders/events';
import {
  claimReminderEvents,
  effectiveChoices,
  listReminderShoppers,
  markReminderEventsSent,
  readReminderShopper,
  releaseReminderEvents,
  type ReminderChoices,
} from '~/lib/reminders/store.server';
import type { SiteQuery } from '~/lib/site-store/site-store.server';
import type { Tenant } from '~/lib/tenant/schema';
import { digestMessage } from './digest-mail.server';

/** The loyalty calls a digest needs (the tenant's client, with its bearer credential). */
export interface ReminderLoyalty {
  getOffers(
    shopperNo: string,
    options: { personalOnly: boolean },
  ): Promise<{
    activated: Array<{
      offerId: string;
      offerSummary: string | null;
      brandName: string | null;
      offerExpiryDate: string | null;
    }>;
    redeemed: Array<{ offerId: string }>;
  }>;
  getPointsTotal(shopperNo: string): Promise<number>;
  getCreditDetails(shopperNo: string): Promise<{
    adjustmentHistory: Array<{
      description: string | null;
      date: string;
      balance: number | null;
      expirationDate: string | null;
    }>;
  }>;
}

export interface ReminderDeps {
  store: SiteQuery;
  mailer: Pick<Mailer, 'send'>;
  /** The key of the unsubscribe links' signature (the site's cookie secret). */
  secret: string;
  /** The brand of a site path, as the registry has it now; null when it is gone. */
  tenant(brand: string): Tenant | null;
  loyalty(tenant: Tenant): ReminderLoyalty;
  now(): Date;
}

export type DigestOutcome = 'sent' | 'nothing-new' | 'skipped';

function defaults(tenant: Tenant): ReminderChoices {
  return {
    couponsExpiring: tenant.reminders.couponsExpiring,
    rewardsReady: tenant.reminders.rewardsReady,
  };
}

/** The shoppers of a brand who may get a reminder (an address and at least one kind on). */
export async function shoppersToRemind(deps: ReminderDeps, brand: string): Promise<string[]> {
  const tenant = deps.tenant(brand);
  if (!tenant) return [];
  const shoppers = await listReminderShoppers(deps.store, brand, defaults(tenant));
  return shoppers.map((s) => s.shopperNo);
}

async function readData(
  loyalty: ReminderLoyalty,
  shopperNo: string,
  choices: ReminderChoices,
  tenant: Tenant,
): Promise<ShopperData> {
  const [offers, points, credits] = await Promise.all([
    choices.couponsExpiring ? loyalty.getOffers(shopperNo, { personalOnly: true }) : null,
    choices.rewardsReady && tenant.rewards.tiers.length ? loyalty.getPointsTotal(shopperNo) : null,
    choices.rewardsReady ? loyalty.getCreditDetails(shopperNo) : null,
  ]);
  const redeemed = new Set(offers?.redeemed.map((o) => o.offerId) ?? []);
  return {
    coupons: (offers?.activated ?? [])
      .filter((o) => !redeemed.has(o.offerId) && o.offerExpiryDate)
      .map((o) => ({
        offerId: o.offerId,
        title: o.offerSummary || o.brandName || 'A clipped coupon',
        endsAt: o.offerExpiryDate!,
      })),
    points,
    credits: (credits?.adjustmentHistory ?? []).map(
      (c): Credit => ({
        description: c.description ?? '',
        date: c.date,
        balance: c.balance ?? 0,
        expiresAt: c.expirationDate,
      }),
    ),
  };
}

/**
 * One shopper's digest. Each event is claimed in reminder_sent before the mail goes, so only one
 * of several processes (or retries) running it sends a given event; when the mail fails the
 * claims are given back and the error thrown, for the queue to retry.
 */
export async function sendShopperDigest(
  deps: ReminderDeps,
  brand: string,
  shopperNo: string,
): Promise<DigestOutcome> {
  const tenant = deps.tenant(brand);
  if (!tenant) return 'skipped';
  const shopper = await readReminderShopper(deps.store, brand, shopperNo);
  if (!shopper?.email) return 'skipped';
  const choices = effectiveChoices(shopper, defaults(tenant));
  if (!choices.couponsExpiring && !choices.rewardsReady) return 'skipped';
  const data = await readData(deps.loyalty(tenant), shopperNo, choices, tenant);
  const events = dueEvents({
    data,
    now: deps.now(),
    timeZone: tenant.reminders.timeZone,
    tiers: tenant.rewards.tiers,
    choices,
  });
  const claimed = await claimReminderEvents(
    deps.store,
    brand,
    shopperNo,
    events.map((e) => e.key),
  );
  const fresh = events.filter((e) => claimed.has(e.key));
  if (!fresh.length) return 'nothing-new';
  const keys = fresh.map((e) => e.key);
  try {
    await deps.mailer.send(digestMessage({ tenant, shopper, events: fresh, secret: deps.secret }));
  } catch (error) {
    await releaseReminderEvents(deps.store, brand, shopperNo, keys);
    throw error;
  }
  await markReminderEventsSent(deps.store, brand, shopperNo, keys);
  return 'sent';
}
