/** What the coupon pages render (client-safe: the components import these). */
import type { CouponTab } from './url-state';

/** What a coupon card (and the redeemed table) needs: the list payload stays small. */
export interface CouponCardData {
  offerId: string;
  offerCode: string;
  brandName: string;
  categoryName: string;
  offerSummary: string;
  offerImage1: string;
  offerExpiryDate: string;
  offerValue: number;
  isPromoted: boolean;
  timesRedeemed: number;
  lastRedeemed: string;
  /** The coupon's state for this visitor. */
  state: CouponTab;
}

export interface CouponDetail extends CouponCardData {
  offerDescription: string;
  offerDisclaimer: string;
  redemptionLimit: number;
}

/** What the print page shows of a clipped coupon. */
export interface PrintedCoupon {
  offerId: string;
  brandName: string | null;
  offerSummary: string | null;
  offerExpiryDate: string | null;
  offerValue: number | null;
}
