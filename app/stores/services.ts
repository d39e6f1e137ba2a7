/**
 * A store's departments and services (content `services`) and the locator's filters on them
 * (docs/reference/stores.md "Services and filters"): 'Open now', 'Has pharmacy' and one
 * service, carried in the address as GET parameters so that a shared link shows the same list
 * and the form works without JavaScript.
 *
 * Pure and client-safe.
 */

/** The service that names the pharmacy, which has a block of its own (phone and hours). */
export const PHARMACY_SERVICE = 'Pharmacy';

/** How services are compared (filters, duplicates): case and spacing do not count. */
export const serviceKey = (name: string) => name.replace(/\s+/g, ' ').trim().toLowerCase();

/** Longest service name content may write, and the longest `service` parameter read. */
export const MAX_SERVICE_LENGTH = 60;

/** The locator's filters, as its address carries them: `open=1`, `pharmacy=1`, `service=Deli`. */
export interface StoreFilters {
  openNow: boolean;
  pharmacy: boolean;
  /** One service as the shopper picked it; null for any. */
  service: string | null;
}

export const NO_FILTERS: StoreFilters = { openNow: false, pharmacy: false, service: null };

const FLAG_VALUES = new Set(['1', 'on', 'true', 'yes']);
const flag = (v: string | null) => v !== null && FLAG_VALUES.has(v.trim().toLowerCase());

export function parseStoreFilters(params: URLSearchParams): StoreFilters {
  const service = (params.get('service') ?? '').replace(/\s+/g, ' ').trim();
  return {
    openNow: flag(params.get('open')),
    pharmacy: flag(params.get('pharmacy')),
    service: service && service.length <= MAX_SERVICE_LENGTH ? service : null,
  };
}

export const hasFilters = (f: StoreFilters) => f.openNow || f.pharmacy || f.service !== null;

/** Adds the filters to a query (the form's own names and values). */
export function setFilterParams(params: URLSearchParams, f: StoreFilters): URLSearchParams {
  if (f.openNow) params.set('open', '1');
  if (f.pharmacy) params.set('pharmacy', '1');
  if (f.service) params.set('service', f.service);
  return params;
}

/** What a filter looks at of a store. */
export interface FilterableStore {
  services: readonly string[];
  pharmacy: unknown;
  status: { open: boolean } | null;
}

/** The store passes every filter set ('Open now' needs readable hours that say open). */
export function matchesFilters(store: FilterableStore, f: StoreFilters): boolean {
  if (f.openNow && !store.status?.open) return false;
  if (f.pharmacy && !store.pharmacy) return false;
  if (f.service) {
    const wanted = serviceKey(f.service);
    if (!store.services.some((s) => serviceKey(s) === wanted)) return false;
  }
  return true;
}

/**
 * A store's services as its page lists them: as content writes them, with 'Pharmacy' first when
 * the store has a pharmacy that the list does not name.
 */
export function storeServices(services: readonly string[], hasPharmacy: boolean): string[] {
  const pharmacy = serviceKey(PHARMACY_SERVICE);
  if (!hasPharmacy || services.some((s) => serviceKey(s) === pharmacy)) return [...services];
  return [PHARMACY_SERVICE, ...services];
}

/**
 * The locator's service choices: every service any of the stores lists, each once (as first
 * written), in alphabetical order; the pharmacy left out (it has its own checkbox).
 */
export function serviceOptions(lists: readonly (readonly string[])[]): string[] {
  const byKey = new Map<string, string>();
  const pharmacy = serviceKey(PHARMACY_SERVICE);
  for (const list of lists) {
    for (const s of list) {
      const key = serviceKey(s);
      if (key !== pharmacy && !byKey.has(key)) byKey.set(key, s);
    }
  }
  return [...byKey.values()].sort((a, b) => a.localeCompare(b, 'en'));
}
