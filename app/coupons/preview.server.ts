import type { AppLoadContext } from '@remix-run/node';
import { logger } from '@common/logger.server';
import { brandCoupons } from './offers.server';
import { cardData } from './page.server';
import { sortCoupons } from './filter-sort';

/** Coupon preview slider default limit. */
export const COUPON_PREVIEW_LIMIT = 15;

/**
 * The home page's coupon preview: up to 15 featured coupons from the brand's shared available
 * list (no personal call: the home page stays cheap for shoppers and shareable for guests).
 * Null when the loyalty service cannot answer: the section is left out, the page stays.
 */
export async function couponPreview(context: AppLoadContext) {
  try {
    const list = sortCoupons(await brandCoupons(context), 'featured').slice(
      0,
      COUPON_PREVIEW_LIMIT,
    );
    return {
      items: list.map((o) => cardData(o, 'available')),
      signedIn: Boolean(context.shopper),
      now: Date.now(),
    };
  } catch (error) {
    logger.warn({ err: error }, 'coupon preview unavailable');
    return null;
  }
}
