/**
 * Terms and conditions (calls 19 and 20): the version in effect today (Denver) and the version a
 * shopper accepted.
 */
import { z } from 'zod';
import { badRequest, route } from '../http';
import { appId, appParams, frqShopperNo, ok, requireShopper, type RouteContext } from './shared';

export function agreementRoutes({ db, today }: RouteContext) {
  return {
    // 19
    current: route(
      'GET',
      '/loyalty/:appId/customer/agreements',
      {
        params: appParams,
        query: z.object({
          action: z.string().regex(/^get$/i, "must be 'GET'").optional(),
          customerNum: frqShopperNo.optional(),
        }),
      },
      async ({ appId: app, query }) => {
        const current = await db.query(
          `select version as "CurrentTermsVersion",
             to_char(effective_date, 'YYYY-MM-DD') as "EffectiveDate", title as "Title"
           from terms_versions where app_id = $1 and effective_date <= $2::date
           order by version desc limit 1`,
          [app, today()],
        );
        let accepted: { CustomerVersionAccepted: number }[] = [];
        if (query.customerNum) {
          await requireShopper(db, app, query.customerNum);
          accepted = await db.query(
            `select terms_version_accepted as "CustomerVersionAccepted" from shoppers
             where app_id = $1 and frq_shopper_no = $2 and terms_version_accepted is not null`,
            [app, query.customerNum],
          );
        }
        return { body: { CurrentTerms: current, CustomerTermsInfo: accepted } };
      },
    ),

    // 20
    accept: route(
      'POST',
      '/loyalty/:appId/customermanagement/termsandconditions/:id/:termsVersion',
      {
        params: z.object({
          appId,
          id: frqShopperNo,
          termsVersion: z
            .string()
            .regex(/^\d{1,6}$/, 'must be a terms version number')
            .transform(Number),
        }),
      },
      async ({ appId: app, params }) => {
        await requireShopper(db, app, params.id);
        const [version] = await db.query(
          'select 1 from terms_versions where app_id = $1 and version = $2',
          [app, params.termsVersion],
        );
        if (!version) {
          throw badRequest(`termsVersion: version ${params.termsVersion} does not exist.`);
        }
        await db.query(
          `update shoppers set terms_version_accepted = $3, updated_at = now()
           where app_id = $1 and frq_shopper_no = $2`,
          [app, params.id, params.termsVersion],
        );
        return ok();
      },
    ),
  };
}
