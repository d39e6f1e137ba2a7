import { Form, Link, useLoaderData } from '@remix-run/react';
import { LastKnownNotice } from '~/lib/ui/last-known-notice';
import { useEffect, useRef } from 'react';
import { formatCurrency } from '~/lib/money';
import { FormAlert } from '~/lib/form-kit/form-alert';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import { useRootData } from '~/shell/root-data';
import { accountPageStyles } from './account-page-styles';
import { ReceiptDetails } from './receipt-details';
import { savedSentence } from './receipt-savings';
import { rangeSentence } from './receipts';
import { queryString, SEARCH_MAX, type QueryField } from './receipts-query';
import type { receiptsLoader } from './receipts.server';

export type ReceiptsPageData = ReturnType<typeof useLoaderData<typeof receiptsLoader>>;

const styles = {
  ...accountPageStyles,
  intro: sx({ mb: '4' }),
  list: sx({ listStyleType: 'none', p: '0', m: '0', display: 'flex', flexDirection: 'column' }),
  search: sx({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', md: '2fr 2fr 1fr 1fr' },
    gap: '3',
    alignItems: 'start',
    borderWidth: '1px',
    borderRadius: 'l3',
    p: '4',
    mb: '4',
    bg: 'bg',
  }),
  field: sx({ display: 'flex', flexDirection: 'column', gap: '1', minW: '0' }),
  label: sx({ fontWeight: 'medium', fontSize: 'sm' }),
  input: sx({
    borderWidth: '1px',
    borderRadius: 'l2',
    px: '3',
    h: '10',
    bg: 'bg',
    w: 'full',
    minW: '0',
    '&[aria-invalid=true]': { borderColor: 'border.error' },
  }),
  error: sx({ color: 'fg.error', fontSize: 'sm' }),
  actions: sx({
    gridColumn: '1 / -1',
    display: 'flex',
    flexWrap: 'wrap',
    gap: '3',
    alignItems: 'center',
  }),
  submit: sxRecipe('button', { variant: 'solid', size: 'md' }),
  saved: sx({ fontSize: 'lg', fontWeight: 'semibold', mb: '3', color: 'green.fg' }),
};

/**
 * Receipts (docs/reference/accounts.md "Receipts", docs/reference/receipts.md): the shopper's
 * receipts newest first, what the trips shown saved, a search by item, store and dates (a GET form:
 * a shareable address, no JavaScript needed), a print view, and on each receipt the clipped
 * coupons that probably did not come off.
 */
export function ReceiptsPage() {
  const data = useLoaderData<typeof receiptsLoader>();
  useHomeWhenShopperChanges(data.owner);
  const { receipts, range, loadError, query } = data;
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>Receipts</h1>
      <LastKnownNotice label={data.lastKnown} />
      {loadError ? (
        <FormAlert errors={[loadError]} />
      ) : data.totalCount === 0 || !range ? (
        <p className={styles.intro}>You have no receipts from the last {data.daysAgo} days.</p>
      ) : (
        <>
          <p className={styles.intro} data-testid="receipts-range">
            {rangeSentence(range, data.totalCount)}
            {data.limited ? ` (your ${data.totalCount} most recent).` : '.'}{' '}
            <span className={styles.muted}>Open a receipt to see everything on it.</span>
          </p>
          <SearchForm data={data} />
          {receipts.length === 0 ? (
            <p className={styles.intro} role="status">
              No receipts match your search.
            </p>
          ) : (
            <>
              <p className={styles.saved} data-testid="receipts-saved" role="status">
                {savedSentence(formatCurrency(data.saved), receipts.length)}
              </p>
              <p>
                <Link
                  to={`/account/receipts/print${queryString(query.filters)}`}
                  className={styles.back}
                >
                  Print {query.active ? 'these receipts' : 'your receipts'}
                </Link>
              </p>
              <ul className={styles.list} aria-label="Your receipts, newest first">
                {receipts.map((receipt) => (
                  <li key={receipt.key}>
                    <ReceiptDetails receipt={receipt} />
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
      <p>
        <Link to="/account" className={styles.back}>
          Back to My Account
        </Link>
      </p>
    </div>
  );
}

/** The search: item text, store, from and to; each field's message under it. */
function SearchForm({ data }: { data: ReceiptsPageData }) {
  const { values, errors } = data.query;
  const described = (field: QueryField) =>
    errors[field]
      ? { 'aria-invalid': true as const, 'aria-describedby': `receipts-${field}-error` }
      : {};
  const message = (field: QueryField) =>
    errors[field] ? (
      <span id={`receipts-${field}-error`} className={styles.error}>
        {errors[field]}
      </span>
    ) : null;
  return (
    <Form
      // A new search (or 'Show all receipts') starts the fields from the address again.
      key={JSON.stringify(values)}
      method="get"
      className={styles.search}
      aria-label="Find receipts"
      data-testid="receipts-search"
    >
      <div className={styles.field}>
        <label htmlFor="receipts-q" className={styles.label}>
          Search items
        </label>
        <input
          id="receipts-q"
          name="q"
          type="search"
          className={styles.input}
          defaultValue={values.q}
          maxLength={SEARCH_MAX}
          {...described('q')}
        />
        {message('q')}
      </div>
      <div className={styles.field}>
        <label htmlFor="receipts-store" className={styles.label}>
          Store
        </label>
        <select
          id="receipts-store"
          name="store"
          className={styles.input}
          defaultValue={values.store}
          {...described('store')}
        >
          <option value="">All stores</option>
          {data.stores.map((store) => (
            <option key={store} value={store}>
              {store}
            </option>
          ))}
        </select>
        {message('store')}
      </div>
      {(['from', 'to'] as const).map((name) => (
        <div key={name} className={styles.field}>
          <label htmlFor={`receipts-${name}`} className={styles.label}>
            {name === 'from' ? 'From' : 'To'}
          </label>
          <input
            id={`receipts-${name}`}
            name={name}
            type="date"
            className={styles.input}
            defaultValue={values[name]}
            {...described(name)}
          />
          {message(name)}
        </div>
      ))}
      <div className={styles.actions}>
        <button type="submit" className={styles.submit}>
          Show receipts
        </button>
        {data.query.active || Object.keys(errors).length ? (
          <Link to="/account/receipts" className={styles.back}>
            Show all receipts
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

/**
 * When the signed-in user changes, go to /. The loader sends guests to / itself; a revalidation
 * that brings another shopper's receipts (a sign-in in another tab of this browser), or a shell
 * that no longer has a shopper, sends the page home with a full page load, so nothing of the
 * previous shopper stays in the tab (the shell's greeting included: the root loader does not rerun
 * on a client navigation).
 */
export function useHomeWhenShopperChanges(owner: string) {
  const signedIn = Boolean(useRootData()?.user);
  const first = useRef(owner);
  useEffect(() => {
    if (!signedIn || owner !== first.current) window.location.replace('/');
  }, [signedIn, owner]);
}
