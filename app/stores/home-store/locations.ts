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
