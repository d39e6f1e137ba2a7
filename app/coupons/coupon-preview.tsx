import { Link } from '@remix-run/react';
import type { CouponCardData } from './types';
import { sx } from '~/lib/theme/static-css';
import { CardRow, cardSlotStyle, SliderFrame, sliderLink } from '~/lib/ui/slider';
import { CouponCard, useDetailsLinkNavigation } from './coupon-card';

/** The coupon preview slider's messages (docs/reference/coupons.md "Messages"). */
export const NO_PREVIEW_COUPONS_MESSAGE =
  'Sorry, no digital coupons are available at this time. Please check back soon.';

/** Preview card width. */
export const PREVIEW_CARD_WIDTH = 200;

const styles = {
  section: sx({ my: '10' }),
  item: sx(cardSlotStyle(PREVIEW_CARD_WIDTH)),
  empty: sx({ color: 'fg.muted' }),
};

/**
 * The home page's coupon preview slider (docs/reference/coupons.md "Home page preview"): up to 15
 * cards side by side, 200 wide, scrolled sideways (keyboard too: the list is focusable), with a
 * link to all coupons; the reference's message when there are none.
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
    <SliderFrame
      className={styles.section}
      titleId="coupon-preview-title"
      title="Digital Coupons"
      link={
        <Link to="/digital-coupons" className={sliderLink}>
          See all digital coupons
        </Link>
      }
      withControls={false}
    >
      {coupons.length === 0 ? (
        <p className={styles.empty}>{NO_PREVIEW_COUPONS_MESSAGE}</p>
      ) : (
        <CardRow
          label="Featured digital coupons"
          slotClassName={styles.item}
          items={coupons.map((coupon) => ({
            key: coupon.offerId,
            card: <CouponCard coupon={coupon} signedIn={signedIn} now={now} search="" />,
          }))}
          onClick={openDetails}
        />
      )}
    </SliderFrame>
  );
}
