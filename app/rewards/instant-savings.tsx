import { formatShopperDate } from '@common/dates';
import { sx } from '~/lib/theme/static-css';
import { CouponCardBody, couponGridStyle } from '~/lib/ui/coupon-card-body';
import { useDelegatedLinks } from '~/lib/ui/delegated-links';
import { REWARDS_MESSAGES, REWARDS_TITLES } from './messages';
import type { RewardCoupon } from './offers';
import { isShortened } from './offers';
import { ListSection } from './list-section';
import type { Section } from './view';

/** The page's address with a coupon's dialog open (`?coupon=`): it works without JavaScript. */
export const couponHref = (id: string) => `/rewards?coupon=${encodeURIComponent(id)}`;
/** The id of a card's link: focus goes back to it when the coupon's dialog closes. */
export const couponLinkId = (id: string) => `reward-coupon-${id}`;

const styles = {
  grid: sx(couponGridStyle),
  short: sx({ fontSize: 'sm', color: 'fg.muted', lineClamp: 4 }),
  expires: sx({ fontSize: 'xs', color: 'fg.muted', mt: 'auto' }),
};

/**
 * Marks a card's link: the grid turns a plain click on one into an in-app navigation that keeps
 * the scroll position (the dialog opens over the cards, no data reloads).
 */
const COUPON_LINK = 'data-coupon-link';

function CouponCard({ coupon }: { coupon: RewardCoupon }) {
  const expires = formatShopperDate(coupon.expires);
  return (
    <CouponCardBody
      look="reward"
      testId="reward-coupon"
      image={coupon.image}
      link={{
        id: couponLinkId(coupon.id),
        href: couponHref(coupon.id),
        text: coupon.offer,
        attribute: COUPON_LINK,
      }}
    >
      <p className={styles.short}>
        {coupon.shortDesc}
        {isShortened(coupon.restrictions) ? '…' : ''}
      </p>
      {expires ? <p className={styles.expires}>Expires {expires}</p> : null}
    </CouponCardBody>
  );
}

/**
 * 'Instant Savings': the Transactional offers and premiums as coupon cards (the
 * digital coupons' card body), 350 high; a card opens the coupon's dialog (coupon-dialog.tsx)
 * through the address.
 */
export function InstantSavings({ coupons }: { coupons: Section<RewardCoupon[]> }) {
  const onClick = useDelegatedLinks(COUPON_LINK, { preventScrollReset: true });
  return (
    <ListSection
      headingId="instant-savings-heading"
      testId="instant-savings"
      title={REWARDS_TITLES.instantSavings}
      data={coupons}
      empty={REWARDS_MESSAGES.noCoupons}
    >
      {(items) => (
        // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- delegates clicks of the links inside (keyboard activation of a link is a click)
        <ul className={styles.grid} aria-label={REWARDS_TITLES.instantSavings} onClick={onClick}>
          {items.map((coupon) => (
            <li key={coupon.id}>
              <CouponCard coupon={coupon} />
            </li>
          ))}
        </ul>
      )}
    </ListSection>
  );
}
