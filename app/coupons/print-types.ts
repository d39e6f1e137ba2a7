/** What the print page shows of a clipped coupon. */
export interface PrintedCoupon {
  offerId: string;
  brandName: string | null;
  offerSummary: string | null;
  offerExpiryDate: string | null;
  offerValue: number | null;
}
