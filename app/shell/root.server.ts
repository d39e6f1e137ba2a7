import { denverDate } from '@common/dates';
import { data, type AppLoadContext } from '@remix-run/node';
import type { StoreNotice } from '~/stores/home-store/home-store';
import { cacheHeaders, PRIVATE_NO_STORE } from '~/lib/http/cache.server';
import { resolveHomeStore, visibleLocations } from '~/stores/home-store/locations';
import { commitSession } from '~/lib/session/session.server';
import { matchStoreNumber } from '~/lib/session/shopper.server';
import { publicTenant } from '~/lib/tenant/public.server';
import { themeHref } from '~/lib/theme/theme-css.server';
import { loadLayout } from './layout.server';

/**
 * The root route's loader: the root data with the store notice the last /home-store post left
 * (shown once). The response that shows it stores the session without it (Set-Cookie), so it is
 * personal: never kept by a shared cache, which would show the notice to the next guest with
 * that cookie, nor by the browser. Remix sends a loader's Set-Cookie with the document and with
 * a script's data request alike (proved through the site in server/page-cache.test.ts).
 */
export async function rootRouteLoader(context: AppLoadContext) {
  const flash = context.session.get('storeNotice');
  if (flash === undefined) return rootLoader(context);
  const headers = cacheHeaders(context, 'personal', { 'Set-Cookie': await commitSession(context) });
  return rootLoader(context, { storeNotice: storeNoticeOf(context, flash), headers });
}

/**
 * The notice as the page shows it, or null when the flash is malformed or its store is no longer
 * a visible location.
 *
 * offerSave: the switch shows 'only when the user has a saved store that differs from the
 * chosen one'. A shopper without a saved store (myStore '0', the default) counts as
 * differing here: '0' is not the chosen store, and a shopper with no home store is the one who
 * gains most from saving it. A guest has no saved store to change: never offered.
 */
function storeNoticeOf(context: AppLoadContext, flash: unknown): StoreNotice | null {
  if (!flash || typeof flash !== 'object') return null;
  const { storeNumber, saved, error } = flash as Record<string, unknown>;
  if (typeof storeNumber !== 'string') return null;
  const location = visibleLocations(context).find((l) => l.storeNumber === storeNumber);
  if (!location) return null;
  const shopper = context.shopper;
  const isSaved = saved === true;
  return {
    storeNumber,
    name: location.name,
    offerSave:
      shopper !== null && !isSaved && matchStoreNumber(shopper.myStore, [storeNumber]) === null,
    saved: isSaved,
    ...(typeof error === 'string' && error ? { error } : {}),
  };
}

/**
 * The root data: the tenant's public settings (never secrets), the shell's content, the home
 * store and the signed-in shopper's public part. A shopper's pages are personal (the greeting):
 * private, no-store; a guest's root data is the same for every guest with the same cookie. Also
 * the shell of an error page answered before any loader ran (entry.server.tsx): synchronous, and
 * without a notice (only the root route's loader takes it).
 */
export function rootLoader(
  context: AppLoadContext,
  taken: { storeNotice: StoreNotice | null; headers: Headers } | null = null,
) {
  const { shopper, tenant } = context;
  const home = resolveHomeStore(context, context.session.get('homeStore'));
  const headers = taken?.headers ?? (shopper ? { 'Cache-Control': PRIVATE_NO_STORE } : undefined);
  return data(
    {
      tenant: publicTenant(tenant),
      themeHref: themeHref(tenant.sitePath, tenant.theme),
      layout: loadLayout(context),
      homeStore: home ? { storeNumber: home.storeNumber, name: home.name, slug: home.slug } : null,
      /** The store chosen or saved by the last /home-store post, once; else null. */
      storeNotice: taken?.storeNotice ?? null,
      /**
       * The signed-in shopper's public part (never tokens); null for a guest. savedStoreNumber:
       * the location matching their saved store (zero-padded), null when none does.
       */
      user: shopper
        ? {
            firstName: shopper.firstName ?? '',
            savedStoreNumber: matchStoreNumber(
              shopper.myStore,
              visibleLocations(context).map((l) => l.storeNumber),
            ),
          }
        : null,
      /** The accept-new-terms popup (content) for a shopper who has not accepted the terms. */
      termsPopup: shopper?.termsPending ? termsPopup(context) : null,
      /** The header login dialog's message and subtitle (guests only). */
      login: shopper
        ? null
        : {
            messageHtml:
              context.services.content.layout(tenant.sitePath, 'login-message')?.html ?? null,
            subtitle: tenant.registration.loginSubtitle ?? null,
          },
      year: Number(denverDate().slice(0, 4)),
    },
    headers ? { headers } : undefined,
  );
}

function termsPopup(context: AppLoadContext) {
  const popup = context.services.content.popupBySlug(context.tenant.sitePath, 'accept-new-terms');
  return popup
    ? {
        slug: popup.slug,
        title: popup.title,
        html: popup.html,
        displayFrequency: popup.displayFrequency,
      }
    : null;
}
