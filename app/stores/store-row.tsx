import { Link } from '@remix-run/react';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import { srOnly } from '~/lib/ui/styles';
import { ShopThisStoreForm } from './home-store-forms';
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
  }),
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
}: {
  store: StoreSummary;
  redirectTo: string;
  signedIn: boolean;
}) {
  return (
    <li
      className={styles.row}
      id={`store-${store.storeNumber}`}
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
      </div>
      {store.isHome ? null : (
        <ShopThisStoreForm store={store} redirectTo={redirectTo} signedIn={signedIn} />
      )}
    </li>
  );
}
