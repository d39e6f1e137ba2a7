/** Receipts (call 14): a shopper's recent receipts in the contract's text format, newest first. */
import { z } from 'zod';
import { route } from '../http';
import { requireShopper, shopperParams, type RouteContext } from './shared';

export function receiptRoutes({ db }: RouteContext) {
  return {
    // 14
    list: route(
      'GET',
      '/loyalty/:appId/customers/:id/receipts',
      {
        params: shopperParams,
        query: z.object({
          daysAgo: z.coerce.number().int().min(1).max(3650).default(10),
          count: z.coerce.number().int().min(1).max(500).default(150),
        }),
      },
      async ({ appId: app, params, query }) => {
        await requireShopper(db, app, params.id);
        const rows = await db.query(
          `select transaction_date as "TransactionDate", receipt_text as "ReceiptTextData",
             transaction_number as "TransactionNumber"
           from receipts
           where app_id = $1 and frq_shopper_no = $2
             and transaction_date >= now() - make_interval(days => $3::int)
           order by transaction_date desc limit $4`,
          [app, params.id, query.daysAgo, query.count],
        );
        return { body: rows };
      },
    ),
  };
}
