import { formatShopperDate } from '@common/dates';
import { useNavigate } from '@remix-run/react';
import type { MouseEvent } from 'react';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import { REWARDS_MESSAGES, REWARDS_TITLES } from './messages';
import type { RewardCoupon } from './offers';
import { isShortened } from './offers';
import { SectionMessage } from './section-message';
import type { Section } from './view';

/** Card height (spec §9). */
export const REWARD_CARD_HEIGHT = 350;

/** The page's address with a coupon's dialog open (`?coupon=`): it works without JavaScript. */
export const couponHref = (id: string) => `/rewards?coupon=${encodeURIComponent(id)}`;
/** The id of a card's link: focus goes back to it when the coupon's dialog closes. */
export const couponLinkId = (id: string) => `reward-coupon-${id}`;

const styles = {
  heading: sxRecipe('heading', { size: 'xl' }, { mb: '4' }),
  grid: sx({
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
    gap: '4',
    listStyleType: 'none',
    p: '0',
  }),
  card: sx({
    position: 'relative',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    textAlign: 'center',
    h: `${REWARD_CARD_HEIGHT}px`,
    p: '4',
    gap: '2',
    borderWidth: '1px',
    borderRadius: 'l3',
    bg: 'bg',
    shadow: 'xs',
    overflow: 'hidden',
    _hover: { shadow: 'md' },
  }),
  image: sx({ w: '120px', h: '120px', objectFit: 'contain', mt: '2', flexShrink: 0 }),
  offer: sx({
    fontWeight: 'bold',
    color: 'fg',
    lineClamp: 2,
    textDecoration: 'none',
    _hover: { textDecoration: 'underline' },
    _focusVisible: { outline: '2px solid', outlineColor: 'brand.solid', outlineOffset: '2px' },
    // The whole card opens the coupon (one link per card).
    _after: { content: '""', position: 'absolute', inset: '0', borderRadius: 'l3' },
  }),
  short: sx({ fontSize: 'sm', color: 'fg.muted', lineClamp: 4 }),
  expires: sx({ fontSize: 'xs', color: 'fg.muted', mt: 'auto' }),
};

/**
 * One click handler for the grid: a plain click on a card's link becomes an in-app navigation
 * that keeps the scroll position (the dialog opens over the cards, no data reloads).
 */
function useCardClicks() {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element).closest?.('a[data-coupon-link]');
    if (!(link instanceof HTMLAnchorElement)) return;
    event.preventDefault();
    navigate(link.getAttribute('href') ?? '', { preventScrollReset: true });
  };
}

function CouponCard({ coupon }: { coupon: RewardCoupon }) {
  const expires = formatShopperDate(coupon.expires);
  return (
    <article className={styles.card} data-testid="reward-coupon">
      <img
        className={styles.image}
        src={coupon.image || '/images/placeholder.svg'}
        alt=""
        width={120}
        height={120}
        loading="lazy"
        decoding="async"
      />
      <a
        id={couponLinkId(coupon.id)}
        href={couponHref(coupon.id)}
        className={styles.offer}
        data-coupon-link=""
      >
        {coupon.offer}
      </a>
      <p className={styles.short}>
        {coupon.shortDesc}
        {isShortened(coupon.restrictions) ? '…' : ''}
      </p>
      {expires ? <p className={styles.expires}>Expires {expires}</p> : null}
    </article>
  );
}

/**
 * 'Instant Savings' (spec §2): the Transactional offers and premiums as coupon cards, 350 high;
 * a card opens the coupon's dialog (coupon-dialog.tsx) through the address.
 */
export function InstantSavings({ coupons }: { coupons: Section<RewardCoupon[]> }) {
  const onClick = useCardClicks();
  return (
    <section aria-labelledby="instant-savings-heading" data-testid="instant-savings">
      <h2 id="instant-savings-heading" className={styles.heading}>
        {REWARDS_TITLES.instantSavings}
      </h2>
      {!coupons.ok ? (
        <SectionMessage message={coupons.message} />
      ) : coupons.value.length === 0 ? (
        <p>{REWARDS_MESSAGES.noCoupons}</p>
      ) : (
        // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- delegates clicks of the links inside (keyboard activation of a link is a click)
        <ul className={styles.grid} aria-label={REWARDS_TITLES.instantSavings} onClick={onClick}>
          {coupons.value.map((coupon) => (
            <li key={coupon.id}>
              <CouponCard coupon={coupon} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
