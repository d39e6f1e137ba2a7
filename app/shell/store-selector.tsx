import { Button } from '@chakra-ui/react';
import { useFetcher } from '@remix-run/react';
import { sx } from '~/lib/theme/static-css';
import { srOnly, stackStyle } from '~/lib/ui/styles';
import type { HomeStore, StoreChoice } from './types';

const styles = {
  heading: sx({ px: '4', pt: '4', pb: '2', fontWeight: 'bold' }),
  list: sx({ ...stackStyle, listStyleType: 'none', gap: '0' }),
  row: sx({
    display: 'flex',
    alignItems: 'center',
    gap: '3',
    px: '4',
    py: '2',
    borderTopWidth: '1px',
  }),
  text: sx({ flex: '1', minW: '0' }),
  name: sx({ fontWeight: 'medium', truncate: true }),
  place: sx({ fontSize: 'sm', color: 'fg.muted' }),
  current: sx({ fontSize: 'sm', fontWeight: 'semibold', color: 'brand.fg' }),
};

/**
 * The drawer's store list (tenant feature drawerStoreSelector): every location that is not
 * hidden from the store selector, each with a POST form to /home-store that works without
 * JavaScript. Locations hidden from the home selector are listed without the choose button
 * (the /home-store action would refuse them).
 */
export function StoreSelector({
  locations,
  homeStore,
  redirectTo,
}: {
  locations: StoreChoice[];
  homeStore: HomeStore | null;
  redirectTo: string;
}) {
  const shown = locations.filter((l) => !l.hiddenInStoreSelector);
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby="drawer-stores-heading" data-testid="store-selector">
      <h3 id="drawer-stores-heading" className={styles.heading}>
        Stores
      </h3>
      <ul className={styles.list}>
        {shown.map((l) => (
          <StoreRow
            key={l.storeNumber}
            location={l}
            current={homeStore?.storeNumber === l.storeNumber}
            redirectTo={redirectTo}
          />
        ))}
      </ul>
    </section>
  );
}

function StoreRow({
  location,
  current,
  redirectTo,
}: {
  location: StoreChoice;
  current: boolean;
  redirectTo: string;
}) {
  const fetcher = useFetcher();
  const busy = fetcher.state !== 'idle';
  return (
    <li className={styles.row}>
      <div className={styles.text}>
        <p className={styles.name}>{location.name}</p>
        <p className={styles.place}>
          {location.city}, {location.state}
        </p>
      </div>
      {current ? (
        <p className={styles.current}>My store</p>
      ) : location.hiddenInHomeSelector ? null : (
        <fetcher.Form method="post" action="/home-store">
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <input type="hidden" name="storeNumber" value={location.storeNumber} />
          <Button type="submit" size="xs" variant="outline" colorPalette="brand" loading={busy}>
            Shop here
            <span className={srOnly}> at {location.name}</span>
          </Button>
        </fetcher.Form>
      )}
    </li>
  );
}
