import * as s from '~/lib/loyalty/schemas';
import type { CallOptions, Overview } from '~/lib/loyalty/types';
import type { ClientContext } from './shared.server';

/** The account overview. */
export function overviewCalls({ call, customer }: ClientContext) {
  return {
    /** 15. Account overview (points, credits, coupon counts, savings, charity). */
    async getOverview(frqShopperNo: string, options: CallOptions = {}): Promise<Overview> {
      return call(s.overviewSchema, 'GET', `${customer(frqShopperNo)}/overview`, options);
    },
  };
}
