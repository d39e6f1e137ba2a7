import { StreamedSavingsSection } from './savings-section';
import { LastKnownNotice } from '~/lib/ui/last-known-notice';
import type { SerializeFrom } from '@remix-run/node';
import { Link, useSearchParams } from '@remix-run/react';
import { ShopperCard } from '~/lib/card/shopper-card';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import { CouponDialog } from './coupon-dialog';
import { DETAILS_LINK_ID, detailsHref, detailsTab, DetailsDialog } from './details-dialog';
import { InstantSavings } from './instant-savings';
import { REWARDS_MESSAGES, REWARDS_TITLES } from './messages';
import { PointsPanel } from './points-panel';
import { RewardOffers } from './reward-offers';
import type { rewardsLoader } from './rewards.server';
import { SectionMessage } from './section-message';
import { useHomeOnShopperChange } from './use-home-on-shopper-change';

export type RewardsPageData = SerializeFrom<typeof rewardsLoader>;

/** The charity picker (docs/reference/rewards.md "Charity"), linked from here. */
export const CHARITY_PATH = '/rewards/charity';

const styles = {
  page: sx({
    maxW: '1280px',
    mx: 'auto',
    px: '4',
    py: { base: '6', md: '8' },
    display: 'flex',
    flexDirection: 'column',
    gap: '8',
  }),
  heading: sxRecipe('heading', { size: '2xl' }),
  summary: sx({ display: 'flex', flexDirection: 'column', gap: '3' }),
  sentence: sx({ fontSize: 'lg' }),
  links: sx({ display: 'flex', flexWrap: 'wrap', gap: '5' }),
  link: sxRecipe('link', { variant: 'underline' }, { color: 'brand.fg', fontWeight: 'semibold' }),
};

/**
 * The rewards page (docs/reference/rewards.md "What the shopper sees"): the plain summary, the
 * details (`?details=`) and coupon (`?coupon=`) dialogs, the points/credits panel, the year-to-date
 * savings, 'Level Up with Rewards' and 'Instant Savings'. Sections the brand does not have are null
 * in the data; a section whose data could not be loaded carries its message.
 */
export function RewardsPage({
  data,
  firstName,
}: {
  data: RewardsPageData;
  /** The signed-in shopper's first name from the root data; null once signed out. */
  firstName: string | null;
}) {
  const [params] = useSearchParams();
  useHomeOnShopperChange({ viewer: data.viewer, firstName });
  const tab = detailsTab(params.get('details'), data.noPoints);
  const couponId = params.get('coupon');
  const coupons = data.coupons?.ok ? data.coupons.value : [];
  const coupon = couponId === null ? null : (coupons.find((c) => c.id === couponId) ?? null);
  const { summary } = data;
  const sentences = [summary.points, summary.credits].flatMap((s) => (s?.ok ? [s.value] : []));
  const failures = [summary.points, summary.credits].flatMap((s) =>
    s && !s.ok ? [s.message] : [],
  );

  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{data.title}</h1>
      <LastKnownNotice label={data.lastKnown} />
      <ShopperCard card={data.card} headingId="shopper-card-heading" />

      <section className={styles.summary} aria-label="Summary">
        {sentences.length ? (
          <p className={styles.sentence} data-testid="rewards-summary">
            {sentences.join(' ')}
          </p>
        ) : null}
        {failures.map((message) => (
          <SectionMessage key={message} message={message} />
        ))}
        <p className={styles.links}>
          <Link
            id={DETAILS_LINK_ID}
            to={detailsHref('credits')}
            preventScrollReset
            className={styles.link}
          >
            {data.detailsTitle}
          </Link>
          <Link to={CHARITY_PATH} className={styles.link}>
            {REWARDS_TITLES.charityLink}
          </Link>
        </p>
      </section>

      {tab ? <DetailsDialog title={data.detailsTitle} details={data.details} tab={tab} /> : null}
      {coupon ? (
        <CouponDialog coupon={coupon} />
      ) : couponId !== null && data.coupons?.ok ? (
        <SectionMessage message={REWARDS_MESSAGES.couponGone} />
      ) : null}

      {data.panel ? <PointsPanel panel={data.panel} /> : null}

      {/* Year-to-date savings (docs/reference/rewards.md "Savings"), between panel and offers. */}
      <StreamedSavingsSection savings={data.savings} headingId="rewards-savings-heading" />

      {data.offers ? <RewardOffers offers={data.offers} redeem={data.redeem} /> : null}
      {data.coupons ? <InstantSavings coupons={data.coupons} /> : null}
    </div>
  );
}
