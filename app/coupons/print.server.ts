import { data, type AppLoadContext } from '@remix-run/node';
import { logger } from '@common/logger.server';
import { cacheHeaders } from '~/lib/http/cache.server';
import { GENERIC_FAILURE_MESSAGE } from '~/lib/loyalty/errors';
import { lastKnownLabel } from '~/lib/loyalty/last-known';
import { requireShopper } from '~/lib/session/shopper.server';
import type { PrintedCoupon } from './types';
import { sortCoupons } from './filter-sort';

/** Where a guest goes: the login page, coming back here once signed in. */
const PRINT_LOGIN_REDIRECT = '/login?redirectTo=%2Fdigital-coupons%2Fprint';

/**
 * The shopper's clipped coupons (the `activated` list), soonest expiry first, to show a cashier
 * with the shopper number as a barcode. Signed-in shoppers only; a failing loyalty service
 * gives the page with the generic failure message instead of the list, never an error page.
 */
export async function printLoader(request: Request, context: AppLoadContext) {
  const shopper = await requireShopper(context, PRINT_LOGIN_REDIRECT);
  let coupons: PrintedCoupon[] | null = null;
  try {
    const { activated } = await context.loyalty.getOffers(shopper.frqShopperNo, {
      personalOnly: true,
      signal: request.signal,
    });
    coupons = sortCoupons(activated, 'expiration').map((o) => ({
      offerId: String(o.offerId),
      brandName: o.brandName,
      offerSummary: o.offerSummary,
      offerExpiryDate: o.offerExpiryDate,
      offerValue: o.offerValue,
    }));
  } catch (error) {
    logger.warn({ err: error }, 'coupons print page: clipped coupons unavailable');
  }
  return data(
    {
      shopperNo: shopper.frqShopperNo,
      firstName: shopper.firstName || null,
      retailerName: context.tenant.retailerName,
      /** The expiry lines' clock, so server and browser render the same text. */
      now: Date.now(),
      coupons,
      loadError: coupons ? null : GENERIC_FAILURE_MESSAGE,
      /** Shown from what was last known while the loyalty service is down: its time. */
      lastKnown: lastKnownLabel(context.loyaltyAsOf),
    },
    { headers: cacheHeaders(context, 'personal') },
  );
}
