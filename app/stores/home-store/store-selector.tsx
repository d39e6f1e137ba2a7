import { useFetcher } from '@remix-run/react';
import { useId } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import {
  HOME_STORE_ACTION,
  HOME_STORE_FIELDS,
  HOME_STORE_INTENTS,
  HOME_STORE_REPLY_DATA,
  HOME_STORE_REPLY_FIELD,
  type HomeStoreSaveReply,
} from '~/stores/home-store/home-store';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import { srOnly, stackStyle } from '~/lib/ui/styles';
import { HomeStoreSwitch } from './switch';
import { MakeHomeCheckbox } from './chooser';
import type { HomeStore, StoreChoice } from './home-store';

const styles = {
  heading: sx({ px: '4', pt: '4', pb: '2', fontWeight: 'bold' }),
  list: sx({ ...stackStyle, listStyleType: 'none', gap: '0' }),
  row: sx({
    display: 'flex',
    flexWrap: 'wrap',
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
  form: sx({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' }),
  saveForm: sx({
    flexBasis: '100%',
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: '2',
  }),
  save: sxRecipe('button', { variant: 'outline', size: 'xs' }),
  shopHere: sxRecipe('button', { variant: 'outline', size: 'xs' }, { colorPalette: 'brand' }),
  spinner: sxRecipe('spinner', { size: 'xs' }),
  savingSpinner: sxRecipe('spinner', { size: 'xs' }, { color: 'brand.fg' }),
  error: sx({ flexBasis: '100%', fontSize: 'sm', color: 'fg.error' }),
};

/**
 * The drawer's store list (tenant feature drawerStoreSelector; docs/reference/stores.md "Home
 * store"): every location that is not hidden from the store selector, each with a POST form to
 * /home-store that works without JavaScript. Locations hidden from the home selector are listed
 * without the choose button (the action would refuse them). On the chosen location's row a
 * signed-in shopper gets the 'Make this my home store' switch, on and locked when it already is
 * their saved store.
 */
export function StoreSelector({
  locations,
  homeStore,
  redirectTo,
  user,
}: {
  locations: StoreChoice[];
  homeStore: HomeStore | null;
  redirectTo: string;
  /** The signed-in shopper (their saved store), or null for a guest. */
  user: { savedStoreNumber?: string | null } | null;
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
            signedIn={user !== null}
            saved={user?.savedStoreNumber === l.storeNumber}
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
  signedIn,
  saved,
}: {
  location: StoreChoice;
  current: boolean;
  redirectTo: string;
  signedIn: boolean;
  saved: boolean;
}) {
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  const busy = fetcher.state !== 'idle';
  let action = null;
  if (current) {
    action = <p className={styles.current}>My store</p>;
  } else if (!location.hiddenInHomeSelector) {
    action = (
      <fetcher.Form method="post" action={HOME_STORE_ACTION} className={styles.form}>
        <ChoiceFields storeNumber={location.storeNumber} redirectTo={redirectTo} />
        {/* Without JavaScript a shopper saves it in the same post; with it, the snackbar asks. */}
        {signedIn && !hydrated ? <MakeHomeCheckbox /> : null}
        <button
          type="submit"
          className={styles.shopHere}
          disabled={busy}
          aria-busy={busy || undefined}
          data-loading={busy ? '' : undefined}
        >
          {busy ? <span aria-hidden="true" className={styles.spinner} /> : null}
          Shop here
          <span className={srOnly}> at {location.name}</span>
        </button>
      </fetcher.Form>
    );
  }
  return (
    <li className={styles.row} data-store={location.storeNumber}>
      <div className={styles.text}>
        <p className={styles.name}>{location.name}</p>
        <p className={styles.place}>
          {location.city}, {location.state}
        </p>
      </div>
      {action}
      {current && signedIn ? (
        <SaveSwitch location={location} redirectTo={redirectTo} saved={saved} />
      ) : null}
    </li>
  );
}

function ChoiceFields({ storeNumber, redirectTo }: { storeNumber: string; redirectTo: string }) {
  return (
    <>
      <input type="hidden" name={HOME_STORE_FIELDS.intent} value={HOME_STORE_INTENTS.choose} />
      <input type="hidden" name={HOME_STORE_FIELDS.storeNumber} value={storeNumber} />
      <input type="hidden" name={HOME_STORE_FIELDS.redirectTo} value={redirectTo} />
    </>
  );
}

/**
 * The chosen row's 'Make this my home store' switch. With JavaScript, turning it on saves the
 * store at once through save-home-store (busy while pending, aria-busy); without, it is a
 * checkbox of a form whose Save button chooses the store again with makeHome, which saves it.
 */
function SaveSwitch({
  location,
  redirectTo,
  saved,
}: {
  location: StoreChoice;
  redirectTo: string;
  saved: boolean;
}) {
  const fetcher = useFetcher<HomeStoreSaveReply>();
  const hydrated = useHydrated();
  const id = useId();
  const busy = fetcher.state !== 'idle';
  const reply = fetcher.state === 'idle' ? fetcher.data : undefined;
  const failed = reply?.status === 'failed' ? reply.message : null;
  return (
    <fetcher.Form
      method="post"
      action={HOME_STORE_ACTION}
      className={styles.saveForm}
      aria-busy={busy || undefined}
      data-testid="home-store-save"
    >
      <ChoiceFields storeNumber={location.storeNumber} redirectTo={redirectTo} />
      <HomeStoreSwitch
        id={id}
        name={HOME_STORE_FIELDS.makeHome}
        // On while the save is pending (it shows what was asked), then as the root data says.
        checked={saved || busy}
        locked={saved}
        onChange={(event) => {
          if (!event.currentTarget.checked || saved || busy) return;
          fetcher.submit(
            {
              [HOME_STORE_FIELDS.intent]: HOME_STORE_INTENTS.save,
              [HOME_STORE_FIELDS.storeNumber]: location.storeNumber,
              [HOME_STORE_FIELDS.redirectTo]: redirectTo,
              [HOME_STORE_REPLY_FIELD]: HOME_STORE_REPLY_DATA,
            },
            { method: 'post', action: HOME_STORE_ACTION },
          );
        }}
        description={saved ? `${location.name} is your home store.` : undefined}
      />
      {busy ? <span aria-hidden="true" className={styles.savingSpinner} /> : null}
      {busy ? <span className={srOnly}>Saving</span> : null}
      {!hydrated && !saved ? (
        <button type="submit" className={styles.save}>
          Save
        </button>
      ) : null}
      {failed ? (
        <p role="alert" className={styles.error}>
          {failed}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
