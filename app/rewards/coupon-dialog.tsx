import { formatShopperDate } from '@common/dates';
import { Link, useNavigate } from '@remix-run/react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import { LazyDialog } from '~/lib/ui/lazy-dialog';
import { TABLE_BREAKPOINT_PX } from './data-table';
import { couponLinkId } from './instant-savings';
import type { RewardCoupon } from './offers';

/** Coupon dialog width (spec §9). */
export const REWARD_COUPON_DIALOG_WIDTH = 700;

const narrow = `@media screen and (max-width: ${TABLE_BREAKPOINT_PX - 1}px)`;
const wide = `@media screen and (min-width: ${TABLE_BREAKPOINT_PX}px)`;

const styles = {
  section: sx({
    borderWidth: '1px',
    borderRadius: 'l3',
    p: '5',
    mb: '6',
    bg: 'bg',
    shadow: 'sm',
    maxW: `${REWARD_COUPON_DIALOG_WIDTH}px`,
    mx: 'auto',
  }),
  title: sxRecipe('heading', { size: 'lg' }, { mb: '3' }),
  body: sx({ display: 'flex', gap: '5', flexDirection: { base: 'column', sm: 'row' } }),
  image: sx({ w: '160px', h: '160px', objectFit: 'contain', flexShrink: 0, alignSelf: 'center' }),
  restrictions: sx({ mb: '3', whiteSpace: 'pre-line' }),
  facts: sx({
    fontSize: 'sm',
    '& dt': { fontWeight: 'semibold', display: 'inline' },
    '& dd': { display: 'inline', ms: '1' },
  }),
  close: sxRecipe('button', { variant: 'solid', size: 'md' }, { colorPalette: 'brand' }),
  closeLink: sxRecipe(
    'button',
    { variant: 'solid', size: 'md' },
    { colorPalette: 'brand', mt: '4' },
  ),
  // Full screen below 769 px (spec §2, §9), 700 wide above.
  content: sx({
    maxW: `${REWARD_COUPON_DIALOG_WIDTH}px`,
    w: 'full',
    mx: '4',
    [narrow]: { maxW: '100vw', w: '100vw', minH: '100dvh', m: '0', borderRadius: '0' },
  }),
  back: sxRecipe(
    'button',
    { variant: 'ghost', size: 'sm' },
    { alignSelf: 'flex-start', ms: '2', mt: '2', [wide]: { display: 'none' } },
  ),
};

function CouponBody({ coupon }: { coupon: RewardCoupon }) {
  const expires = formatShopperDate(coupon.expires);
  return (
    <div className={styles.body}>
      <img
        className={styles.image}
        src={coupon.image || '/images/placeholder.svg'}
        alt=""
        width={160}
        height={160}
      />
      <div>
        <p className={styles.restrictions}>{coupon.restrictions}</p>
        <dl className={styles.facts}>
          {expires ? (
            <div>
              <dt>Expires</dt>
              <dd>{expires}</dd>
            </div>
          ) : null}
          {typeof coupon.limit === 'number' && coupon.limit > 0 ? (
            <div>
              <dt>Limit</dt>
              <dd>{coupon.limit}</dd>
            </div>
          ) : null}
        </dl>
      </div>
    </div>
  );
}

/**
 * A reward coupon (spec §2 "Coupon dialog"): image, offer, restrictions, Expires date, Limit and
 * a Close button; 700 wide, full screen with a Back button below 769 px. Opened by `?coupon=`:
 * with JavaScript a dialog; without, the same address shows the coupon as a section at the top
 * of the page, closed with a link.
 */
export function CouponDialog({ coupon }: { coupon: RewardCoupon }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  if (!hydrated) {
    return (
      <section
        className={styles.section}
        aria-labelledby="coupon-title"
        data-testid="coupon-details"
      >
        <h2 id="coupon-title" className={styles.title}>
          {coupon.offer}
        </h2>
        <CouponBody coupon={coupon} />
        <Link to="/rewards" className={styles.closeLink}>
          Close
        </Link>
      </section>
    );
  }
  const close = () => {
    navigate('/rewards', { replace: true, preventScrollReset: true });
    requestAnimationFrame(() => document.getElementById(couponLinkId(coupon.id))?.focus());
  };
  return (
    <LazyDialog
      open
      onOpenChange={(open) => {
        if (!open) close();
      }}
      root={{ placement: 'center' }}
      content={{ className: styles.content, colorPalette: 'brand', 'data-testid': 'coupon-dialog' }}
      before={
        <button type="button" className={styles.back} onClick={close}>
          <span aria-hidden="true">←</span> Back
        </button>
      }
      title={coupon.offer}
      footerClose={{ label: 'Close', className: styles.close }}
    >
      <CouponBody coupon={coupon} />
    </LazyDialog>
  );
}
