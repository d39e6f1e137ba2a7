/**
 * E-mail and reward subscriptions (calls 1, 3 and 6): the app's types and a shopper's e-mail
 * choices. A shopper's reward subscriptions are set with the customer record (customers.ts).
 */
import { z } from 'zod';
import { badRequest, route } from '../http';
import {
  appParams,
  appQuery,
  bool,
  emailSubscriptions,
  frqShopperNo,
  id,
  ok,
  requireShopper,
  type RouteContext,
} from './shared';

export function subscriptionRoutes({ db }: RouteContext) {
  return {
    // 1
    emailSubscriptions: route(
      'GET',
      '/loyalty/:appId/emailsubscriptions',
      { params: appParams, query: z.object({ frqShopperNo: frqShopperNo.optional() }) },
      async ({ appId: app, query }) => {
        if (query.frqShopperNo) await requireShopper(db, app, query.frqShopperNo);
        return { body: await emailSubscriptions(db, app, query.frqShopperNo ?? null) };
      },
    ),

    // 3
    rewardSubscriptions: route(
      'GET',
      '/AppUsers/rewardsubscriptions',
      { query: appQuery },
      async ({ appId: app }) => {
        const rows = await db.query(
          `select reward_subscription_id as "RewardSubscriptionId", name as "RewardSubscriptionName"
           from reward_subscription_types where app_id = $1 order by reward_subscription_id`,
          [app],
        );
        return { body: { AppUserRewardSubscriptions: rows } };
      },
    ),

    // 6
    updateEmailSubscriptions: route(
      'POST',
      '/AppUsers/updateemailsubscription',
      {
        query: appQuery,
        body: z
          .array(
            z.object({
              frqShopperNo,
              emailSubscriptionId: id.nullable().optional(),
              optOutEmail: bool,
            }),
          )
          .max(100),
      },
      async ({ appId: app, body }) => {
        await db.transaction(async (tx) => {
          const types = (
            await tx.query<{ id: number }>(
              `select email_subscription_id as id from email_subscription_types
               where app_id = $1`,
              [app],
            )
          ).map((t) => t.id);
          for (const [index, item] of body.entries()) {
            await requireShopper(tx, app, item.frqShopperNo);
            const one = item.emailSubscriptionId ?? null;
            if (one !== null && !types.includes(one)) {
              throw badRequest(`${index}.emailSubscriptionId: unknown e-mail subscription.`);
            }
            const ids = one === null ? types : [one];
            if (!ids.length) continue;
            await tx.query(
              `insert into shopper_email_subscriptions
                 (app_id, frq_shopper_no, email_subscription_id, opt_out_email)
               select $1, $2, unnest($3::int[]), $4
               on conflict (app_id, frq_shopper_no, email_subscription_id)
               do update set opt_out_email = excluded.opt_out_email`,
              [app, item.frqShopperNo, ids, item.optOutEmail],
            );
          }
        });
        return ok();
      },
    ),
  };
}
