/**
 * The shopper overview (call 15): points, credits, coupon counts, this year's savings (the year
 * of today in Denver) and the enrolled charity in one answer.
 */
import { route } from '../http';
import {
  currentCredits,
  pointsTotal,
  requireShopper,
  shopperParams,
  type RouteContext,
} from './shared';

export function overviewRoutes({ db, today }: RouteContext) {
  return {
    // 15
    overview: route(
      'GET',
      '/loyalty/:appId/customer/:id/overview',
      { params: shopperParams },
      async ({ appId: app, params }) => {
        const shopper = await requireShopper(db, app, params.id);
        const year = today().slice(0, 4);
        const [counts] = await db.query<{
          clipped: number;
          redeemed: number;
          savings: number;
          charity: string | null;
        }>(
          `select
             (select count(*)::int from clipped_offers c
                join offers o on o.app_id = c.app_id and o.offer_id = c.offer_id
                left join redeemed_offers r on r.app_id = c.app_id and r.offer_id = c.offer_id
                  and r.frq_shopper_no = c.frq_shopper_no
                where c.app_id = $1 and c.frq_shopper_no = $2 and o.expiry_date > now()
                  and coalesce(r.times_redeemed, 0) < o.redemption_limit) as clipped,
             (select count(*)::int from redeemed_offers
                where app_id = $1 and frq_shopper_no = $2) as redeemed,
             (select coalesce(sum(adjustment_value + digital_coupons_offer_value
                  + instant_offer_savings + loyalty_offer_savings + targeted_offer_savings), 0)::float8
                from savings_records
                where app_id = $1 and frq_shopper_no = $2
                  and month >= make_date($3::int, 1, 1)) as savings,
             (select ch.notes from shopper_charities sc
                join charities ch on ch.app_id = sc.app_id and ch.charity_id = sc.charity_id
                where sc.app_id = $1 and sc.frq_shopper_no = $2 and sc.is_enrolled) as charity`,
          [app, params.id, Number(year)],
        );
        return {
          body: {
            FrqShopperNo: shopper.frq_shopper_no,
            FirstName: shopper.first_name,
            PointsTotal: await pointsTotal(db, app, params.id),
            CreditsBalance: await currentCredits(db, app, params.id),
            ClippedCount: counts.clipped,
            RedeemedCount: counts.redeemed,
            YearToDateSavings: Math.round(counts.savings * 100) / 100,
            CharityName: counts.charity,
          },
        };
      },
    ),
  };
}
