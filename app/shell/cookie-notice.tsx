import { useLocation } from '@remix-run/react';
import { SiteLink } from './site-link';
import { useEffect, useRef, useState } from 'react';
import { createAnalytics, type Analytics } from '~/lib/browser/analytics';
import { getEntry, setEntry } from '~/lib/browser/local-store';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import { columnThenRowStyle } from '~/lib/ui/styles';

export const COOKIE_NOTICE_KEY = 'dismissed_cookie_notice';
/** The notice is 120 px high on wide screens, 250 px on narrow ones. */
const HEIGHT = { base: '250px', md: '120px' } as const;

const styles = {
  spacer: sx({ h: HEIGHT }),
  notice: sx({
    position: 'fixed',
    insetX: '0',
    bottom: '0',
    zIndex: 'banner',
    minH: HEIGHT,
    bg: 'gray.900',
    color: 'white',
    shadow: 'lg',
    display: 'flex',
    alignItems: 'center',
  }),
  row: sx({
    ...columnThenRowStyle('stretch', 'center'),
    maxW: '7xl',
    mx: 'auto',
    px: '4',
    py: '4',
    gap: '4',
    w: 'full',
  }),
  text: sx({ flex: '1' }),
  link: sxRecipe(
    'link',
    { variant: 'plain' },
    { color: 'white', textDecoration: 'underline', focusRingColor: 'white' },
  ),
  button: sxRecipe(
    'button',
    { variant: 'solid', size: 'md' },
    {
      bg: 'white',
      color: 'gray.900',
      _hover: { bg: 'gray.200' },
      focusRingColor: 'white',
      flexShrink: 0,
    },
  ),
};

/**
 * Cookie notice and analytics (docs/reference/shell.md "Cookie notice and analytics"), rendered
 * only when the tenant enables analytics. JavaScript only, so a shopper who dismissed it never sees
 * it flash: nothing is rendered until the stored flag has been read. Dismissing stores
 * 'dismissed_cookie_notice' (no expiry) and starts analytics; when already dismissed, analytics
 * starts at once. Page views go to the tenant's data layer 250 ms after each route change.
 */
export function CookieNotice({
  dataLayerName,
  hidden = false,
  onShownChange,
}: {
  dataLayerName: string;
  /** Held back (a popup is open); analytics keeps counting pages meanwhile. */
  hidden?: boolean;
  /** Told when the notice shows and goes: the shell then adds CookieNoticeSpacer at the end. */
  onShownChange?: (shown: boolean) => void;
}) {
  const location = useLocation();
  const analytics = useRef<Analytics | null>(null);
  const [visible, setVisible] = useState(false);
  const shown = visible && !hidden;
  useEffect(() => {
    onShownChange?.(shown);
  }, [shown, onShownChange]);

  useEffect(() => {
    const a = createAnalytics({ dataLayerName });
    analytics.current = a;
    if (getEntry(COOKIE_NOTICE_KEY) !== null) {
      a.start();
    } else setVisible(true);
    return () => {
      a.dispose();
      analytics.current = null;
    };
  }, [dataLayerName]);

  const path = location.pathname + location.search;
  useEffect(() => {
    analytics.current?.routeChanged(path);
    // location.key: the same address visited again is a new page view too.
  }, [path, location.key]);

  if (!shown) return null;

  function dismiss() {
    setEntry(COOKIE_NOTICE_KEY, true);
    setVisible(false);
    analytics.current?.start();
  }

  return (
    <section aria-label="Cookie notice" className={styles.notice} data-testid="cookie-notice">
      <div className={styles.row}>
        <p className={styles.text}>
          We use cookies to understand how our site is used and to improve your shopping. By
          continuing, you agree to our use of cookies. Read our{' '}
          <SiteLink to="/privacy" className={styles.link}>
            privacy policy
          </SiteLink>
          .
        </p>
        <button type="button" onClick={dismiss} className={styles.button}>
          Got it
        </button>
      </div>
    </section>
  );
}

/**
 * Room at the very end of the page for the fixed notice, so the footer's end can be scrolled
 * above it. At the end, not before the footer: what is on screen does not move when it comes.
 */
export function CookieNoticeSpacer() {
  return <div className={styles.spacer} aria-hidden="true" />;
}
