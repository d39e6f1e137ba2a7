import type { Offer } from '~/lib/loyalty/types';

/** Offers for the area's unit tests (not imported by the app). */

let nextId = 100001;

/** A dairy coupon with every field and a new offer id, overridden by `fields`. */
export function offer(fields: Partial<Offer> = {}): Offer {
  const id = String(nextId++);
  return {
    offerId: id,
    offerCode: `DC${id}`,
    brandName: 'Mountain Creamery',
    categoryName: 'Dairy',
    offerSummary: '$1.00 off Mountain Creamery Milk',
    offerDescription: 'Take $1.00 off one Mountain Creamery Milk, any variety.',
    offerDisclaimer: 'Limit one use per account.',
    offerImage1: '/images/coupons/dairy.svg',
    offerActiveDate: '2026-11-01T07:00:00.000Z',
    offerExpiryDate: '2026-12-15T06:59:59.000Z',
    offerValue: 1,
    isPromoted: false,
    redemptionLimit: 1,
    timesRedeemed: null,
    lastRedeemed: null,
    clippedDate: null,
    ...fields,
  };
}

/** The ids of a list, in order. */
export const ids = (list: Offer[]) => list.map((o) => o.offerId);
