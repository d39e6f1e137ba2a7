import { savingsSection } from './savings.server';
import { createHash } from 'node:crypto';
import { denverDate } from '@common/dates';
import { logger } from '@common/logger.server';
import { data, type AppLoadContext } from '@remix-run/node';
import { cacheHeaders, PRIVATE_NO_STORE } from '~/lib/http/cache.server';
import { streamsSections } from '~/lib/http/streamed.server';
import { lastKnownLabel } from '~/lib/loyalty/last-known';
import { requireShopper } from '~/lib/session/shopper.server';
import { guestLoginHref } from '~/lib/session/login-href';
import { shopperCard } from '~/lib/card/card.server';
import { callsNeeded, rewardsFlags, rewardsView, type CallResult } from './view';

/**
 * The rewards page /rewards (docs/reference/rewards.md).
 *
 * A guest goes where the brand says (`rewards.guestRedirect`: /about-rewards, which the redirect
 * table sends on to /about-perks, or /login). A shopper's page makes its loyalty calls together,
 * each once: loyalty info (points, offers, premiums, fuel), points history and credits,
 * leaving out those the brand's settings make useless. Every call is caught on its own, so one
 * that fails hides only the sections built from it (view.ts), never the page. Personal data:
 * private, no-store.
 */

/** Runs a call; a failure is logged and becomes `{ ok: false }` (the section's message). */
async function attempt<T>(what: string, call: () => Promise<T>): Promise<CallResult<T>> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    logger.warn({ err: error }, `rewards page: ${what} unavailable`);
    return { ok: false };
  }
}

const skipped = Promise.resolve(null);

/**
 * Who the page was made for, without naming them: the page compares it when its data reloads
 * and goes home when another shopper signed in meanwhile.
 */
export function viewerKey(sitePath: string, frqShopperNo: string): string {
  return createHash('sha256').update(`${sitePath}\n${frqShopperNo}`).digest('hex').slice(0, 16);
}

export async function rewardsLoader(request: Request, context: AppLoadContext) {
  const { tenant } = context;
  // A brand that sends guests to /login sends them back here after it; /about-rewards is a page
  // for non-members and takes no destination.
  const shopper = await requireShopper(
    context,
    tenant.rewards.guestRedirect === '/login'
      ? guestLoginHref(request)
      : tenant.rewards.guestRedirect,
  );
  const flags = rewardsFlags(tenant);
  const needs = callsNeeded(flags);
  const no = shopper.frqShopperNo;
  const loyalty = context.loyalty;

  // The year-to-date savings (docs/reference/rewards.md "Savings") load beside the rewards calls; a
  // failure hides only that section (savingsSection answers null).
  // The savings are a secondary section: started now, beside the others, and streamed to a
  // navigation (which shows the rest without waiting for it); a document gets it settled.
  const savings = savingsSection(context);
  const streamed = streamsSections(request);
  const [info, history, credits] = await Promise.all([
    needs.info ? attempt('loyalty info', () => loyalty.getLoyaltyInfo(no)) : skipped,
    needs.history ? attempt('points history', () => loyalty.getPointsHistory(no)) : skipped,
    attempt('credits', () => loyalty.getCreditDetails(no)),
  ]);

  const locations = context.services.content.retailerInfo(tenant.sitePath).locations;
  const storeNames = new Map(locations.map((l) => [l.storeNumber, l.name]));
  const view = rewardsView(flags, denverDate(), { info, history, credits }, storeNames);
  return data(
    {
      ...view,
      savings: streamed ? savings : await savings,
      viewer: viewerKey(tenant.sitePath, no),
      /** The shopper's card (number and barcode), from the session. */
      card: shopperCard(context, no),
      /** Shown from what was last known while the loyalty service is down: its time. */
      lastKnown: lastKnownLabel(context.loyaltyAsOf),
    },
    { headers: cacheHeaders(context, 'personal') },
  );
}

export type RewardsLoaderData = Awaited<ReturnType<typeof rewardsLoader>>['data'];

/**
 * GET /rewards/viewer: who is signed in now, as the rewards page names them (`viewer`, null for
 * a guest). The page asks when its tab comes back into view (use-home-on-shopper-change.ts).
 * Reads the session only: no loyalty call. Private, never stored.
 */
export function rewardsViewerLoader(context: AppLoadContext) {
  const shopper = context.shopper;
  const viewer = shopper ? viewerKey(context.tenant.sitePath, shopper.frqShopperNo) : null;
  return new Response(JSON.stringify({ viewer }), {
    headers: { 'Content-Type': 'application/json', 'Cache-Control': PRIVATE_NO_STORE },
  });
}
