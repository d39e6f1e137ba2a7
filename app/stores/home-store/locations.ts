/**
 * The brand's stores as every area sees them (retailer info in content): which are visible, and
 * which one a page starts from as the home store (docs/reference/stores.md "Home store").
 */
import type { AppLoadContext } from '@remix-run/node';
import type { Location } from '~/content/source/types';

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

/**
 * The weekly-ad page a page starts from (changing the home store sets the weekly-ad
 * page to that store's page; docs/reference/stores.md "Home store"): the home store's page; without
 * a home store, the first visible location's; else (neither has one) the retailer's own
 * adviewerPage. Null when content names none at all.
 */
export function defaultAdPage(context: AppLoadContext, home: Location | null): string | null {
  const info = context.services.content.retailerInfo(context.tenant.sitePath);
  if (home) return home.adviewerPage ?? info.adviewerPage;
  const first = info.locations.find((l) => !l.hidden);
  return first?.adviewerPage ?? info.adviewerPage;
}
