/**
 * Digital coupons (calls 11b, 11 and 12): the app's available offers, a shopper's lists and
 * clipping. Instants are compared with the store's clock (`now()`).
 */
import { z } from 'zod';
import { notFound, route } from '../http';
import {
  appParams,
  id,
  OFFER_COLUMNS,
  requireShopper,
  shopperParams,
  type RouteContext,
} from './shared';

export function offerRoutes({ db }: RouteContext) {
  return {
    // 11b
    available: route(
      'GET',
      '/loyalty/:appId/quotient/offers',
      { params: appParams },
      async ({ appId: app }) => {
        const available = await db.query(
          `select ${OFFER_COLUMNS} from offers o
         where o.app_id = $1 and o.active_date <= now() and o.expiry_date > now()
         order by o.is_promoted desc, o.expiry_date, o.offer_id`,
          [app],
        );
        return { body: { Available: available } };
      },
    ),

    // 11
    lists: route(
      'GET',
      '/loyalty/:appId/quotient/:id/offers',
      {
        params: shopperParams,
        // `lists=activated,redeemed` leaves out the available list (the site has it cached).
        query: z.object({
          lists: z
            .string()
            .max(100)
            .optional()
            .transform((v) =>
              v ? new Set(v.split(',').map((x) => x.trim().toLowerCase())) : null,
            ),
        }),
      },
      async ({ appId: app, params, query }) => {
        const wantAvailable = !query.lists || query.lists.has('available');
        const [available, activated, redeemed] = await Promise.all([
          !wantAvailable
            ? Promise.resolve(null)
            : db.query(
                `select ${OFFER_COLUMNS} from offers o
             where o.app_id = $1 and o.active_date <= now() and o.expiry_date > now()
               and not exists (select 1 from clipped_offers c where c.app_id = o.app_id
                 and c.frq_shopper_no = $2 and c.offer_id = o.offer_id)
               and not exists (select 1 from redeemed_offers r where r.app_id = o.app_id
                 and r.frq_shopper_no = $2 and r.offer_id = o.offer_id)
             order by o.is_promoted desc, o.expiry_date, o.offer_id`,
                [app, params.id],
              ),
          // The shopper is checked in the same statement (a page view's one call costs two
          // statements, not three): no row is an unknown shopper, one row of nulls none clipped.
          db
            .query<{ OfferId: number | null }>(
              `select a.* from shoppers s
               left join lateral (
                 select ${OFFER_COLUMNS}, c.clipped_at as "ClippedDate" from offers o
                 join clipped_offers c on c.app_id = o.app_id and c.offer_id = o.offer_id
                 left join redeemed_offers r on r.app_id = o.app_id and r.offer_id = o.offer_id
                   and r.frq_shopper_no = c.frq_shopper_no
                 where o.app_id = s.app_id and c.frq_shopper_no = s.frq_shopper_no
                   and o.expiry_date > now() and coalesce(r.times_redeemed, 0) < o.redemption_limit
               ) a on true
               where s.app_id = $1 and s.frq_shopper_no = $2
               order by a."OfferExpiryDate", a."OfferId"`,
              [app, params.id],
            )
            .then((rows) => {
              if (!rows.length) throw notFound(30, 'Unknown shopper.');
              return rows.filter((r) => r.OfferId !== null);
            }),
          db.query(
            `select ${OFFER_COLUMNS}, r.times_redeemed as "TimesRedeemed",
               r.last_redeemed as "LastRedeemed"
             from offers o
             join redeemed_offers r on r.app_id = o.app_id and r.offer_id = o.offer_id
             where o.app_id = $1 and r.frq_shopper_no = $2
             order by r.last_redeemed desc, o.offer_id`,
            [app, params.id],
          ),
        ]);
        return {
          body: {
            ...(available ? { Available: available } : {}),
            Activated: activated,
            Redeemed: redeemed,
          },
        };
      },
    ),

    // 12
    activate: route(
      'POST',
      '/loyalty/:appId/quotient/:id/offers/activate',
      {
        params: shopperParams,
        body: z.object({
          offers: z
            .array(z.object({ offerId: id }))
            .min(1, 'must list at least one offer')
            .max(100, 'must list at most 100 offers'),
        }),
      },
      async ({ appId: app, params, body }) => {
        const ids = [...new Set(body.offers.map((o) => o.offerId))];
        const results = await db.transaction(async (tx) => {
          await requireShopper(tx, app, params.id);
          const rows = await tx.query<{
            id: number;
            started: boolean;
            live: boolean;
            clipped: boolean;
            used_up: boolean;
          }>(
            `select o.offer_id as id, o.active_date <= now() as started,
               o.expiry_date > now() as live, c.offer_id is not null as clipped,
               coalesce(r.times_redeemed, 0) >= o.redemption_limit as used_up
             from offers o
             left join clipped_offers c on c.app_id = o.app_id and c.offer_id = o.offer_id
               and c.frq_shopper_no = $2
             left join redeemed_offers r on r.app_id = o.app_id and r.offer_id = o.offer_id
               and r.frq_shopper_no = $2
             where o.app_id = $1 and o.offer_id = any($3::int[])`,
            [app, params.id, ids],
          );
          const byId = new Map(rows.map((r) => [r.id, r]));
          const toClip: number[] = [];
          const outcome = new Map<number, { Activated: boolean; Reason?: string }>();
          for (const offerId of ids) {
            const offer = byId.get(offerId);
            if (!offer) outcome.set(offerId, { Activated: false, Reason: 'Unknown offer.' });
            else if (!offer.started) {
              outcome.set(offerId, { Activated: false, Reason: 'This offer is not active yet.' });
            } else if (!offer.live) {
              outcome.set(offerId, { Activated: false, Reason: 'This offer has expired.' });
            } else if (offer.used_up) {
              outcome.set(offerId, {
                Activated: false,
                Reason: 'This offer has already been redeemed the maximum number of times.',
              });
            } else {
              if (!offer.clipped) toClip.push(offerId);
              outcome.set(offerId, { Activated: true });
            }
          }
          if (toClip.length) {
            await tx.query(
              `insert into clipped_offers (app_id, frq_shopper_no, offer_id)
               select $1, $2, unnest($3::int[]) on conflict do nothing`,
              [app, params.id, toClip],
            );
          }
          return body.offers.map(({ offerId }) => ({ OfferId: offerId, ...outcome.get(offerId) }));
        });
        return { body: { Results: results } };
      },
    ),
  };
}
