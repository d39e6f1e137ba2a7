/**
 * Charities and schools (calls 16, 17 and 18): the app's list, a shopper's record, enrolling and
 * disenrolling. A shopper has at most one charity record.
 */
import { z } from 'zod';
import { notFound, route } from '../http';
import {
  appId,
  appParams,
  frqShopperNo,
  id,
  ok,
  requireShopper,
  shopperParams,
  type RouteContext,
} from './shared';

export function charityRoutes({ db }: RouteContext) {
  return {
    // 16
    all: route(
      'GET',
      '/loyalty/:appId/charities',
      { params: appParams },
      async ({ appId: app }) => {
        const rows = await db.query(
          `select charity_id as "CharityId", charity_description as "CharityDescription",
           notes as "Notes", zip_code as "ZipCode"
         from charities where app_id = $1 order by charity_description, notes`,
          [app],
        );
        return { body: rows };
      },
    ),

    // 17
    shopper: route(
      'GET',
      '/loyalty/:appId/customers/:id/charities',
      { params: shopperParams },
      async ({ appId: app, params }) => {
        await requireShopper(db, app, params.id);
        const rows = await db.query(
          `select ch.charity_id as "CharityId", ch.charity_description as "CharityDescription",
             ch.notes as "Notes", ch.zip_code as "ZipCode", sc.is_enrolled as "IsEnrolled"
           from shopper_charities sc
           join charities ch on ch.app_id = sc.app_id and ch.charity_id = sc.charity_id
           where sc.app_id = $1 and sc.frq_shopper_no = $2`,
          [app, params.id],
        );
        return { body: rows };
      },
    ),

    // 18
    enrolment: (['enroll', 'disenroll'] as const).map((action) =>
      route(
        'POST',
        `/loyalty/:appId/customers/:id/charities/:charityId/${action}`,
        { params: z.object({ appId, id: frqShopperNo, charityId: id }) },
        async ({ appId: app, params }) => {
          await db.transaction(async (tx) => {
            await requireShopper(tx, app, params.id);
            const [charity] = await tx.query(
              'select 1 from charities where app_id = $1 and charity_id = $2',
              [app, params.charityId],
            );
            if (!charity) throw notFound(40, 'Unknown charity.');
            if (action === 'enroll') {
              await tx.query(
                `insert into shopper_charities (app_id, frq_shopper_no, charity_id, is_enrolled)
                 values ($1, $2, $3, true)
                 on conflict (app_id, frq_shopper_no) do update
                 set charity_id = excluded.charity_id, is_enrolled = true, updated_at = now()`,
                [app, params.id, params.charityId],
              );
            } else {
              await tx.query(
                `update shopper_charities set is_enrolled = false, updated_at = now()
                 where app_id = $1 and frq_shopper_no = $2 and charity_id = $3`,
                [app, params.id, params.charityId],
              );
            }
          });
          return ok();
        },
      ),
    ),
  };
}
