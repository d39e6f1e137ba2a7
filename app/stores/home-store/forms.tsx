import { Form } from '@remix-run/react';
import { useId } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import {
  HOME_STORE_ACTION,
  HOME_STORE_FIELDS,
  HOME_STORE_INTENTS,
} from '~/stores/home-store/home-store';
import { srOnly } from '~/lib/ui/styles';
import { storeStyles as styles } from '~/stores/store-styles';
import type { StoreSummary } from '~/stores/types';

/**
 * The locator's and the store page's home-store forms: plain posts to /home-store (the contract
 * in ~/stores/home-store/home-store.ts), so they work without JavaScript; the action comes back to
 * `redirectTo`, this page.
 */
function HomeStoreForm({
  store,
  redirectTo,
  children,
}: {
  store: StoreSummary;
  redirectTo: string;
  children: React.ReactNode;
}) {
  return (
    <Form method="post" action={HOME_STORE_ACTION} preventScrollReset className={styles.form}>
      <input type="hidden" name={HOME_STORE_FIELDS.intent} value={HOME_STORE_INTENTS.choose} />
      <input type="hidden" name={HOME_STORE_FIELDS.storeNumber} value={store.storeNumber} />
      <input type="hidden" name={HOME_STORE_FIELDS.redirectTo} value={redirectTo} />
      {children}
    </Form>
  );
}

/**
 * 'Shop this store': the store for this visit. A signed-in shopper without JavaScript also gets
 * the 'Make this my home store' checkbox (every choice is a form post with it); with
 * JavaScript the snackbar after the choice offers the switch instead.
 */
export function ShopThisStoreForm({
  store,
  redirectTo,
  signedIn,
}: {
  store: StoreSummary;
  redirectTo: string;
  signedIn: boolean;
}) {
  const hydrated = useHydrated();
  const id = useId();
  if (!store.canChoose) return null;
  return (
    <HomeStoreForm store={store} redirectTo={redirectTo}>
      <button type="submit" className={styles.outlineButton}>
        Shop this store<span className={srOnly}>: {store.name}</span>
      </button>
      {signedIn && !hydrated && !store.isSaved ? (
        <label htmlFor={`${id}-home`} className={styles.checkRow}>
          <input
            id={`${id}-home`}
            type="checkbox"
            name={HOME_STORE_FIELDS.makeHome}
            value="on"
            className={styles.checkbox}
          />
          Make this my home store<span className={srOnly}>: {store.name}</span>
        </label>
      ) : null}
    </HomeStoreForm>
  );
}

/** The store page's button for a shopper: shop here and save it as the home store at once. */
export function MakeHomeStoreForm({
  store,
  redirectTo,
}: {
  store: StoreSummary;
  redirectTo: string;
}) {
  if (!store.canChoose) return null;
  return (
    <HomeStoreForm store={store} redirectTo={redirectTo}>
      <input type="hidden" name={HOME_STORE_FIELDS.makeHome} value="on" />
      <button type="submit" className={styles.button}>
        Make this my home store
      </button>
    </HomeStoreForm>
  );
}
