import { data, type AppLoadContext } from '@remix-run/node';
import { shopperCard } from '~/lib/card/card.server';
import { cacheHeaders } from '~/lib/http/cache.server';
import { guestLoginHref } from '~/lib/session/login-href';
import { requireShopper } from '~/lib/session/shopper.server';

/**
 * The scanning page /card (docs/reference/card.md). A guest goes to /login and comes back here.
 * The card is built from the session's shopper alone, with no loyalty call, so it shows at the
 * register while the loyalty service is down. Personal: private, no-store.
 */
export async function cardLoader(request: Request, context: AppLoadContext) {
  const shopper = await requireShopper(context, guestLoginHref(request));
  return data(
    { card: shopperCard(context, shopper.frqShopperNo) },
    { headers: cacheHeaders(context, 'personal') },
  );
}
