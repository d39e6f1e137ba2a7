import { Form, Link, useSubmit } from '@remix-run/react';
import { useRef } from 'react';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import { NativeSelect } from '~/lib/ui/native-select';
import { storeStyles } from './store-styles';
import type { GeoPoint, StoreFilters } from './types';

const styles = {
  form: sx({
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: '3',
    mt: '4',
    p: '3',
    borderWidth: '1px',
    borderColor: 'border.muted',
    borderRadius: 'l2',
  }),
  checks: sx({ display: 'flex', flexWrap: 'wrap', gap: '4', alignItems: 'center', minH: '10' }),
  field: sx({ display: 'flex', flexDirection: 'column', gap: '1', flex: '1 1 12rem', minW: '0' }),
  label: sx({ fontSize: 'sm', fontWeight: 'medium' }),
  buttons: sx({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3', minH: '10' }),
  apply: sxRecipe('button', { variant: 'outline', size: 'md' }, { colorPalette: 'brand' }),
};

/**
 * The locator's filters: 'Open now', 'Has pharmacy' and a service. A plain GET form to the
 * locator that carries the search too (hidden fields), so the address holds the whole list and
 * a shared link shows it again; 'Filter' sends it with JavaScript or without, and with
 * JavaScript a change applies at once.
 */
export function StoreFiltersForm({
  q,
  coordinates,
  filters,
  options,
  clearHref,
}: {
  q: string;
  coordinates: GeoPoint | null;
  filters: StoreFilters;
  options: string[];
  /** The same search without filters, when a filter is set. */
  clearHref: string | null;
}) {
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const applyNow = () => {
    const form = formRef.current;
    if (form) submit(form, { method: 'get', replace: true, preventScrollReset: true });
  };
  // A service the brand's stores no longer list stays selectable, so the form shows the address.
  const services =
    filters.service && !options.includes(filters.service) ? [...options, filters.service] : options;
  return (
    <Form
      ref={formRef}
      method="get"
      action="/locations"
      aria-label="Filter stores"
      className={styles.form}
      preventScrollReset
      // New defaults when the address changes (a link, the back button).
      key={`${filters.openNow}|${filters.pharmacy}|${filters.service ?? ''}|${q}`}
      data-testid="store-filters"
    >
      {q ? <input type="hidden" name="q" value={q} /> : null}
      {coordinates ? (
        <>
          <input type="hidden" name="lat" value={coordinates.latitude} />
          <input type="hidden" name="lng" value={coordinates.longitude} />
        </>
      ) : null}
      <div className={styles.checks} role="group" aria-label="Show only stores that are">
        <label className={storeStyles.checkRow}>
          <input
            type="checkbox"
            name="open"
            value="1"
            defaultChecked={filters.openNow}
            className={storeStyles.checkbox}
            onChange={applyNow}
          />
          Open now
        </label>
        <label className={storeStyles.checkRow}>
          <input
            type="checkbox"
            name="pharmacy"
            value="1"
            defaultChecked={filters.pharmacy}
            className={storeStyles.checkbox}
            onChange={applyNow}
          />
          Has pharmacy
        </label>
      </div>
      {services.length ? (
        <div className={styles.field}>
          <label htmlFor="store-service" className={styles.label}>
            Department or service
          </label>
          <NativeSelect
            look="field"
            id="store-service"
            name="service"
            defaultValue={filters.service ?? ''}
            onChange={applyNow}
            options={[
              { value: '', label: 'Any' },
              ...services.map((s) => ({ value: s, label: s })),
            ]}
          />
        </div>
      ) : null}
      <div className={styles.buttons}>
        <button type="submit" className={styles.apply}>
          Filter
        </button>
        {clearHref ? (
          <Link to={clearHref} className={storeStyles.link} preventScrollReset>
            Clear filters
          </Link>
        ) : null}
      </div>
    </Form>
  );
}
