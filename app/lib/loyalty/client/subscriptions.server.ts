import * as s from '~/lib/loyalty/schemas';
import type {
  EmailSubscription,
  EmailSubscriptionUpdate,
  RewardSubscription,
} from '~/lib/loyalty/types';
import { compact, wireId, type ClientContext } from './shared.server';

/** The reward subscription every app has for the web shop, which shoppers never choose. */
const ECOMMERCE_SUBSCRIPTION_ID = '1';
const ECOMMERCE_SUBSCRIPTION_NAME = 'Ecommerce User';

/** False for the fixed id 1 / 'Ecommerce User' entry, which the pages never offer. */
export function isChoosable(subscription: RewardSubscription): boolean {
  return (
    subscription.rewardSubscriptionId !== ECOMMERCE_SUBSCRIPTION_ID &&
    subscription.rewardSubscriptionName !== ECOMMERCE_SUBSCRIPTION_NAME
  );
}

/** E-mail and reward subscriptions: the app's types and a shopper's e-mail choices. */
export function subscriptionCalls({ call, app, appQuery }: ClientContext) {
  return {
    /** 1. The app's e-mail subscription types; with a shopper number, that shopper's choices. */
    async getEmailSubscriptions(frqShopperNo?: string): Promise<EmailSubscription[]> {
      return call(s.emailSubscriptionSchema.array(), 'GET', `${app}/emailsubscriptions`, {
        query: { frqShopperNo },
      });
    },

    /** 3. Reward subscriptions a shopper may choose: the fixed id 1 and 'Ecommerce User' removed. */
    async getRewardSubscriptions(): Promise<RewardSubscription[]> {
      const r = await call(s.rewardSubscriptionsSchema, 'GET', '/AppUsers/rewardsubscriptions', {
        query: appQuery,
      });
      return r.appUserRewardSubscriptions.filter(isChoosable);
    },

    /** 6. Saves e-mail opt-outs (no id: every subscription type). Returns the success flag. */
    async updateEmailSubscriptions(
      frqShopperNo: string,
      subscriptions: EmailSubscriptionUpdate[],
    ): Promise<boolean> {
      const body = subscriptions.map((x) =>
        compact({
          frqShopperNo,
          emailSubscriptionId:
            x.emailSubscriptionId === undefined ? undefined : wireId(x.emailSubscriptionId),
          optOutEmail: x.optOutEmail,
        }),
      );
      const r = await call(s.successSchema, 'POST', '/AppUsers/updateemailsubscription', {
        query: appQuery,
        body,
      });
      return r.success;
    },
  };
}
