import { useCallback, useEffect, useRef, useState } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { FormAlert } from '~/lib/form-kit/form-alert';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import { CloseIcon } from '~/lib/ui/icons';
import { iconButtonStyle, srOnly } from '~/lib/ui/styles';
import { CHARITY_UPDATED_MESSAGE } from './charity';

/** How long the snackbar stays (the spec names no time; long enough to read two lines). */
export const CHARITY_SNACKBAR_MS = 6000;

const styles = {
  // Phones: the whole width at the bottom; wider screens: a card centred at the bottom.
  box: sx({
    position: 'fixed',
    zIndex: 'toast',
    bottom: { base: '0', md: '4' },
    insetX: { base: '0', md: 'auto' },
    left: { md: '50%' },
    transform: { md: 'translateX(-50%)' },
    w: { base: 'full', md: 'auto' },
    maxW: { md: 'xl' },
    display: 'flex',
    alignItems: 'center',
    gap: '3',
    px: '4',
    py: '3',
    bg: 'gray.900',
    color: 'white',
    borderWidth: '1px',
    borderColor: 'gray.600',
    borderRadius: { base: '0', md: 'l2' },
    shadow: 'lg',
  }),
  message: sx({ flex: '1', fontWeight: 'medium' }),
  close: sxRecipe(
    'button',
    { variant: 'ghost', size: 'sm' },
    {
      ...iconButtonStyle,
      color: 'white',
      _hover: { bg: 'whiteAlpha.200' },
      _focusVisible: { outline: '2px solid', outlineColor: 'white', outlineOffset: '2px' },
    },
  ),
  status: sx({ mb: '4' }),
};

/**
 * The notice after a change ('Your charity has been updated.', or that the charity chosen already
 * was the shopper's). Without JavaScript: a status message on the page. With JavaScript: a
 * snackbar (spec §2 "a grouped list with a snackbar"), announced through a polite live region that
 * is in the page before the message arrives; it closes after CHARITY_SNACKBAR_MS unless the
 * pointer or the focus is on it, on Escape, or with its close button.
 *
 * `version` is the page data the notice came with: the same sentence twice in a row (two changes)
 * opens the snackbar twice.
 */
export function CharityNotice({ notice, version }: { notice: string | null; version: unknown }) {
  const hydrated = useHydrated();
  if (hydrated) return <CharitySnackbar notice={notice} version={version} />;
  return notice ? (
    <FormAlert
      className={styles.status}
      status={notice === CHARITY_UPDATED_MESSAGE ? 'success' : 'info'}
      errors={[notice]}
    />
  ) : null;
}

function CharitySnackbar({ notice, version }: { notice: string | null; version: unknown }) {
  const [shown, setShown] = useState<string | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const holds = useRef(new Set<'hover' | 'focus'>());
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const close = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    // The focus leaves with the snackbar: back to the page's main region.
    if (box.current?.contains(document.activeElement)) document.getElementById('main')?.focus();
    holds.current.clear();
    setShown(null);
  }, []);

  const start = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = holds.current.size ? null : setTimeout(close, CHARITY_SNACKBAR_MS);
  }, [close]);

  useEffect(() => {
    if (notice) setShown(notice);
  }, [notice, version]);

  useEffect(() => {
    if (!shown) return;
    start();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) close();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (timer.current) clearTimeout(timer.current);
    };
  }, [shown, version, start, close]);

  const hold = (why: 'hover' | 'focus', on: boolean) => {
    if (on) holds.current.add(why);
    else holds.current.delete(why);
    if (shown) start();
  };

  return (
    <div
      ref={box}
      className={shown ? styles.box : srOnly}
      data-testid="charity-snackbar"
      data-open={shown ? 'true' : undefined}
      onMouseEnter={() => hold('hover', true)}
      onMouseLeave={() => hold('hover', false)}
      onFocus={() => hold('focus', true)}
      onBlur={(event) => {
        if (!(event.relatedTarget instanceof Node && box.current?.contains(event.relatedTarget)))
          hold('focus', false);
      }}
    >
      <p role="status" aria-live="polite" aria-atomic="true" className={styles.message}>
        {shown}
      </p>
      {shown ? (
        <button type="button" className={styles.close} onClick={close} aria-label="Close">
          <CloseIcon />
        </button>
      ) : null}
    </div>
  );
}
