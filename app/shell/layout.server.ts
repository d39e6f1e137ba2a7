import type { AppLoadContext } from '@remix-run/node';
import type { Location } from '~/lib/content/types';

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

/** Locations shoppers may see (not hidden), in content order. */
export function visibleLocations(context: AppLoadContext): Location[] {
  return context.services.content
    .retailerInfo(context.tenant.sitePath)
    .locations.filter((l) => !l.hidden);
}

/**
 * The home store a page starts with: the chosen one when it still exists; else the brand's
 * default (a single visible location, or the tenant's defaultLocationIndex); else none.
 */
export function resolveHomeStore(
  context: AppLoadContext,
  chosen: string | undefined,
): Location | null {
  const locations = visibleLocations(context);
  if (chosen) {
    const found = locations.find((l) => l.storeNumber === chosen);
    if (found) return found;
  }
  if (locations.length === 1) return locations[0];
  const index = context.tenant.stores.defaultLocationIndex;
  if (index !== undefined && locations[index]) return locations[index];
  return null;
}

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
  return {
    menus: { main: menu(tenant.menus.main), mainTop: menu(tenant.menus.mainTop), footer },
    footerEmbeds: embedded,
    banner: content.banner(site),
    popup: content.popup(site),
    loginMessage: content.layout(site, 'login-message'),
    locations,
  };
}
export type LayoutData = ReturnType<typeof loadLayout>;
