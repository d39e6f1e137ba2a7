import { formatShopperDate } from '@common/dates';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import { AddressDialog } from '~/lib/ui/address-dialog';
import {
  COUPON_DIALOG_WIDTH,
  CouponDetailBody,
  CouponFacts,
  couponDialogSection,
} from '~/lib/ui/coupon-card-body';
import { tablesWide } from '~/lib/ui/responsive-table';
import { fullScreenBelowTables, rewardsDialogStyles } from './dialog-styles';
import { couponLinkId } from './instant-savings';
import type { RewardCoupon } from './offers';

const styles = {
  restrictions: sx({ mb: '3', whiteSpace: 'pre-line' }),
  content: sx(fullScreenBelowTables(`${COUPON_DIALOG_WIDTH}px`)),
  back: sxRecipe(
    'button',
    { variant: 'ghost', size: 'sm' },
    { alignSelf: 'flex-start', ms: '2', mt: '2', [tablesWide]: { display: 'none' } },
  ),
};

function CouponBody({ coupon }: { coupon: RewardCoupon }) {
  const expires = formatShopperDate(coupon.expires);
  return (
    <CouponDetailBody image={coupon.image}>
      <p className={styles.restrictions}>{coupon.restrictions}</p>
      <CouponFacts
        facts={[
          { term: 'Expires', value: expires || null },
          {
            term: 'Limit',
            value: typeof coupon.limit === 'number' && coupon.limit > 0 ? coupon.limit : null,
          },
        ]}
      />
    </CouponDetailBody>
  );
}

/**
 * A reward coupon (docs/reference/rewards.md "What the shopper sees"): image, offer, restrictions,
 * Expires date, Limit and a Close button; 700 wide, full screen with a Back button below 769 px.
 * Opened by `?coupon=`: with JavaScript a dialog; without, the same address shows the coupon as a
 * section at the top of the page, closed with a link.
 */
export function CouponDialog({ coupon }: { coupon: RewardCoupon }) {
  return (
    <AddressDialog
      title={coupon.offer}
      closeTo="/rewards"
      onClosed={() =>
        requestAnimationFrame(() => document.getElementById(couponLinkId(coupon.id))?.focus())
      }
      dialog={{
        root: { placement: 'center' },
        content: {
          className: styles.content,
          colorPalette: 'brand',
          'data-testid': 'coupon-dialog',
        },
        footerClose: { label: 'Close', className: rewardsDialogStyles.close },
      }}
      before={(close) => (
        <button type="button" className={styles.back} onClick={close}>
          <span aria-hidden="true">←</span> Back
        </button>
      )}
      section={{
        className: couponDialogSection,
        titleId: 'coupon-title',
        titleClassName: rewardsDialogStyles.title,
        testId: 'coupon-details',
        closeText: 'Close',
        closeClassName: rewardsDialogStyles.closeLink,
      }}
    >
      <CouponBody coupon={coupon} />
    </AddressDialog>
  );
}
