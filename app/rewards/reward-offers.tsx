import { formatShopperDate } from '@common/dates';
import { Link } from '@remix-run/react';
import { formatCurrency } from '~/lib/money';
import { sx } from '~/lib/theme/static-css';
import { ProductImage } from '~/lib/ui/coupon-card-body';
import { REWARDS_MESSAGES, REWARDS_TITLES } from './messages';
import { isShortened, type PersonalOffer } from './offers';
import { ProgressBar } from './progress-bar';
import { ListSection } from './list-section';
import type { RedeemHow, Section } from './view';

const styles = {
  list: sx({
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))',
    gap: '4',
    listStyleType: 'none',
    p: '0',
  }),
  card: sx({
    display: 'flex',
    gap: '3',
    h: 'full',
    p: '4',
    borderWidth: '1px',
    borderRadius: 'l3',
    bg: 'bg',
    shadow: 'xs',
  }),
  image: sx({ w: '64px', h: '64px', objectFit: 'contain', flexShrink: 0 }),
  main: sx({ display: 'flex', flexDirection: 'column', gap: '2', flex: '1', minW: '0' }),
  title: sx({ fontWeight: 'bold', fontSize: 'md' }),
  notes: sx({ fontSize: 'sm', color: 'fg.muted' }),
  more: sx({
    fontSize: 'sm',
    '& > summary': { cursor: 'pointer', color: 'brand.fg', textDecoration: 'underline' },
    '& > p': { mt: '1' },
  }),
  ends: sx({ fontSize: 'xs', color: 'fg.muted' }),
  row: sx({ display: 'flex', alignItems: 'center', gap: '3', mt: 'auto' }),
  percent: sx({ fontWeight: 'bold', fontSize: 'sm', minW: '3.5em', textAlign: 'end' }),
  amount: sx({ fontSize: 'sm', mt: 'auto', '& strong': { fontSize: 'md' } }),
  redeem: sx({ display: 'flex', flexDirection: 'column', gap: '1', mt: 'auto' }),
  how: sx({ fontSize: 'sm' }),
  link: sx({ color: 'brand.fg', textDecoration: 'underline', fontWeight: 'medium' }),
};

/** A goal in round dollars reads '$100'; one with cents '$99.50'. */
function goalText(goal: number): string {
  return Number.isInteger(goal) ? `$${goal.toLocaleString('en-US')}` : formatCurrency(goal);
}

function OfferProgressLine({ offer, redeem }: { offer: PersonalOffer; redeem: RedeemHow }) {
  const p = offer.progress;
  const name = `Progress on ${offer.description}`;
  if (p.kind === 'participation') {
    return (
      <p className={styles.amount} data-testid="spend-progress">
        Spent so far: <strong>{p.amount === null ? '—' : formatCurrency(p.amount)}</strong>
        {p.goal !== null ? ` of ${goalText(p.goal)}` : null}
        {p.goal !== null && p.amount !== null && p.amount >= p.goal ? ' · Goal reached' : null}
      </p>
    );
  }
  if (p.redeem) {
    return (
      <div className={styles.redeem}>
        <div className={styles.row}>
          <ProgressBar percent={100} label={name} text="Redeem Now" done />
        </div>
        <p className={styles.how} data-testid="redeem-how">
          {redeem.text}{' '}
          <Link to="/about-rewards" className={styles.link}>
            How {redeem.programName} works
          </Link>
        </p>
      </div>
    );
  }
  return (
    <div className={styles.row}>
      <ProgressBar percent={p.width} label={name} text={`${p.percent}%`} />
      <span className={styles.percent} aria-hidden="true">
        {p.percent}%
      </span>
    </div>
  );
}

/**
 * 'Level Up with Rewards': the shopper's personal offers (Accumulated), each with
 * its progress: a bar with the rounded-up percent, a full green bar reading 'Redeem Now' at 100
 * or more with how to redeem (the brand's `rewards.redeemHow`), or for offers 0509 and 0500 the
 * amount spent, and of what goal, instead of a bar.
 */
export function RewardOffers({
  offers,
  redeem,
}: {
  offers: Section<PersonalOffer[]>;
  redeem: RedeemHow;
}) {
  return (
    <ListSection
      headingId="level-up-heading"
      testId="level-up"
      title={REWARDS_TITLES.levelUp}
      data={offers}
      empty={REWARDS_MESSAGES.noOffers}
    >
      {(items) => (
        <ul className={styles.list} aria-label={REWARDS_TITLES.levelUp}>
          {items.map((offer) => {
            const ends = formatShopperDate(offer.endDate);
            return (
              <li key={offer.code || offer.description}>
                <article className={styles.card} data-testid="reward-offer" data-code={offer.code}>
                  <ProductImage className={styles.image} src={offer.image} size={64} lazy />
                  <div className={styles.main}>
                    <h3 className={styles.title}>{offer.description}</h3>
                    <p className={styles.notes}>
                      {offer.shortDesc}
                      {isShortened(offer.notes) ? '…' : ''}
                    </p>
                    {isShortened(offer.notes) ? (
                      // The whole description, one tap or key away (a title shows on hover only,
                      // never on a phone or to a keyboard); a plain disclosure needs no script.
                      <details className={styles.more}>
                        <summary>Read the whole offer</summary>
                        <p className={styles.notes}>{offer.notes}</p>
                      </details>
                    ) : null}
                    {ends ? <p className={styles.ends}>Ends {ends}</p> : null}
                    <OfferProgressLine offer={offer} redeem={redeem} />
                  </div>
                </article>
              </li>
            );
          })}
        </ul>
      )}
    </ListSection>
  );
}
