import * as s from '~/lib/loyalty/schemas';
import type { CallOptions, Charity, UserCharity } from '~/lib/loyalty/types';
import { seg, type ClientContext } from './shared.server';

/** Charities and schools: the app's list, the shopper's records, enrolment. */
export function charityCalls({ call, app, customers }: ClientContext) {
  return {
    /** 16. Every charity/school of the app. */
    async getCharities(options: CallOptions = {}): Promise<Charity[]> {
      return call(s.charitySchema.array(), 'GET', `${app}/charities`, options);
    },

    /** 17. The shopper's charity records (isEnrolled marks the current one). */
    async getUserCharities(
      frqShopperNo: string,
      options: CallOptions = {},
    ): Promise<UserCharity[]> {
      return call(
        s.userCharitySchema.array(),
        'GET',
        `${customers(frqShopperNo)}/charities`,
        options,
      );
    },

    /** 18. Enrols the shopper in a charity (replacing any other enrolment). */
    async enrollCharity(frqShopperNo: string, charityId: string): Promise<boolean> {
      const r = await call(
        s.successSchema,
        'POST',
        `${customers(frqShopperNo)}/charities/${seg(charityId)}/enroll`,
      );
      return r.success;
    },

    /** 18. Ends the shopper's enrolment in a charity. */
    async disenrollCharity(frqShopperNo: string, charityId: string): Promise<boolean> {
      const r = await call(
        s.successSchema,
        'POST',
        `${customers(frqShopperNo)}/charities/${seg(charityId)}/disenroll`,
      );
      return r.success;
    },
  };
}
