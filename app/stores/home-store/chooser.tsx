import { useFetcher } from '@remix-run/react';
import { useEffect, useId, useState } from 'react';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import { StoreIcon } from '~/lib/ui/icons';
import { NativeSelect } from '~/lib/ui/native-select';
import { hstackStyle } from '~/lib/ui/styles';
import {
  HOME_STORE_ACTION,
  HOME_STORE_FIELDS,
  HOME_STORE_INTENTS,
} from '~/stores/home-store/home-store';
import { hiddenWithJs } from '~/lib/browser/js-mark';
import type { HomeStore, StoreChoice } from './home-store';
import { useHydrated } from 'remix-utils/use-hydrated';

const styles = {
  row: sx({ ...hstackStyle, alignItems: 'end', gap: '2', flexWrap: 'wrap' }),
  icon: sx({ color: 'brand.fg', flexShrink: 0, pb: '1' }),
  field: sx({ minW: '0' }),
  label: sx({ display: 'block', fontSize: 'xs', color: 'fg.muted', lineHeight: 'short' }),
  // Without JavaScript only; where scripts run they are hidden from the first paint, so the
  // header does not change height when hydration drops them (no layout shift).
  choose: sxRecipe('button', { size: 'xs', variant: 'outline' }, hiddenWithJs),
  makeHome: sx({
    ...hiddenWithJs,
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1.5',
    fontSize: 'xs',
    lineHeight: 'short',
    cursor: 'pointer',
    '& input': { accentColor: 'brand.solid', w: '4', h: '4', m: 0 },
  }),
};

/**
 * The 'Make this my home store' checkbox of the forms without JavaScript (a signed-in shopper's):
 * ticked, the choice also saves the store as their home store (field makeHome).
 */
export function MakeHomeCheckbox() {
  return (
    <label className={styles.makeHome}>
      <input type="checkbox" name={HOME_STORE_FIELDS.makeHome} />
      Make this my home store
    </label>
  );
}

/**
 * Home-store chooser (docs/reference/stores.md "Home store"): a plain POST form to /home-store, so
 * it works without JavaScript (a visible 'Choose' button, and for a signed-in shopper the 'Make
 * this my home store' checkbox). With JavaScript the choice is sent as soon as the select changes
 * and the button is dropped; the shell's snackbar then says 'Now shopping at {store}.' and offers
 * the switch. The select shows the current store's name, cut at 150 px, and stays the same element
 * when the store changes, so the keyboard focus stays on it.
 */
export function HomeStoreChooser({
  locations,
  homeStore,
  redirectTo,
  signedIn = false,
}: {
  /** Locations allowed in the home selector (hiddenInHomeSelector already left out). */
  locations: StoreChoice[];
  homeStore: HomeStore | null;
  /** Current path and search: where the form post returns to. */
  redirectTo: string;
  /** A signed-in shopper (who may save the choice as their home store). */
  signedIn?: boolean;
}) {
  const hydrated = useHydrated();
  const fetcher = useFetcher();
  const id = `${useId()}-store`;
  const current = homeStore?.storeNumber ?? '';
  const [value, setValue] = useState(current);
  // The select follows the home store the page now has (after a choice here or elsewhere).
  useEffect(() => setValue(current), [current]);

  return (
    <fetcher.Form method="post" action={HOME_STORE_ACTION} data-testid="home-store-chooser">
      <input type="hidden" name={HOME_STORE_FIELDS.intent} value={HOME_STORE_INTENTS.choose} />
      <input type="hidden" name={HOME_STORE_FIELDS.redirectTo} value={redirectTo} />
      <div className={styles.row}>
        <div className={styles.icon}>
          <StoreIcon />
        </div>
        <div className={styles.field}>
          <label htmlFor={id} className={styles.label}>
            {homeStore ? 'My store' : 'Choose your store'}
          </label>
          <NativeSelect
            look="compact"
            id={id}
            name={HOME_STORE_FIELDS.storeNumber}
            value={value}
            title={homeStore?.name}
            data-testid="home-store-select"
            onChange={(e) => {
              setValue(e.currentTarget.value);
              if (hydrated && e.currentTarget.value) fetcher.submit(e.currentTarget.form);
            }}
            placeholder={homeStore ? null : 'Select a store'}
            options={locations.map((l) => ({ value: l.storeNumber, label: l.name }))}
          />
        </div>
        {hydrated ? null : (
          <>
            {signedIn ? <MakeHomeCheckbox /> : null}
            <button type="submit" className={styles.choose}>
              Choose
            </button>
          </>
        )}
      </div>
    </fetcher.Form>
  );
}
