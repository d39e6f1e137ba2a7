import { Link } from '@remix-run/react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import { srOnly } from '~/lib/ui/styles';
import { ShopThisStoreForm } from './home-store/forms';
import { DirectionsLink, OpenNow, PhoneLink, StoreAddress } from './store-bits';
import { storeStyles } from './store-styles';
import type { StoreSummary } from './types';

const styles = {
  row: sx({
    display: 'flex',
    flexDirection: 'column',
    gap: '1.5',
    py: '4',
    borderTopWidth: '1px',
    borderColor: 'border.muted',
    scrollMarginTop: '16',
    outline: 'none',
    _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.focusRing' },
  }),
  // The store selected on the map: a bar in the brand colour beside the row.
  selected: sx({ borderLeftWidth: '4px', borderLeftColor: 'brand.solid', pl: '3' }),
  showOnMap: sx({ bg: 'transparent', p: '0', cursor: 'pointer', font: 'inherit' }),
  head: sx({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: '2' }),
  name: sxRecipe('heading', { size: 'md' }, { flex: '1 1 auto', minW: '0' }),
  nameLink: sx({ color: 'brand.fg', _hover: { textDecoration: 'underline' } }),
  miles: sx({ fontWeight: 'semibold', whiteSpace: 'nowrap' }),
  details: sx({ display: 'grid', gap: '1', fontSize: 'sm' }),
  links: sx({ display: 'flex', flexWrap: 'wrap', gap: '4', fontSize: 'sm' }),
};

/** One store of the locator's list. */
export function StoreRow({
  store,
  redirectTo,
  signedIn,
  selected = false,
  onShowOnMap,
}: {
  store: StoreSummary;
  redirectTo: string;
  signedIn: boolean;
  /** Selected on the map (JavaScript on). */
  selected?: boolean;
  /** Selects the store's marker: a 'Show on map' button, with JavaScript only. */
  onShowOnMap?: (storeNumber: string) => void;
}) {
  const hydrated = useHydrated();
  const onMap = hydrated && onShowOnMap && store.latitude !== null && store.longitude !== null;
  return (
    <li
      className={selected ? `${styles.row} ${styles.selected}` : styles.row}
      id={`store-${store.storeNumber}`}
      // Focused when its marker is chosen on the map, so keyboard and screen reader follow.
      tabIndex={-1}
      aria-current={selected || undefined}
      data-testid="store-row"
      data-store-number={store.storeNumber}
    >
      <div className={styles.head}>
        <h2 className={styles.name}>
          <Link to={store.href} className={styles.nameLink}>
            {store.name}
          </Link>
        </h2>
        {store.isHome ? <span className={storeStyles.badge}>Your store</span> : null}
        {store.miles !== null ? (
          <span className={styles.miles} data-testid="store-miles">
            {store.miles} mi
          </span>
        ) : null}
      </div>
      <div className={styles.details}>
        <OpenNow status={store.status} />
        {store.today ? <p>Today: {store.today}</p> : null}
        {store.pharmacy?.today ? (
          <p className={storeStyles.muted}>Pharmacy today: {store.pharmacy.today}</p>
        ) : null}
        <StoreAddress store={store} />
        <PhoneLink phone={store.phone} href={store.phoneHref} label={`Call ${store.name}:`} />
      </div>
      <div className={styles.links}>
        <DirectionsLink store={store} />
        <Link to={store.href} className={storeStyles.link}>
          Store details<span className={srOnly}> for {store.name}</span>
        </Link>
        {onMap ? (
          <button
            type="button"
            className={`${storeStyles.link} ${styles.showOnMap}`}
            aria-pressed={selected}
            onClick={() => onShowOnMap(store.storeNumber)}
          >
            Show on map<span className={srOnly}>: {store.name}</span>
          </button>
        ) : null}
      </div>
      {store.isHome ? null : (
        <ShopThisStoreForm store={store} redirectTo={redirectTo} signedIn={signedIn} />
      )}
    </li>
  );
}
