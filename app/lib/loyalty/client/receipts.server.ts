import * as s from '~/lib/loyalty/schemas';
import type { CallOptions, Receipt, ReceiptQuery } from '~/lib/loyalty/types';
import type { ClientContext } from './shared.server';

/** The shopper's receipts. */
export function receiptCalls({ call, customers }: ClientContext) {
  return {
    /** 14. Receipts, newest first (defaults: 10 days back, at most 150). */
    async getReceipts(
      frqShopperNo: string,
      query: ReceiptQuery = {},
      options: CallOptions = {},
    ): Promise<Receipt[]> {
      return call(s.receiptSchema.array(), 'GET', `${customers(frqShopperNo)}/receipts`, {
        query: { daysAgo: query.daysAgo ?? 10, count: query.count ?? 150 },
        signal: options.signal,
      });
    },
  };
}
