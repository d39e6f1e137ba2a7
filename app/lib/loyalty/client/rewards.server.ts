import * as s from '~/lib/loyalty/schemas';
import type {
  CallOptions,
  CreditDetails,
  LoyaltyInfo,
  PointsRow,
  SavingsRecord,
} from '~/lib/loyalty/types';
import type { ClientContext } from './shared.server';

/** Rewards: points, credits, savings and the rewards page's data. */
export function rewardCalls({ call, customer, customers }: ClientContext) {
  return {
    /** 21. Points history, newest first. */
    async getPointsHistory(frqShopperNo: string, options: CallOptions = {}): Promise<PointsRow[]> {
      return call(
        s.pointsRowSchema.array(),
        'GET',
        `${customers(frqShopperNo)}/points/history`,
        options,
      );
    },

    /** 22. Points total. */
    async getPointsTotal(frqShopperNo: string, options: CallOptions = {}): Promise<number> {
      const r = await call(
        s.pointsTotalSchema,
        'GET',
        `${customers(frqShopperNo)}/points/total`,
        options,
      );
      return r.points;
    },

    /** 23. Credits: current balance, adjustment history, expired credits. */
    async getCreditDetails(
      frqShopperNo: string,
      options: CallOptions = {},
    ): Promise<CreditDetails> {
      return call(s.creditDetailsSchema, 'GET', `${customers(frqShopperNo)}/credits`, options);
    },

    /** 24. Savings records of the current year, one per month. */
    async getSavings(frqShopperNo: string, options: CallOptions = {}): Promise<SavingsRecord[]> {
      return call(
        s.savingsRecordSchema.array(),
        'GET',
        `${customer(frqShopperNo)}/savings`,
        options,
      );
    },

    /** 25. Rewards page data: fuel rewards, credits, points, offers, premiums. */
    async getLoyaltyInfo(frqShopperNo: string, options: CallOptions = {}): Promise<LoyaltyInfo> {
      return call(s.loyaltyInfoSchema, 'GET', `${customers(frqShopperNo)}/loyaltyinfo`, options);
    },
  };
}
