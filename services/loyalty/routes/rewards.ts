/**
 * Rewards (calls 21–25): points history and total, credits, savings per month of the current
 * year (today in Denver) and the loyalty info page's offers, premiums, fuel, credits and points.
 *
 * The signed-in rewards page makes four of these calls per view: each checks its shopper in the
 * statement that reads its rows (`from shoppers left join …`: no row at all is an unknown
 * shopper, one row of nulls a known shopper without any), rather than in a query of its own, so
 * the page costs the store 6 statements instead of 12.
 */
import { notFound, route } from '../http';
import { pointsTotal, requireShopper, shopperParams, type RouteContext } from './shared';

/** The rows of a `shoppers left join …` read: none for an unknown shopper (code 30). */
function ofKnownShopper<T>(rows: T[], present: (row: T) => boolean): T[] {
  if (!rows.length) throw notFound(30, 'Unknown shopper.');
  return rows.filter(present);
}

export function rewardRoutes({ db, today }: RouteContext) {
  return {
    // 21
    pointsHistory: route(
      'GET',
      '/loyalty/:appId/customers/:id/points/history',
      { params: shopperParams },
      async ({ appId: app, params }) => {
        const rows = await db.query<{ entry: number | null }>(
          `select h.entry_id as entry, h.description as "Description",
             h.adjustment_date as "AdjustmentDate", h.adjustment_value as "AdjustmentValue"
           from shoppers s
           left join points_history h on h.app_id = s.app_id and h.frq_shopper_no = s.frq_shopper_no
           where s.app_id = $1 and s.frq_shopper_no = $2
           order by h.adjustment_date desc, h.entry_id desc`,
          [app, params.id],
        );
        return {
          body: ofKnownShopper(rows, (r) => r.entry !== null).map(
            ({ entry: _entry, ...row }) => row,
          ),
        };
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
        const found = await db.query<{
          credit: number | null;
          Description: string;
          Date: Date;
          IssuedBalance: number;
          Balance: number;
          ExpirationDate: Date | null;
          expired: boolean;
        }>(
          `select c.credit_id as credit, c.description as "Description", c.issued_at as "Date",
             c.issued_balance::float8 as "IssuedBalance", c.balance::float8 as "Balance",
             c.expires_at as "ExpirationDate", c.expires_at <= now() as expired
           from shoppers s
           left join credits c on c.app_id = s.app_id and c.frq_shopper_no = s.frq_shopper_no
           where s.app_id = $1 and s.frq_shopper_no = $2
           order by c.issued_at desc, c.credit_id desc`,
          [app, params.id],
        );
        const rows = ofKnownShopper(found, (r) => r.credit !== null);
        const strip = ({ expired: _expired, credit: _credit, ...row }: (typeof rows)[number]) =>
          row;
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
        const [year, month] = today().split('-').map(Number);
        const found = await db.query<{
          Date: string | null;
          AdjustmentValue: number;
          DigitalCouponsOfferValue: number;
          InstantOfferSavings: number;
          LoyaltyOfferSavings: number;
          TargetedOfferSavings: number;
        }>(
          `select to_char(r.month, 'YYYY-MM-DD') as "Date",
             r.adjustment_value::float8 as "AdjustmentValue",
             r.digital_coupons_offer_value::float8 as "DigitalCouponsOfferValue",
             r.instant_offer_savings::float8 as "InstantOfferSavings",
             r.loyalty_offer_savings::float8 as "LoyaltyOfferSavings",
             r.targeted_offer_savings::float8 as "TargetedOfferSavings"
           from shoppers s
           left join savings_records r on r.app_id = s.app_id
             and r.frq_shopper_no = s.frq_shopper_no and r.month >= make_date($3::int, 1, 1)
             and r.month < make_date($3::int + 1, 1, 1)
           where s.app_id = $1 and s.frq_shopper_no = $2`,
          [app, params.id, year],
        );
        const rows = ofKnownShopper(found, (r) => r.Date !== null);
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
        // The shopper's fuel cents, current credits and points total in one statement.
        const [totals] = await db.query<{ cents: number; balance: number; points: number }>(
          `select s.fuel_cents_per_gallon as cents,
             (select coalesce(sum(c.balance), 0)::float8 from credits c
               where c.app_id = s.app_id and c.frq_shopper_no = s.frq_shopper_no
                 and c.expires_at > now()) as balance,
             (select coalesce(sum(h.adjustment_value), 0)::int from points_history h
               where h.app_id = s.app_id and h.frq_shopper_no = s.frq_shopper_no) as points
           from shoppers s where s.app_id = $1 and s.frq_shopper_no = $2`,
          [app, params.id],
        );
        if (!totals) throw notFound(30, 'Unknown shopper.');
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
            FuelRewards: [{ RewardSubscriptionAvailableCentsPerGallon: totals.cents }],
            Credits: [{ Balance: totals.balance }],
            Points: [{ Points: totals.points }],
            Offers: offers,
            Premiums: premiums,
          },
        };
      },
    ),
  };
}
