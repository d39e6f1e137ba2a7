import type { AppLoadContext } from '@remix-run/node';
import type { Location } from '~/content/source/types';
import { visibleLocations } from '~/stores/home-store/locations';

export type LocationSummary = Pick<
  Location,
  | 'name'
  | 'slug'
  | 'storeNumber'
  | 'city'
  | 'state'
  | 'hiddenInHomeSelector'
  | 'hiddenInStoreSelector'
>;

/** Everything the shell needs on every page, from the in-memory content cache. */
export function loadLayout(context: AppLoadContext) {
  const { tenant, services } = context;
  const site = tenant.sitePath;
  const content = services.content;
  const menu = (slug: string | null) => (slug ? content.menu(site, slug) : null);
  const footer = menu(tenant.menus.footer);
  // Footer columns may embed a page's text (menu item `post`).
  const embedded: Record<string, string> = {};
  for (const group of footer?.menu ?? []) {
    for (const item of [group, ...group.children]) {
      if (item.post && !embedded[item.post]) {
        const page = content.post(site, null, item.post);
        if (page) embedded[item.post] = page.html;
      }
    }
  }
  const locations: LocationSummary[] = visibleLocations(context).map((l) => ({
    name: l.name,
    slug: l.slug,
    storeNumber: l.storeNumber,
    city: l.city,
    state: l.state,
    hiddenInHomeSelector: l.hiddenInHomeSelector,
    hiddenInStoreSelector: l.hiddenInStoreSelector,
  }));
  // The footer sign-up's 'Ace Location*' choices, for a brand whose sign-up is the Ace variant.
  const aceLocations =
    tenant.newsletter.variant === 'ace'
      ? content
          .retailerInfo(site)
          .aceLocations.filter((l) => !l.hidden)
          .map((l) => ({ storeNumber: l.storeNumber, name: l.name }))
      : [];
  return {
    menus: { main: menu(tenant.menus.main), mainTop: menu(tenant.menus.mainTop), footer },
    footerEmbeds: embedded,
    banner: content.banner(site),
    popup: content.popup(site),
    // The login dialog's message goes with the root data (`login`), for guests only: a copy here
    // would go to every page, shoppers' included, unused.
    locations,
    aceLocations,
  };
}
export type LayoutData = ReturnType<typeof loadLayout>;
