import { Link } from '@remix-run/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import { warningNoticeStyle } from '~/lib/ui/styles';
import { LocationsMap } from './locations-map';
import { NO_FILTER_MATCH_MESSAGE, UNMATCHED_SEARCH_MESSAGE } from './messages';
import { StoreFiltersForm } from './store-filters';
import { storeStyles } from './store-styles';
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
  noMatch: sx({
    py: '8',
    display: 'flex',
    flexDirection: 'column',
    gap: '2',
    alignItems: 'flex-start',
  }),
  choices: sx({ mt: '1', fontSize: 'sm', display: 'flex', flexWrap: 'wrap', gap: '3' }),
  mapTools: sx({ display: 'flex', justifyContent: 'flex-end', mt: '2', fontSize: 'sm' }),
  showAll: sx({ bg: 'transparent', p: '0', cursor: 'pointer', font: 'inherit' }),
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
  const home = map.kind === 'frame' ? null : (map.home ?? null);
  const [selected, setSelected] = useState<string | null>(
    map.kind === 'frame' ? null : map.selected,
  );
  // The key-less map zoomed to a store's area ('Show on map', a marker); null: every store.
  const [zoomTo, setZoomTo] = useState<string | null>(null);
  const [zoomRequest, setZoomRequest] = useState(0);
  const [drivingMiles, setDrivingMiles] = useState<number | null>(null);
  const mapSlot = useRef<HTMLDivElement>(null);
  // The marker follows 'Shop this store': the new home store is selected when it changes.
  const lastHome = useRef(home);
  useEffect(() => {
    if (home && home !== lastHome.current) setSelected(home);
    lastHome.current = home;
  }, [home]);
  const selectFromMap = useCallback((storeNumber: string) => {
    setSelected(storeNumber);
    setZoomTo(storeNumber);
    const row = document.getElementById(`store-${storeNumber}`);
    row?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    row?.focus({ preventScroll: true });
  }, []);
  const showOnMap = useCallback((storeNumber: string) => {
    setSelected(storeNumber);
    setZoomTo(storeNumber);
    setZoomRequest((n) => n + 1);
    // On a phone the map is below the list: bring it into view.
    const slot = mapSlot.current;
    if (!slot) return;
    const box = slot.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight) {
      const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      slot.scrollIntoView({ block: 'start', behavior: smooth ? 'smooth' : 'auto' });
    }
  }, []);
  const selectedStore = stores.find((s) => s.storeNumber === selected);
  const filtered = data.clearFiltersHref !== null;
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>Store Locator</h1>
      <div className={styles.layoutWithMap}>
        <section aria-label="Stores" className={styles.listColumn}>
          <StoreSearch
            q={q}
            mapsKey={map.kind === 'google' ? map.apiKey : null}
            filters={data.filters}
          />
          <StoreFiltersForm
            q={q}
            coordinates={data.coordinates}
            filters={data.filters}
            options={data.serviceOptions}
            clearHref={data.clearFiltersHref}
          />
          {unmatched ? (
            <p role="status" className={styles.unmatched} data-testid="search-unmatched">
              {UNMATCHED_SEARCH_MESSAGE}
            </p>
          ) : point ? (
            <p role="status" className={styles.summary} data-testid="search-summary">
              Nearest to {point.label} first
              {filtered && stores.length ? ` · ${stores.length} of ${data.total} stores` : null}
            </p>
          ) : filtered && stores.length ? (
            <p role="status" className={styles.summary} data-testid="search-summary">
              {stores.length} of {data.total} stores
            </p>
          ) : null}
          {data.placeChoices.length ? (
            <nav aria-label="Other places" className={styles.choices} data-testid="place-choices">
              <span>Did you mean</span>
              {data.placeChoices.map((c) => (
                <Link key={c.href} to={c.href} className={storeStyles.link}>
                  {c.label}
                </Link>
              ))}
            </nav>
          ) : null}
          {stores.length === 0 ? (
            data.total > 0 && data.clearFiltersHref ? (
              <div className={styles.noMatch} data-testid="no-filter-match">
                <p role="status">{NO_FILTER_MATCH_MESSAGE}</p>
                <Link to={data.clearFiltersHref} className={storeStyles.link}>
                  Clear filters and show every store
                </Link>
              </div>
            ) : (
              <p className={styles.empty}>No stores to show.</p>
            )
          ) : (
            <ol className={styles.list} data-testid="store-list">
              {stores.map((store) => (
                <StoreRow
                  key={store.storeNumber}
                  store={store}
                  redirectTo={redirectTo}
                  signedIn={signedIn}
                  selected={store.storeNumber === selected}
                  onShowOnMap={map.kind === 'frame' ? undefined : showOnMap}
                />
              ))}
            </ol>
          )}
        </section>
        <div className={styles.mapSlot} ref={mapSlot} data-testid="map-slot">
          <LocationsMap
            data={map}
            selected={selected}
            focus={zoomTo}
            zoomRequest={zoomRequest}
            onSelect={selectFromMap}
            origin={point ? { lat: point.latitude, lng: point.longitude } : null}
            onDistance={setDrivingMiles}
          />
          {zoomTo && map.kind === 'svg' ? (
            <p className={styles.mapTools}>
              <button
                type="button"
                className={`${storeStyles.link} ${styles.showAll}`}
                onClick={() => setZoomTo(null)}
              >
                Show all stores on the map
              </button>
            </p>
          ) : null}
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
