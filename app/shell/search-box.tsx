import { Form, useFetcher, useLocation } from '@remix-run/react';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { SearchResults } from '~/content/search-results';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import { SearchIcon } from '~/lib/ui/icons';
import {
  debounce,
  freshResults,
  MAX_QUERY,
  normalizeQuery,
  searchHref,
  SEARCH_DEBOUNCE_MS,
  SPINNER_HIDE_DELAY_MS,
  type SearchData,
} from '~/content/search-logic';
import { iconButtonStyle, visuallyHidden } from '~/lib/ui/styles';
import { useHydrated } from 'remix-utils/use-hydrated';

/** Below Chakra's md breakpoint (48em) the open results lock page scroll. */
const SMALL_SCREEN = '(max-width: 47.99em)';

const styles = {
  container: sx({ position: 'relative', w: 'full' }),
  row: sx({ display: 'flex', alignItems: 'center', position: 'relative' }),
  input: sxRecipe(
    'input',
    { size: 'md', variant: 'outline' },
    { bg: 'bg', color: 'fg', borderEndRadius: '0', pe: '9' },
  ),
  spinner: sxRecipe(
    'spinner',
    { size: 'sm' },
    { color: 'brand.fg', position: 'absolute', insetEnd: '12' },
  ),
  submit: sxRecipe(
    'button',
    { variant: 'solid', size: 'md' },
    { ...iconButtonStyle, colorPalette: 'brand', borderStartRadius: '0' },
  ),
  popup: sx({
    position: 'absolute',
    top: 'calc(100% + 4px)',
    insetStart: '0',
    insetEnd: '0',
    minW: { md: '22rem' },
    zIndex: 'dropdown',
    bg: 'bg',
    color: 'fg',
    shadow: 'lg',
    borderWidth: '1px',
    borderRadius: 'md',
    maxH: { base: '70vh', md: '28rem' },
    overflowY: 'auto',
    overscrollBehavior: 'contain',
  }),
};

/**
 * Header content search (docs/reference/shell.md "Search box"). Without JavaScript it is a plain
 * GET form to /search. With JavaScript, typing (debounced) asks the same loader through a fetcher
 * and shows the results in a drop-down under the box: a combobox whose popup is a small non-modal
 * dialog of links.
 */
export function SearchBox() {
  const hydrated = useHydrated();
  const fetcher = useFetcher<SearchData>();
  const location = useLocation();
  const id = useId();
  const inputId = `${id}-q`;
  const popupId = `${id}-results`;
  const containerRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const latest = useRef('');
  const [value, setValue] = useState('');
  const [open, setOpen] = useState(false);
  const [spinning, setSpinning] = useState(false);
  const [results, setResults] = useState<SearchData['results'] | null>(null);

  const load = fetcher.load;
  const send = useMemo(
    () =>
      debounce((q: string) => {
        latest.current = q;
        load(searchHref(q));
      }, SEARCH_DEBOUNCE_MS),
    [load],
  );
  useEffect(() => send.cancel, [send]);

  // New data: keep it only when it answers the latest query; the spinner lingers a moment.
  useEffect(() => {
    if (fetcher.state !== 'idle') return;
    const fresh = freshResults(fetcher.data, latest.current);
    if (!fresh) return;
    setResults(fresh);
    setOpen(true);
    const t = setTimeout(() => setSpinning(false), SPINNER_HIDE_DELAY_MS);
    return () => clearTimeout(t);
  }, [fetcher.data, fetcher.state]);

  // Any route change (a result chosen, the form submitted, a link elsewhere) closes the menu.
  useEffect(() => {
    setOpen(false);
  }, [location.key]);

  // Close on a pointer press outside the box and its menu.
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (e.target instanceof Node && !containerRef.current?.contains(e.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open]);

  // Small screens: the results cover the page, so the page behind must not scroll.
  useEffect(() => {
    if (!open || !window.matchMedia?.(SMALL_SCREEN).matches) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, [open]);

  function onChange(next: string) {
    setValue(next);
    const q = normalizeQuery(next);
    if (!q) {
      // An empty value closes the menu and clears the results.
      send.cancel();
      latest.current = '';
      setOpen(false);
      setSpinning(false);
      setResults(null);
      return;
    }
    setSpinning(true);
    send(q);
  }

  function close(focusInput: boolean) {
    setOpen(false);
    if (focusInput) inputRef.current?.focus();
  }

  function onInputKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'Escape' && open) {
      // Keep the text (the browser would clear a search field); just close the menu.
      e.preventDefault();
      close(false);
    } else if (e.key === 'ArrowDown' && results) {
      e.preventDefault();
      setOpen(true);
      requestAnimationFrame(() =>
        document.getElementById(popupId)?.querySelector<HTMLElement>('a[href]')?.focus(),
      );
    }
  }

  function onPopupKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    if (e.key === 'Escape') {
      e.preventDefault();
      close(true);
    }
  }

  const comboboxProps = hydrated
    ? ({
        role: 'combobox',
        'aria-expanded': open,
        'aria-controls': popupId,
        'aria-haspopup': 'dialog',
        'aria-autocomplete': 'none',
      } as const)
    : {};

  const status = spinning
    ? 'Searching…'
    : open && results
      ? `${results.length} result${results.length === 1 ? '' : 's'}`
      : '';

  return (
    <div
      ref={containerRef}
      className={styles.container}
      onBlur={(e) => {
        // Tabbing out of the box and its results closes them.
        const next = e.relatedTarget as Node | null;
        if (next && !e.currentTarget.contains(next)) setOpen(false);
      }}
    >
      <Form method="get" action="/search" role="search" onSubmit={() => setOpen(false)}>
        <label className={visuallyHidden} htmlFor={inputId}>
          Search this site
        </label>
        <div className={styles.row}>
          <input
            ref={inputRef}
            id={inputId}
            name="q"
            type="search"
            placeholder="Search"
            autoComplete="off"
            maxLength={MAX_QUERY}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            onKeyDown={onInputKeyDown}
            onFocus={() => results && normalizeQuery(value) && setOpen(true)}
            className={styles.input}
            {...comboboxProps}
          />
          {spinning ? (
            <span className={styles.spinner} aria-hidden="true" data-testid="search-spinner" />
          ) : null}
          <button type="submit" aria-label="Search" className={styles.submit}>
            <SearchIcon />
          </button>
        </div>
      </Form>
      <span className={visuallyHidden} aria-live="polite">
        {status}
      </span>
      {hydrated ? (
        // Escape inside the results popup (a non-modal dialog) closes it and refocuses the box.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
        <div
          id={popupId}
          role="dialog"
          aria-label="Search results"
          hidden={!open}
          onKeyDown={onPopupKeyDown}
          className={styles.popup}
          data-testid="search-menu"
        >
          {open && results ? (
            <SearchResults results={results} compact onSelect={() => setOpen(false)} />
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
