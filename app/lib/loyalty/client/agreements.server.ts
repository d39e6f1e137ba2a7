import * as s from '~/lib/loyalty/schemas';
import type { Agreements, CallOptions } from '~/lib/loyalty/types';
import { seg, type ClientContext } from './shared.server';

/** Terms and conditions: the versions and the shopper's acceptance. */
export function agreementCalls({ call, app }: ClientContext) {
  return {
    /**
     * 19. Terms versions, and the version the shopper accepted (customerTermsInfo is empty without
     * a shopper number, as at registration, or when never accepted).
     */
    async getAgreements(frqShopperNo?: string, options: CallOptions = {}): Promise<Agreements> {
      return call(s.agreementsSchema, 'GET', `${app}/customer/agreements`, {
        query: { action: 'GET', customerNum: frqShopperNo },
        signal: options.signal,
      });
    },

    /** 20. Records the accepted terms version; returns the success flag. */
    async updateAcceptedTermsVersion(frqShopperNo: string, termsVersion: number): Promise<boolean> {
      const r = await call(
        s.successSchema,
        'POST',
        `${app}/customermanagement/termsandconditions/${seg(frqShopperNo)}/${seg(String(termsVersion))}`,
      );
      return r.success;
    },
  };
}
