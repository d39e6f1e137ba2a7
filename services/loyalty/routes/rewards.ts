/**
 * Rewards (calls 21–25): points history and total, credits, savings per month of the current
 * year (today in Denver) and the loyalty info page's offers, premiums, fuel, credits and points.
 */
import { route } from '../http';
import {
  currentCredits,
  pointsTotal,
  requireShopper,
  shopperParams,
  type RouteContext,
} from './shared';

export function rewardRoutes({ db, today }: RouteContext) {
  return {
    // 21
    pointsHistory: route(
      'GET',
      '/loyalty/:appId/customers/:id/points/history',
      { params: shopperParams },
      async ({ appId: app, params }) => {
        await requireShopper(db, app, params.id);
        const rows = await db.query(
          `select description as "Description", adjustment_date as "AdjustmentDate",
             adjustment_value as "AdjustmentValue"
           from points_history where app_id = $1 and frq_shopper_no = $2
           order by adjustment_date desc, entry_id desc`,
          [app, params.id],
        );
        return { body: rows };
      },
    ),

    // 22
    points: route(
      'GET',
      '/loyalty/:appId/customers/:id/points/total',
      { params: shopperParams },
      async ({ appId: app, params }) => {
        await requireShopper(db, app, params.id);
        return { body: { Points: await pointsTotal(db, app, params.id) } };
      },
    ),

    // 23
    credits: route(
      'GET',
      '/loyalty/:appId/customers/:id/credits',
      { params: shopperParams },
      async ({ appId: app, params }) => {
        await requireShopper(db, app, params.id);
        const rows = await db.query<{
          Description: string;
          Date: Date;
          IssuedBalance: number;
          Balance: number;
          ExpirationDate: Date | null;
          expired: boolean;
        }>(
          `select description as "Description", issued_at as "Date",
             issued_balance::float8 as "IssuedBalance", balance::float8 as "Balance",
             expires_at as "ExpirationDate", expires_at <= now() as expired
           from credits where app_id = $1 and frq_shopper_no = $2
           order by issued_at desc, credit_id desc`,
          [app, params.id],
        );
        const strip = ({ expired: _expired, ...row }: (typeof rows)[number]) => row;
        const current = rows.filter((r) => !r.expired);
        const cents = current.reduce((sum, r) => sum + Math.round(r.Balance * 100), 0);
        return {
          body: {
            CurrentCredits: cents / 100,
            AdjustmentHistory: current.map(strip),
            ExpiredCredits: rows.filter((r) => r.expired).map(strip),
          },
        };
      },
    ),

    // 24
    savings: route(
      'GET',
      '/loyalty/:appId/customer/:id/savings',
      { params: shopperParams },
      async ({ appId: app, params }) => {
        await requireShopper(db, app, params.id);
        const [year, month] = today().split('-').map(Number);
        const rows = await db.query<{
          Date: string;
          AdjustmentValue: number;
          DigitalCouponsOfferValue: number;
          InstantOfferSavings: number;
          LoyaltyOfferSavings: number;
          TargetedOfferSavings: number;
        }>(
          `select to_char(month, 'YYYY-MM-DD') as "Date",
             adjustment_value::float8 as "AdjustmentValue",
             digital_coupons_offer_value::float8 as "DigitalCouponsOfferValue",
             instant_offer_savings::float8 as "InstantOfferSavings",
             loyalty_offer_savings::float8 as "LoyaltyOfferSavings",
             targeted_offer_savings::float8 as "TargetedOfferSavings"
           from savings_records
           where app_id = $1 and frq_shopper_no = $2 and month >= make_date($3::int, 1, 1)
             and month < make_date($3::int + 1, 1, 1)`,
          [app, params.id, year],
        );
        const byMonth = new Map(rows.map((r) => [r.Date, r]));
        const records = [];
        for (let m = month; m >= 1; m--) {
          const date = `${year}-${String(m).padStart(2, '0')}-01`;
          records.push(
            byMonth.get(date) ?? {
              Date: date,
              AdjustmentValue: 0,
              DigitalCouponsOfferValue: 0,
              InstantOfferSavings: 0,
              LoyaltyOfferSavings: 0,
              TargetedOfferSavings: 0,
            },
          );
        }
        return { body: records };
      },
    ),

    // 25
    loyaltyInfo: route(
      'GET',
      '/loyalty/:appId/customers/:id/loyaltyinfo',
      { params: shopperParams },
      async ({ appId: app, params }) => {
        await requireShopper(db, app, params.id);
        const [fuel] = await db.query<{ cents: number }>(
          `select fuel_cents_per_gallon as cents from shoppers
           where app_id = $1 and frq_shopper_no = $2`,
          [app, params.id],
        );
        const offers = await db.query(
          `select lo.offer_code as "OfferCode", lo.description as "OfferDescription",
             lo.notes as "Notes", lo.image_url as "ImageUrl",
             to_char(lo.end_date, 'YYYY-MM-DD') as "OfferEndDate",
             lo.qualifier_level as "QualifierLevel", lo.redemption_limit as "RedemptionLimit",
             coalesce(p.progress, 0)::float8 as "OfferProgress",
             case when lo.offer_code in ('0509', '0500')
               then coalesce(p.participation_amount, 0)::float8 end as "ParticipationAmount"
           from loyalty_offers lo
           left join loyalty_offer_progress p on p.app_id = lo.app_id
             and p.offer_code = lo.offer_code and p.frq_shopper_no = $2
           where lo.app_id = $1
           order by lo.end_date, lo.offer_code`,
          [app, params.id],
        );
        const premiums = await db.query(
          `select premium as "Premium", description as "Description", notes as "Notes",
             image_url as "ImageUrl", to_char(end_date, 'YYYY-MM-DD') as "EndDate",
             redemption_limit as "Limit"
           from premiums where app_id = $1 order by end_date, premium`,
          [app],
        );
        return {
          body: {
            FuelRewards: [{ RewardSubscriptionAvailableCentsPerGallon: fuel.cents }],
            Credits: [{ Balance: await currentCredits(db, app, params.id) }],
            Points: [{ Points: await pointsTotal(db, app, params.id) }],
            Offers: offers,
            Premiums: premiums,
          },
        };
      },
    ),
  };
}
