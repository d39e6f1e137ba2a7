import { Link } from '@remix-run/react';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import { MakeHomeStoreForm, ShopThisStoreForm } from './home-store/forms';
import { HoursTable, SpecialHoursTable } from './hours-table';
import { LocationsMap } from './locations-map';
import { DirectionsLink, OpenNow, PhoneLink, StoreAddress } from './store-bits';
import { storeStyles } from './store-styles';
import type { StorePageData } from './types';

const styles = {
  page: sx({ maxW: '1280px', mx: 'auto', px: '4', py: { base: '6', md: '8' } }),
  back: sx({ display: 'inline-block', mb: '3', fontSize: 'sm' }),
  heading: sxRecipe('heading', { size: '2xl' }, { mb: '1' }),
  status: sx({ mb: '4' }),
  // Wide screens: the details and hours beside the map; phones: one column, the map last.
  layout: sx({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', lg: 'minmax(0, 1fr) minmax(0, 1fr)' },
    gap: '8',
    alignItems: 'start',
  }),
  column: sx({ display: 'flex', flexDirection: 'column', gap: '6', minW: '0' }),
  block: sx({ display: 'flex', flexDirection: 'column', gap: '1.5' }),
  subheading: sxRecipe('heading', { size: 'md' }, { mb: '1' }),
  links: sx({ display: 'flex', flexWrap: 'wrap', gap: '4' }),
  home: sx({ fontWeight: 'semibold' }),
  mapSlot: sx({ minW: '0' }),
  services: sx({
    display: 'flex',
    flexWrap: 'wrap',
    gap: '2',
    listStyleType: 'none',
    p: '0',
    m: '0',
  }),
  service: sx({
    px: '2.5',
    py: '1',
    borderRadius: 'l2',
    borderWidth: '1px',
    borderColor: 'border.muted',
    bg: 'bg.subtle',
    fontSize: 'sm',
  }),
};

/**
 * A store's own page (/locations/{slug}): where it is, how to call and reach it, its week of
 * hours with today marked (and this week's holiday days in place), its departments and services,
 * the holiday and special hours of the next 30 days (the store's and the
 * pharmacy's), and the home-store choice.
 */
export function StorePage({ data }: { data: StorePageData }) {
  const { store } = data;
  const map = <LocationsMap data={data.map} label={`Map of ${store.name}`} />;
  const pharmacy = store.pharmacy;
  const hours = (
    <>
      <HoursTable caption="Store hours" rows={store.week} testId="store-hours" />
      <SpecialHoursTable
        caption="Holiday and special hours"
        rows={store.specialHours}
        testId="store-special-hours"
      />
      {pharmacy ? (
        <section className={styles.block} aria-labelledby="store-pharmacy">
          <h2 id="store-pharmacy" className={styles.subheading}>
            Pharmacy
          </h2>
          <OpenNow status={pharmacy.status} />
          <PhoneLink phone={pharmacy.phone} href={pharmacy.phoneHref} label="Call the pharmacy:" />
          {store.pharmacyWeek ? (
            <HoursTable
              caption="Pharmacy hours"
              rows={store.pharmacyWeek}
              testId="pharmacy-hours"
            />
          ) : null}
          {store.pharmacySpecialHours ? (
            <SpecialHoursTable
              caption="Pharmacy holiday and special hours"
              rows={store.pharmacySpecialHours}
              testId="pharmacy-special-hours"
            />
          ) : null}
        </section>
      ) : null}
    </>
  );
  return (
    <div className={styles.page}>
      <Link to="/locations" className={`${storeStyles.link} ${styles.back}`}>
        All stores
      </Link>
      <h1 className={styles.heading}>{store.name}</h1>
      <OpenNow status={store.status} className={styles.status} />
      <div className={styles.layout}>
        <div className={styles.column}>
          <section className={styles.block} aria-labelledby="store-contact">
            <h2 id="store-contact" className={styles.subheading}>
              Address and phone
            </h2>
            <StoreAddress store={store} />
            <PhoneLink phone={store.phone} href={store.phoneHref} label="Call the store:" />
            <div className={styles.links}>
              <DirectionsLink store={store} />
              {store.weeklyAdHref ? (
                <Link to={store.weeklyAdHref} className={storeStyles.link}>
                  Shop this store’s weekly ad
                </Link>
              ) : null}
            </div>
          </section>
          <div className={styles.block}>
            <HomeStoreChoice data={data} />
          </div>
          {store.services.length ? (
            <section className={styles.block} aria-labelledby="store-services">
              <h2 id="store-services" className={styles.subheading}>
                Departments and services
              </h2>
              <ul className={styles.services} data-testid="store-services">
                {store.services.map((s) => (
                  <li key={s} className={styles.service}>
                    {s}
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {hours}
        </div>
        <div className={styles.mapSlot}>{map}</div>
      </div>
    </div>
  );
}

/**
 * A shopper saves the store as their home store ('Make this my home store'); a guest shops it
 * for the visit ('Shop this store'). Said in words when it already is.
 */
function HomeStoreChoice({ data }: { data: StorePageData }) {
  const { store, signedIn, redirectTo } = data;
  if (signedIn) {
    if (store.isSaved) return <p className={styles.home}>This is your home store.</p>;
    return <MakeHomeStoreForm store={store} redirectTo={redirectTo} />;
  }
  if (store.isHome) return <p className={styles.home}>You are shopping at this store.</p>;
  return <ShopThisStoreForm store={store} redirectTo={redirectTo} signedIn={false} />;
}
