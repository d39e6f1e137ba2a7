import { formatShopperDate } from '@common/dates';
import { formatCurrency } from '~/lib/money';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import { REWARDS_MESSAGES, REWARDS_TITLES } from './messages';
import { isShortened, type PersonalOffer } from './offers';
import { ProgressBar } from './progress-bar';
import { SectionMessage } from './section-message';
import type { Section } from './view';

const styles = {
  heading: sxRecipe('heading', { size: 'xl' }, { mb: '4' }),
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
  ends: sx({ fontSize: 'xs', color: 'fg.muted' }),
  row: sx({ display: 'flex', alignItems: 'center', gap: '3', mt: 'auto' }),
  percent: sx({ fontWeight: 'bold', fontSize: 'sm', minW: '3.5em', textAlign: 'end' }),
  amount: sx({ fontSize: 'sm', mt: 'auto', '& strong': { fontSize: 'md' } }),
};

function OfferProgressLine({ offer }: { offer: PersonalOffer }) {
  const p = offer.progress;
  const name = `Progress on ${offer.description}`;
  if (p.kind === 'participation') {
    return (
      <p className={styles.amount}>
        Spent so far: <strong>{p.amount === null ? '—' : formatCurrency(p.amount)}</strong>
      </p>
    );
  }
  if (p.redeem) {
    return (
      <div className={styles.row}>
        <ProgressBar percent={100} label={name} text="Redeem Now" done />
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
 * 'Level Up with Rewards' (spec §2, §4): the shopper's personal offers (Accumulated), each with
 * its progress: a bar with the rounded-up percent, a full green bar reading 'Redeem Now' at 100
 * or more, or for offers 0509 and 0500 the amount spent instead of a bar.
 */
export function RewardOffers({ offers }: { offers: Section<PersonalOffer[]> }) {
  return (
    <section aria-labelledby="level-up-heading" data-testid="level-up">
      <h2 id="level-up-heading" className={styles.heading}>
        {REWARDS_TITLES.levelUp}
      </h2>
      {!offers.ok ? (
        <SectionMessage message={offers.message} />
      ) : offers.value.length === 0 ? (
        <p>{REWARDS_MESSAGES.noOffers}</p>
      ) : (
        <ul className={styles.list} aria-label={REWARDS_TITLES.levelUp}>
          {offers.value.map((offer) => {
            const ends = formatShopperDate(offer.endDate);
            return (
              <li key={offer.code || offer.description}>
                <article className={styles.card} data-testid="reward-offer" data-code={offer.code}>
                  <img
                    className={styles.image}
                    src={offer.image || '/images/placeholder.svg'}
                    alt=""
                    width={64}
                    height={64}
                    loading="lazy"
                    decoding="async"
                  />
                  <div className={styles.main}>
                    <h3 className={styles.title}>{offer.description}</h3>
                    <p
                      className={styles.notes}
                      title={isShortened(offer.notes) ? offer.notes : undefined}
                    >
                      {offer.shortDesc}
                      {isShortened(offer.notes) ? '…' : ''}
                    </p>
                    {ends ? <p className={styles.ends}>Ends {ends}</p> : null}
                    <OfferProgressLine offer={offer} />
                  </div>
                </article>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
