import { data, redirect, type AppLoadContext } from '@remix-run/node';
import { logger } from '@common/logger.server';
import { cacheHeaders } from '~/lib/http/cache.server';
import { resolveHomeStore, visibleLocations } from '~/stores/home-store/locations';
import { GENERIC_FAILURE_MESSAGE } from '~/lib/loyalty/errors';
import { redirectWithSession } from '~/lib/session/respond.server';
import { matchStoreNumber, signOut } from '~/lib/session/shopper.server';
import { maskCardNumber } from './messages';
import { ssoHref } from './links';
import { checkOAuthParam, ssoClients } from './oauth';

/**
 * /sso/account (docs/reference/sso.md "What the shopper sees"): the signed-in shopper's summary in
 * the minimal layout (name, e-mail, card number masked, home store) and a link to the full
 * /account. A guest goes to /sso/login, keeping a valid `oauth` parameter (the login then continues
 * to that partner). As on /account, a record that cannot be found signs the shopper out; an outage
 * shows the page with what the session knows and the generic message.
 */
export async function ssoAccountLoader(request: Request, context: AppLoadContext) {
  const url = new URL(request.url);
  const given = url.searchParams.get('oauth');
  const check = given ? checkOAuthParam(given, ssoClients(context.tenant)) : null;
  const oauth = check?.ok ? check.raw : null;
  const shopper = context.shopper;
  if (!shopper) throw redirect(ssoHref('/sso/login', oauth));

  const headers = cacheHeaders(context, 'personal');
  const partner = check?.ok
    ? { name: check.client.name, href: ssoHref('/sso/login', oauth) }
    : null;
  const storeNumbers = visibleLocations(context).map((l) => l.storeNumber);
  const storeName = (number: string | null) =>
    visibleLocations(context).find((l) => l.storeNumber === number)?.name ?? null;
  const sessionHome = resolveHomeStore(context, context.session.get('homeStore'))?.name ?? null;

  let customer;
  try {
    customer = await context.loyalty.getCustomer({ frqShopperNo: shopper.frqShopperNo });
  } catch (error) {
    logger.warn({ err: error, brand: context.tenant.sitePath }, 'sso account: record not loaded');
    return data(
      {
        name: shopper.firstName,
        email: null,
        cardNumber: maskCardNumber(shopper.frqShopperNo),
        homeStore: storeName(matchStoreNumber(shopper.myStore, storeNumbers)) ?? sessionHome,
        partner,
        error: GENERIC_FAILURE_MESSAGE,
      },
      { headers },
    );
  }
  if (!customer) {
    signOut(context.session);
    return redirectWithSession(context, ssoHref('/sso/login', oauth));
  }
  return data(
    {
      name: [customer.firstName, customer.lastName].filter(Boolean).join(' '),
      email: customer.emailAddress ?? null,
      cardNumber: maskCardNumber(customer.frqShopperNo),
      homeStore: storeName(matchStoreNumber(customer.myStore, storeNumbers)) ?? sessionHome,
      partner,
      error: null,
    },
    { headers },
  );
}
