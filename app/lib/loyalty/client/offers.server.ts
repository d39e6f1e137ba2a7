import * as s from '~/lib/loyalty/schemas';
import type { ActivationResult, CallOptions, OfferLists } from '~/lib/loyalty/types';
import { seg, wireId, type ClientContext } from './shared.server';

/** Coupons: the lists and clipping. */
export function offerCalls({ call, app }: ClientContext) {
  return {
    /**
     * 11. Coupons: available, activated (clipped) and redeemed for a shopper; for a guest
     * (null) only the available list. Cancellable through `options.signal`.
     */
    async getOffers(
      frqShopperNo: string | null,
      options: CallOptions & {
        /**
         * Only the shopper's activated and redeemed lists: asks the backend to leave out the
         * available list (`lists=activated,redeemed`). A backend that ignores the parameter
         * still answers correctly; its available list is then returned too.
         */
        personalOnly?: boolean;
      } = {},
    ): Promise<OfferLists> {
      const path = frqShopperNo
        ? `${app}/quotient/${seg(frqShopperNo)}/offers`
        : `${app}/quotient/offers`;
      return call(s.offersSchema, 'GET', path, {
        signal: options.signal,
        query: frqShopperNo && options.personalOnly ? { lists: 'activated,redeemed' } : undefined,
      });
    },

    /** 12. Clips coupons (1..100 per call). A coupon clipped twice stays clipped once. */
    async activateOffers(frqShopperNo: string, offerIds: string[]): Promise<ActivationResult[]> {
      const r = await call(
        s.activateSchema,
        'POST',
        `${app}/quotient/${seg(frqShopperNo)}/offers/activate`,
        { body: { offers: offerIds.map((offerId) => ({ offerId: wireId(offerId) })) } },
      );
      return r.results;
    },
  };
}
