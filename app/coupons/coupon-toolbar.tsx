import { Form, Link, useSubmit } from '@remix-run/react';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import {
  COUPON_SEARCH_DEBOUNCE_MS,
  COUPON_SORT_LABELS,
  COUPON_SORTS,
  COUPON_TAB_LABELS,
  couponViewSearch,
  withTab,
  type CouponTab,
  type CouponView,
} from './url-state';
import type { CouponFacets } from './filter-sort';
import { cx, sx, sxRecipe } from '~/lib/theme/static-css';

const styles = {
  tabs: sx({
    display: 'flex',
    flexWrap: 'wrap',
    gap: '1',
    borderBottomWidth: '1px',
    mb: '4',
    listStyleType: 'none',
    p: '0',
  }),
  tab: sx({
    display: 'inline-block',
    px: '4',
    py: '2',
    fontWeight: 'semibold',
    color: 'fg.muted',
    borderBottomWidth: '3px',
    borderColor: 'transparent',
    textDecoration: 'none',
    _hover: { color: 'fg' },
    _focusVisible: { outline: '2px solid', outlineColor: 'brand.solid', outlineOffset: '-2px' },
  }),
  tabCurrent: sx({
    display: 'inline-block',
    px: '4',
    py: '2',
    fontWeight: 'semibold',
    color: 'brand.fg',
    borderBottomWidth: '3px',
    borderColor: 'brand.solid',
    textDecoration: 'none',
    _focusVisible: { outline: '2px solid', outlineColor: 'brand.solid', outlineOffset: '-2px' },
  }),
  form: sx({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', sm: '1fr 1fr', lg: '2fr 1fr 1fr 1fr auto' },
    gap: '3',
    alignItems: 'end',
    mb: '4',
  }),
  field: sx({ display: 'flex', flexDirection: 'column', gap: '1', minW: '0' }),
  label: sx({ fontSize: 'sm', fontWeight: 'medium' }),
  input: sx({
    h: '10',
    px: '3',
    borderWidth: '1px',
    borderColor: 'border.emphasized',
    borderRadius: 'l2',
    bg: 'bg',
    minW: '0',
    _focusVisible: { outline: '2px solid', outlineColor: 'brand.solid', outlineOffset: '1px' },
  }),
  apply: sxRecipe('button', { variant: 'solid', size: 'md' }, { colorPalette: 'brand' }),
};

function Select({
  label,
  name,
  value,
  onChange,
  children,
}: {
  label: string;
  name: string;
  value: string;
  onChange?: (event: ChangeEvent<HTMLSelectElement>) => void;
  children: React.ReactNode;
}) {
  const id = `coupon-${name}`;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <select id={id} name={name} defaultValue={value} className={styles.input} onChange={onChange}>
        {children}
      </select>
    </div>
  );
}

/**
 * Tabs with counts (the shopper-only ones for shoppers only) and the filter form: search,
 * category, brand and sort. A plain GET form, so every view works without JavaScript (Apply);
 * with JavaScript a change applies at once and typing searches after 200 ms. Tabs are links
 * that clear category, brand and search; any change resets the count shown.
 */
export function CouponToolbar({
  view,
  counts,
  facets,
  signedIn,
}: {
  view: CouponView;
  counts: Record<CouponTab, number>;
  facets: CouponFacets;
  signedIn: boolean;
}) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  // The search debounce, by hand: remix-utils' useDebounceSubmit would fit this navigation (the
  // view lives in the URL; useDebounceFetcher would not change it), but its unmount cleanup
  // reads the timer at mount time, so a search typed just before leaving the page would still
  // go off and bring the shopper back here.
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const [q, setQ] = useState(view.q);
  const tabs: CouponTab[] = signedIn ? ['available', 'clipped', 'redeemed'] : ['available'];

  // A navigation elsewhere (tab link, back button) brings its own search text.
  useEffect(() => setQ(view.q), [view.q]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const apply = (patch: Record<string, string>) => {
    // The form as it is now includes the search box: a pending search would only come after
    // and undo this change (say, the brand cleared by a new category).
    clearTimeout(timer.current);
    const form = formRef.current;
    if (!form) return;
    const data = new FormData(form);
    for (const [k, v] of Object.entries(patch)) data.set(k, v);
    // Defaults and empty values stay out of the address.
    for (const [k, v] of [...data.entries()]) {
      if (v === '' || (k === 'tab' && v === 'available') || (k === 'sort' && v === 'featured')) {
        data.delete(k);
      }
    }
    submit(data, {
      method: 'get',
      action: '/digital-coupons',
      replace: true,
      preventScrollReset: true,
    });
  };

  return (
    <>
      <nav aria-label="Coupon lists">
        <ul className={styles.tabs}>
          {tabs.map((tab) => (
            <li key={tab}>
              <Link
                to={`/digital-coupons${couponViewSearch(withTab(view, tab))}`}
                className={tab === view.tab ? styles.tabCurrent : styles.tab}
                aria-current={tab === view.tab ? 'page' : undefined}
                preventScrollReset
              >
                {COUPON_TAB_LABELS[tab]} ({counts[tab]})
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Form
        method="get"
        action="/digital-coupons"
        role="search"
        aria-label="Filter coupons"
        className={styles.form}
        ref={formRef}
        key={`${view.tab}|${view.category}|${view.brand}|${view.sort}`}
      >
        {view.tab !== 'available' ? <input type="hidden" name="tab" value={view.tab} /> : null}
        <div className={styles.field}>
          <label htmlFor="coupon-q" className={styles.label}>
            Search coupons
          </label>
          <input
            id="coupon-q"
            type="search"
            name="q"
            value={q}
            maxLength={100}
            className={styles.input}
            onChange={(event) => {
              const next = event.currentTarget.value;
              setQ(next);
              clearTimeout(timer.current);
              timer.current = setTimeout(() => apply({ q: next }), COUPON_SEARCH_DEBOUNCE_MS);
            }}
          />
        </div>
        <Select
          label="Category"
          name="category"
          value={view.category ?? ''}
          onChange={
            hydrated ? (e) => apply({ category: e.currentTarget.value, brand: '' }) : undefined
          }
        >
          <option value="">All categories</option>
          {facets.categories.map((c) => (
            <option key={c.name} value={c.name}>
              {c.name} ({c.count})
            </option>
          ))}
        </Select>
        <Select
          label="Brand"
          name="brand"
          value={view.brand ?? ''}
          onChange={hydrated ? (e) => apply({ brand: e.currentTarget.value }) : undefined}
        >
          <option value="">All brands</option>
          {facets.brands.map((b) => (
            <option key={b.name} value={b.name}>
              {b.name} ({b.count})
            </option>
          ))}
        </Select>
        {view.tab === 'redeemed' ? null : (
          <Select
            label="Sort by"
            name="sort"
            value={view.sort}
            onChange={hydrated ? (e) => apply({ sort: e.currentTarget.value }) : undefined}
          >
            {COUPON_SORTS.map((s) => (
              <option key={s} value={s}>
                {COUPON_SORT_LABELS[s]}
              </option>
            ))}
          </Select>
        )}
        <button type="submit" className={cx(styles.apply)}>
          Apply
        </button>
      </Form>
    </>
  );
}
