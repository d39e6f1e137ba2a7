import { denverDate } from '@common/dates';
import { data, type AppLoadContext } from '@remix-run/node';
import { PRIVATE_NO_STORE } from '~/lib/http/cache.server';
import { resolveHomeStore } from '~/lib/locations.server';
import { publicTenant } from '~/lib/tenant/public.server';
import { themeHref } from '~/lib/theme/theme-css.server';
import { loadLayout } from './layout.server';

/**
 * The root loader: the tenant's public settings (never secrets), the shell's content, the home
 * store and the signed-in shopper's public part. A shopper's pages are personal (the greeting):
 * private, no-store; a guest's root data is the same for every guest with the same cookie.
 */
export function rootLoader(context: AppLoadContext) {
  const { shopper, tenant } = context;
  const home = resolveHomeStore(context, context.session.get('homeStore'));
  return data(
    {
      tenant: publicTenant(tenant),
      themeHref: themeHref(tenant.sitePath, tenant.theme),
      layout: loadLayout(context),
      homeStore: home ? { storeNumber: home.storeNumber, name: home.name, slug: home.slug } : null,
      /** The signed-in shopper's public part (never tokens); null for a guest. */
      user: shopper ? { firstName: shopper.firstName ?? '' } : null,
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
    shopper ? { headers: { 'Cache-Control': PRIVATE_NO_STORE } } : undefined,
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
