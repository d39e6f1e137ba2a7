import { useCallback, useState } from 'react';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import { warningNoticeStyle } from '~/lib/ui/styles';
import { LocationsMap } from './locations-map';
import { UNMATCHED_SEARCH_MESSAGE } from './messages';
import { StoreRow } from './store-row';
import { StoreSearch } from './store-search';
import type { LocationsPageData } from './types';

const styles = {
  page: sx({ maxW: '1280px', mx: 'auto', px: '4', py: { base: '6', md: '8' } }),
  heading: sxRecipe('heading', { size: '2xl' }, { mb: '4' }),
  // Phones: one column, the list first. Wide screens: the list beside the map.
  layoutWithMap: sx({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', lg: 'minmax(0, 5fr) minmax(0, 7fr)' },
    gap: '6',
    alignItems: 'start',
  }),
  mapSlot: sx({ position: { lg: 'sticky' }, top: { lg: '4' }, minW: '0' }),
  listColumn: sx({ minW: '0' }),
  summary: sx({ mt: '4', fontSize: 'sm', color: 'fg.muted' }),
  unmatched: sx({ mt: '4', ...warningNoticeStyle }),
  list: sx({ listStyleType: 'none', p: '0', mt: '4' }),
  empty: sx({ py: '8' }),
  driving: sx({ mt: '2', fontSize: 'sm', fontWeight: 'medium' }),
};

/**
 * The store locator (/locations): the search, every visible store with its open-now line, and
 * the brand's map. With JavaScript the list and the map select each other: a marker selects its
 * row (scrolled to and focused), a row's 'Show on map' selects its marker; without JavaScript a
 * marker is a link to the store's page.
 */
export function LocationsPage({ data }: { data: LocationsPageData }) {
  const { q, point, unmatched, stores, signedIn, redirectTo, map } = data;
  const [selected, setSelected] = useState<string | null>(
    map.kind === 'frame' ? null : map.selected,
  );
  const [drivingMiles, setDrivingMiles] = useState<number | null>(null);
  const selectFromMap = useCallback((storeNumber: string) => {
    setSelected(storeNumber);
    const row = document.getElementById(`store-${storeNumber}`);
    row?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    row?.focus({ preventScroll: true });
  }, []);
  const selectedStore = stores.find((s) => s.storeNumber === selected);
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>Store Locator</h1>
      <div className={styles.layoutWithMap}>
        <section aria-label="Stores" className={styles.listColumn}>
          <StoreSearch q={q} mapsKey={map.kind === 'google' ? map.apiKey : null} />
          {unmatched ? (
            <p role="status" className={styles.unmatched} data-testid="search-unmatched">
              {UNMATCHED_SEARCH_MESSAGE}
            </p>
          ) : point ? (
            <p role="status" className={styles.summary} data-testid="search-summary">
              Nearest to {point.label} first
            </p>
          ) : null}
          {stores.length === 0 ? (
            <p className={styles.empty}>No stores to show.</p>
          ) : (
            <ol className={styles.list} data-testid="store-list">
              {stores.map((store) => (
                <StoreRow
                  key={store.storeNumber}
                  store={store}
                  redirectTo={redirectTo}
                  signedIn={signedIn}
                  selected={store.storeNumber === selected}
                  onShowOnMap={map.kind === 'frame' ? undefined : setSelected}
                />
              ))}
            </ol>
          )}
        </section>
        <div className={styles.mapSlot}>
          <LocationsMap
            data={map}
            selected={selected}
            onSelect={selectFromMap}
            origin={point ? { lat: point.latitude, lng: point.longitude } : null}
            onDistance={setDrivingMiles}
          />
          {point && selectedStore && drivingMiles !== null ? (
            <p className={styles.driving} role="status" data-testid="driving-distance">
              Driving distance to {selectedStore.name}: {drivingMiles} mi
            </p>
          ) : null}
        </div>
      </div>
    </div>
  );
}
