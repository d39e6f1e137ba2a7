import { Link } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { sx, sxRecipe } from '~/lib/theme/static-css';

/** The help alert after 400 px of scroll, Scroll to Top after 800 px (not on mobile). */
export const HELP_ALERT_SCROLL_PX = 400;
export const SCROLL_TOP_PX = 800;
const MOBILE_MAX_PX = 768;

const styles = {
  help: sx({
    position: 'fixed',
    bottom: '4',
    insetStart: '4',
    maxW: 'sm',
    zIndex: 'sticky',
    p: '3',
    pe: '10',
    borderRadius: 'l2',
    bg: 'bg.panel',
    borderWidth: '1px',
    shadow: 'md',
    fontSize: 'sm',
  }),
  helpLink: sxRecipe(
    'link',
    { variant: 'underline' },
    { color: 'brand.fg', fontWeight: 'semibold' },
  ),
  dismiss: sx({
    position: 'absolute',
    top: '1',
    insetEnd: '1',
    w: '8',
    h: '8',
    borderRadius: 'full',
    cursor: 'pointer',
    _hover: { bg: 'bg.muted' },
    _focusVisible: { outline: '2px solid', outlineColor: 'brand.solid' },
  }),
  top: sxRecipe(
    'button',
    { variant: 'solid', size: 'md' },
    {
      position: 'fixed',
      bottom: '4',
      insetEnd: '4',
      zIndex: 'sticky',
      colorPalette: 'brand',
      shadow: 'md',
    },
  ),
};

function useScrollY(): number {
  const [y, setY] = useState(0);
  useEffect(() => {
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setY(window.scrollY));
    };
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, []);
  return y;
}

/** JavaScript only (rendered after hydration): both react to scrolling. */
export function CouponScrollHelpers() {
  const y = useScrollY();
  const [dismissed, setDismissed] = useState(false);
  const mobile = typeof window !== 'undefined' && window.innerWidth <= MOBILE_MAX_PX;
  return (
    <>
      {!dismissed && y > HELP_ALERT_SCROLL_PX ? (
        <div className={styles.help} role="status" data-testid="coupon-help-alert">
          Need help with digital coupons?{' '}
          <Link to="/digital-coupons/help" className={styles.helpLink}>
            How digital coupons work
          </Link>
          <button
            type="button"
            className={styles.dismiss}
            aria-label="Dismiss help"
            onClick={() => setDismissed(true)}
          >
            ×
          </button>
        </div>
      ) : null}
      {!mobile && y > SCROLL_TOP_PX ? (
        <button
          type="button"
          className={styles.top}
          onClick={() => {
            window.scrollTo({ top: 0, behavior: 'smooth' });
            document.getElementById('main')?.focus({ preventScroll: true });
          }}
        >
          Scroll to Top
        </button>
      ) : null}
    </>
  );
}
