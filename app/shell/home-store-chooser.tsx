import { useFetcher } from '@remix-run/react';
import { useId } from 'react';
import { sx, sxRecipe, sxSlotRecipe } from '~/lib/theme/static-css';
import { StoreIcon } from '~/lib/ui/icons';
import { hstackStyle } from '~/lib/ui/styles';
import { HOME_STORE_INTENTS } from '~/lib/home-store';
import type { HomeStore, StoreChoice } from './types';
import { useHydrated } from 'remix-utils/use-hydrated';

/** Chakra's NativeSelect (size xs, outline), 150 px wide, as static styles. */
const select = { size: 'xs', variant: 'outline' };

const styles = {
  row: sx({ ...hstackStyle, alignItems: 'end', gap: '2' }),
  icon: sx({ color: 'brand.fg', flexShrink: 0, pb: '1' }),
  field: sx({ minW: '0' }),
  label: sx({ display: 'block', fontSize: 'xs', color: 'fg.muted', lineHeight: 'short' }),
  selectRoot: sxSlotRecipe('nativeSelect', 'root', select, { w: '150px' }),
  select: sxSlotRecipe('nativeSelect', 'field', select, { fontWeight: 'semibold', truncate: true }),
  indicator: sxSlotRecipe('nativeSelect', 'indicator', select),
  chevron: sx({
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: '2',
    strokeLinecap: 'round',
    strokeLinejoin: 'round',
  }),
  choose: sxRecipe('button', { size: 'xs', variant: 'outline' }),
};

/**
 * Home-store chooser (spec §2 Header): a plain POST form to /home-store, so it works without
 * JavaScript (a visible 'Choose' button). With JavaScript the choice is sent as soon as the
 * select changes and the button is dropped. The select shows the current store's name, cut at
 * 150 px. List and choose only: no snackbar here.
 */
export function HomeStoreChooser({
  locations,
  homeStore,
  redirectTo,
}: {
  /** Locations allowed in the home selector (hiddenInHomeSelector already left out). */
  locations: StoreChoice[];
  homeStore: HomeStore | null;
  /** Current path and search: where the form post returns to. */
  redirectTo: string;
}) {
  const hydrated = useHydrated();
  const fetcher = useFetcher();
  const id = `${useId()}-store`;

  return (
    <fetcher.Form method="post" action="/home-store" data-testid="home-store-chooser">
      <input type="hidden" name="intent" value={HOME_STORE_INTENTS.choose} />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <div className={styles.row}>
        <div className={styles.icon}>
          <StoreIcon />
        </div>
        <div className={styles.field}>
          <label htmlFor={id} className={styles.label}>
            {homeStore ? 'My store' : 'Choose your store'}
          </label>
          <div className={styles.selectRoot}>
            <select
              // Remount when the chosen store changes so the default follows it.
              key={homeStore?.storeNumber ?? 'none'}
              id={id}
              name="storeNumber"
              defaultValue={homeStore?.storeNumber ?? ''}
              title={homeStore?.name}
              className={styles.select}
              data-testid="home-store-select"
              onChange={(e) => {
                if (hydrated && e.currentTarget.value) fetcher.submit(e.currentTarget.form);
              }}
            >
              {homeStore ? null : (
                <option value="" disabled>
                  Select a store
                </option>
              )}
              {locations.map((l) => (
                <option key={l.storeNumber} value={l.storeNumber}>
                  {l.name}
                </option>
              ))}
            </select>
            <div className={styles.indicator}>
              <svg viewBox="0 0 24 24" className={styles.chevron}>
                <path d="m6 9 6 6 6-6" />
              </svg>
            </div>
          </div>
        </div>
        {hydrated ? null : (
          <button type="submit" className={styles.choose}>
            Choose
          </button>
        )}
      </div>
    </fetcher.Form>
  );
}
