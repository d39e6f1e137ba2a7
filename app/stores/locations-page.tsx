import type { ReactNode } from 'react';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import { UNMATCHED_SEARCH_MESSAGE } from './messages';
import { StoreRow } from './store-row';
import { StoreSearch } from './store-search';
import type { LocationsPageData } from './types';

const styles = {
  page: sx({ maxW: '1280px', mx: 'auto', px: '4', py: { base: '6', md: '8' } }),
  heading: sxRecipe('heading', { size: '2xl' }, { mb: '4' }),
  // Phones: one column. Wide screens: the list beside the map, when there is one.
  // Without a map, a list as wide as the page would scatter each row: it keeps a reading width.
  layout: sx({ display: 'grid', gridTemplateColumns: '1fr', gap: '6', maxW: '3xl' }),
  layoutWithMap: sx({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', lg: 'minmax(0, 5fr) minmax(0, 7fr)' },
    gap: '6',
    alignItems: 'start',
  }),
  mapSlot: sx({ position: { lg: 'sticky' }, top: { lg: '4' }, minW: '0' }),
  listColumn: sx({ minW: '0' }),
  summary: sx({ mt: '4', fontSize: 'sm', color: 'fg.muted' }),
  unmatched: sx({
    mt: '4',
    px: '4',
    py: '3',
    borderRadius: 'l2',
    bg: 'orange.subtle',
    color: 'orange.fg',
    fontSize: 'sm',
  }),
  list: sx({ listStyleType: 'none', p: '0', mt: '4' }),
  empty: sx({ py: '8' }),
};

/**
 * The store locator (/locations): the search, every visible store with its open-now line, and
 * the map when the page is given one (`map`: the stores map component; nothing rendered
 * without it).
 */
export function LocationsPage({ data, map }: { data: LocationsPageData; map?: ReactNode }) {
  const { q, point, unmatched, stores, signedIn, redirectTo } = data;
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>Store Locator</h1>
      <div className={map ? styles.layoutWithMap : styles.layout}>
        <section aria-label="Stores" className={styles.listColumn}>
          <StoreSearch q={q} />
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
                />
              ))}
            </ol>
          )}
        </section>
        {map ? <div className={styles.mapSlot}>{map}</div> : null}
      </div>
    </div>
  );
}
