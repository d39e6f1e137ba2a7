import { Link } from '@remix-run/react';
import type { CouponCardData } from './types';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import { CouponCard, useDetailsLinkNavigation } from './coupon-card';

/** Spec §8, the coupon preview slider. */
export const NO_PREVIEW_COUPONS_MESSAGE =
  'Sorry, no digital coupons are available at this time. Please check back soon.';

/** Preview card width (spec §2). */
export const PREVIEW_CARD_WIDTH = 200;

const styles = {
  section: sx({ my: '10' }),
  header: sx({
    display: 'flex',
    justifyContent: 'space-between',
    alignItems: 'baseline',
    gap: '3',
    mb: '4',
  }),
  title: sxRecipe('heading', { size: 'xl' }),
  all: sxRecipe('link', { variant: 'underline' }, { color: 'brand.fg', fontWeight: 'semibold' }),
  track: sx({
    display: 'flex',
    gap: '4',
    overflowX: 'auto',
    scrollSnapType: 'x mandatory',
    listStyleType: 'none',
    p: '1',
    pb: '3',
    _focusVisible: { outline: '2px solid', outlineColor: 'brand.solid' },
  }),
  item: sx({ flex: `0 0 ${PREVIEW_CARD_WIDTH}px`, scrollSnapAlign: 'start' }),
  empty: sx({ color: 'fg.muted' }),
};

/**
 * The home page's coupon preview slider (spec §2): up to 15 cards side by side, 200 wide,
 * scrolled sideways (keyboard too: the list is focusable), with a link to all coupons; the
 * spec's message when there are none.
 */
export function CouponPreview({
  coupons,
  signedIn,
  now,
}: {
  coupons: CouponCardData[];
  signedIn: boolean;
  now: number;
}) {
  const openDetails = useDetailsLinkNavigation();
  return (
    <section className={styles.section} aria-labelledby="coupon-preview-title">
      <div className={styles.header}>
        <h2 id="coupon-preview-title" className={styles.title}>
          Digital Coupons
        </h2>
        <Link to="/digital-coupons" className={styles.all}>
          See all digital coupons
        </Link>
      </div>
      {coupons.length === 0 ? (
        <p className={styles.empty}>{NO_PREVIEW_COUPONS_MESSAGE}</p>
      ) : (
        // Clicks of the links inside are delegated (keyboard activation of a link is a click).
        // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
        <ul
          className={styles.track}
          // A scrollable list must be reachable by keyboard.
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          aria-label="Featured digital coupons"
          onClick={openDetails}
        >
          {coupons.map((coupon) => (
            <li key={coupon.offerId} className={styles.item}>
              <CouponCard coupon={coupon} signedIn={signedIn} now={now} search="" />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
