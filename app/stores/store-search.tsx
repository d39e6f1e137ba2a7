import { Form, useNavigate } from '@remix-run/react';
import { useCallback, useState, type FormEvent } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import { CloseIcon } from '~/lib/ui/icons';
import { shownWithJs } from '~/lib/browser/js-mark';
import { iconButtonStyle } from '~/lib/ui/styles';
import { geocodeAddress } from './google-map';
import { GEOLOCATION_ERROR_MESSAGE } from './messages';
import { NO_FILTERS, setFilterParams, type StoreFilters } from './services';

const styles = {
  form: sx({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: '3' }),
  field: sx({ display: 'flex', flexDirection: 'column', gap: '1.5', flex: '1 1 16rem', minW: '0' }),
  label: sx({ textStyle: 'sm', fontWeight: 'medium' }),
  input: sxRecipe('input', { size: 'md', variant: 'outline' }, { bg: 'bg' }),
  buttons: sx({ display: 'flex', flexWrap: 'wrap', gap: '2' }),
  search: sxRecipe('button', { variant: 'solid', size: 'md' }, { colorPalette: 'brand' }),
  // Its handler is client code: shown from the first paint where scripts run (no layout shift at
  // hydration), never without them.
  locate: sxRecipe(
    'button',
    { variant: 'outline', size: 'md' },
    { colorPalette: 'brand', ...shownWithJs('inline-flex') },
  ),
  snackbar: sx({
    position: 'fixed',
    insetX: '4',
    bottom: '4',
    zIndex: 'toast',
    mx: 'auto',
    maxW: 'md',
    display: 'flex',
    alignItems: 'center',
    gap: '3',
    px: '4',
    py: '3',
    borderRadius: 'l2',
    bg: 'red.700',
    color: 'white',
    shadow: 'lg',
  }),
  snackbarText: sx({ flex: '1', textStyle: 'sm' }),
  dismiss: sxRecipe(
    'button',
    { variant: 'ghost', size: 'sm' },
    { ...iconButtonStyle, color: 'white', _hover: { bg: 'red.800' } },
  ),
};

/** Coordinates to five places (about a metre): enough to sort stores, short in the address. */
const round = (n: number) => Math.round(n * 1e5) / 1e5;

/**
 * The locator's search: a GET form (the list is sorted on the server, with JavaScript or
 * without), and with JavaScript a 'Use my location' button asking the browser for its position.
 * With a Maps key (`mapsKey`) and JavaScript, a non-empty address is geocoded through Google when
 * the form is sent (Enter or the button); a failure is silent and the form
 * goes on to the server's own ZIP and city lookup.
 */
export function StoreSearch({
  q,
  mapsKey = null,
  filters = NO_FILTERS,
}: {
  q: string;
  mapsKey?: string | null;
  /** The filters set: a new search keeps them. */
  filters?: StoreFilters;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [locating, setLocating] = useState(false);
  const [failed, setFailed] = useState(false);

  const locate = useCallback(() => {
    setFailed(false);
    if (!('geolocation' in navigator)) {
      setFailed(true);
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        const params = new URLSearchParams({
          lat: String(round(position.coords.latitude)),
          lng: String(round(position.coords.longitude)),
        });
        navigate(`/locations?${setFilterParams(params, filters)}`);
      },
      () => {
        setLocating(false);
        setFailed(true);
      },
      { timeout: 10_000, maximumAge: 300_000 },
    );
  }, [navigate, filters]);

  const geocode = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      const form = event.currentTarget;
      const address = String(new FormData(form).get('q') ?? '').trim();
      if (!mapsKey || !address || form.dataset.geocoded === 'failed') return;
      event.preventDefault();
      geocodeAddress(address, mapsKey).then(
        (at) => {
          const params = new URLSearchParams({
            q: address,
            lat: String(round(at.lat)),
            lng: String(round(at.lng)),
          });
          navigate(`/locations?${setFilterParams(params, filters)}`);
        },
        () => {
          // Silent: the server's lookup answers instead.
          form.dataset.geocoded = 'failed';
          form.requestSubmit();
          delete form.dataset.geocoded;
        },
      );
    },
    [mapsKey, navigate, filters],
  );

  return (
    <>
      <Form
        onSubmit={geocode}
        method="get"
        action="/locations"
        role="search"
        aria-label="Find a store"
        className={styles.form}
      >
        {filters.openNow ? <input type="hidden" name="open" value="1" /> : null}
        {filters.pharmacy ? <input type="hidden" name="pharmacy" value="1" /> : null}
        {filters.service ? <input type="hidden" name="service" value={filters.service} /> : null}
        <div className={styles.field}>
          <label htmlFor="store-search" className={styles.label}>
            Address, city or ZIP
          </label>
          <input
            id="store-search"
            name="q"
            type="search"
            defaultValue={q}
            key={q}
            maxLength={200}
            className={styles.input}
          />
        </div>
        <div className={styles.buttons}>
          <button type="submit" className={styles.search}>
            Search
          </button>
          <button
            type="button"
            className={styles.locate}
            onClick={locate}
            // Until hydration its click would do nothing: not yet usable.
            disabled={!hydrated || locating}
            aria-busy={locating || undefined}
          >
            {locating ? 'Finding your location…' : 'Use my location'}
          </button>
        </div>
      </Form>
      {failed ? (
        <div role="alert" className={styles.snackbar} data-testid="geolocation-error">
          <p className={styles.snackbarText}>{GEOLOCATION_ERROR_MESSAGE}</p>
          <button
            type="button"
            className={styles.dismiss}
            onClick={() => setFailed(false)}
            aria-label="Dismiss"
          >
            <CloseIcon />
          </button>
        </div>
      ) : null}
    </>
  );
}
