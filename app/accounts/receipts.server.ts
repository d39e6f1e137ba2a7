import { createHash } from 'node:crypto';
import { data, type AppLoadContext } from '@remix-run/node';
import { logger } from '@common/logger.server';
import { cacheHeaders } from '~/lib/http/cache.server';
import { UNAVAILABLE_MESSAGE } from '~/lib/loyalty/errors';
import { lastKnownLabel } from '~/lib/loyalty/last-known';
import { requireShopper } from '~/lib/session/shopper.server';
import type { ClippedCoupon } from './coupon-misses';
import { sumSavings } from './receipt-savings';
import {
  clippedCoupons,
  RECEIPTS_COUNT,
  RECEIPTS_DAYS_AGO,
  receiptsRange,
  receiptViews,
  type ReceiptView,
} from './receipts';
import { filterReceipts, parseReceiptsQuery, receiptStores } from './receipts-query';

/**
 * /account/receipts and its print view (docs/reference/accounts.md "Receipts", docs/reference/
 * receipts.md; the receipts call is call 14 of docs/loyalty-api.md): a guest, or a sign-in that
 * has ended, goes to / (not /login, unlike /account). A failing receipts call shows a short message
 * in the page, never an error page; a failing coupons call only leaves the coupons unchecked. The
 * query (search, store, dates) filters what is shown and summed.
 */
export async function receiptsLoader(context: AppLoadContext, url: URL) {
  const shopper = await requireShopper(context, '/');
  const query = parseReceiptsQuery(url.searchParams);
  let all: ReceiptView[] = [];
  let loadError: string | null = null;
  const couponsCall = context.loyalty
    .getOffers(shopper.frqShopperNo, { personalOnly: true })
    .then(clippedCoupons)
    .catch((error: unknown): ClippedCoupon[] => {
      logger.warn({ err: error }, 'receipts page: clipped coupons unavailable');
      return [];
    });
  try {
    const [receipts, coupons] = await Promise.all([
      context.loyalty.getReceipts(shopper.frqShopperNo, {
        count: RECEIPTS_COUNT,
        daysAgo: RECEIPTS_DAYS_AGO,
      }),
      couponsCall,
    ]);
    all = receiptViews(receipts, coupons);
  } catch (error) {
    logger.warn({ err: error }, 'receipts page: receipts unavailable');
    loadError = UNAVAILABLE_MESSAGE;
  }
  const receipts = filterReceipts(all, query.filters);
  const body = {
    receipts,
    /** How many receipts there are before the search. */
    totalCount: all.length,
    stores: receiptStores(all),
    query,
    saved: sumSavings(receipts.map((r) => r.savings)),
    range: receiptsRange(all),
    loadError,
    /** Shown from what was last known while the loyalty service is down: its time. */
    lastKnown: lastKnownLabel(context.loyaltyAsOf),
    daysAgo: RECEIPTS_DAYS_AGO,
    /** The service's limit was reached: older receipts of the period may be left out. */
    limited: all.length >= RECEIPTS_COUNT,
    /**
     * Whose receipts these are, as an opaque key: the page goes to / when a revalidation brings
     * another shopper's (the signed-in user changed). Never the shopper number.
     */
    owner: ownerKey(context.tenant.sitePath, shopper.frqShopperNo),
  };
  return data(body, { headers: cacheHeaders(context, 'personal') });
}

export type ReceiptsLoaderData = Awaited<ReturnType<typeof receiptsLoader>>['data'];

function ownerKey(site: string, frqShopperNo: string): string {
  return createHash('sha256').update(`${site}\0${frqShopperNo}`).digest('base64url').slice(0, 16);
}
