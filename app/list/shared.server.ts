/**
 * The read-only page of a shared list: the lines of the list a token names on this brand, or a
 * 404 (a token never made, or one its shopper stopped sharing). Nothing of the shopper is shown.
 */
import { data, type AppLoadContext } from '@remix-run/node';
import { notFound } from '~/lib/errors.server';
import { PRIVATE_NO_STORE } from '~/lib/http/cache.server';
import { readSharedList } from './list-store.server';
import type { ListItem } from './rules';

export const SHARE_GONE_MESSAGE = 'This shopping list is not shared any more.';

export interface SharedListData {
  items: ListItem[];
}

export async function sharedListLoader(token: string, context: AppLoadContext) {
  const items = await readSharedList(
    context.services.accounts.siteStore,
    context.tenant.sitePath,
    token,
  );
  if (!items) throw notFound(SHARE_GONE_MESSAGE);
  // Only what the page shows: no ids of the shopper's rows, no coupon ids.
  const page: SharedListData = {
    items: items.map((item, i) => ({ ...item, id: String(i + 1), refId: null })),
  };
  return data(page, {
    headers: {
      'Cache-Control': PRIVATE_NO_STORE,
      'Referrer-Policy': 'no-referrer',
      'X-Robots-Tag': 'noindex',
    },
  });
}
