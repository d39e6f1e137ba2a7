import { formatCurrency } from '~/lib/money';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import { panelStyle } from '~/lib/ui/styles';
import { ProgressBar } from './progress-bar';
import type { TierProgress } from './progress';
import { SectionMessage } from './section-message';
import { formatPoints } from './summary';
import type { PanelView } from './view';

const styles = {
  panel: sx({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', md: '3fr 2fr' },
    gap: '5',
    p: { base: '4', md: '6' },
    ...panelStyle,
  }),
  heading: sxRecipe('heading', { size: 'xl' }, { gridColumn: '1 / -1' }),
  block: sx({ display: 'flex', flexDirection: 'column', gap: '3' }),
  big: sx({ fontSize: '3xl', fontWeight: 'bold', lineHeight: '1.1', color: 'brand.fg' }),
  label: sx({ fontSize: 'sm', color: 'fg.muted' }),
  facts: sx({
    display: 'grid',
    gridTemplateColumns: 'repeat(3, auto)',
    justifyContent: 'start',
    columnGap: '6',
    rowGap: '1',
    fontSize: 'sm',
    '& dt': { color: 'fg.muted' },
    '& dd': { fontWeight: 'semibold', fontSize: 'md' },
  }),
  fact: sx({ display: 'flex', flexDirection: 'column-reverse' }),
  note: sx({ fontSize: 'sm', color: 'fg.muted' }),
  top: sx({ fontWeight: 'semibold', color: 'green.700' }),
  fuel: sx({ gridColumn: '1 / -1', borderTopWidth: '1px', pt: '4' }),
  fuelLine: sx({ fontWeight: 'semibold' }),
};

const NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

function PointsBlock({ progress }: { progress: TierProgress }) {
  const text = progress.topTierReached
    ? `${formatPoints(progress.points)}: top reward level reached`
    : `${NUMBER.format(progress.points)} of ${NUMBER.format(progress.nextThreshold!)} points`;
  return (
    <div className={styles.block} data-testid="points-block">
      <div>
        <p className={styles.big}>{NUMBER.format(progress.points)}</p>
        <p className={styles.label}>{Math.abs(progress.points) === 1 ? 'point' : 'points'}</p>
      </div>
      <ProgressBar
        percent={progress.fill * 100}
        label="Points toward your next reward"
        text={text}
        done={progress.topTierReached}
        doneText="Top reward level"
        animate
      />
      {progress.topTierReached ? (
        <p className={styles.top}>You have reached the top reward level.</p>
      ) : (
        <dl className={styles.facts}>
          <div className={styles.fact}>
            <dt>Current points</dt>
            <dd>{NUMBER.format(progress.points)}</dd>
          </div>
          <div className={styles.fact}>
            <dt>Next reward at</dt>
            <dd>{NUMBER.format(progress.nextThreshold!)}</dd>
          </div>
          <div className={styles.fact}>
            <dt>Points needed</dt>
            <dd>{NUMBER.format(progress.pointsNeeded)}</dd>
          </div>
        </dl>
      )}
    </div>
  );
}

/**
 * The points/credits panel (only for a brand with reward tiers): the points against
 * the next tier (an animated fill with JavaScript, a plain bar without), the credits and their
 * balance with the brand's credit note, the fuel rewards line with the fuel note.
 * Each part that could not be loaded says so; the others stay.
 */
export function PointsPanel({ panel }: { panel: PanelView }) {
  return (
    <section
      className={styles.panel}
      aria-labelledby="points-panel-heading"
      data-testid="points-panel"
    >
      <h2 id="points-panel-heading" className={styles.heading}>
        {panel.title}
      </h2>
      {panel.points ? (
        panel.points.ok ? (
          <PointsBlock progress={panel.points.value} />
        ) : (
          <SectionMessage message={panel.points.message} />
        )
      ) : null}
      <div className={styles.block} data-testid="credits-block">
        {panel.credits.ok ? (
          <div>
            <p className={styles.big}>{formatCurrency(panel.credits.value.balance)}</p>
            <p className={styles.label}>credit balance</p>
          </div>
        ) : (
          <SectionMessage message={panel.credits.message} />
        )}
        {panel.creditNote ? <p className={styles.note}>{panel.creditNote}</p> : null}
      </div>
      {panel.fuel.ok && panel.fuel.value === null ? null : (
        <div className={styles.fuel} data-testid="fuel">
          {panel.fuel.ok ? (
            <>
              <p className={styles.fuelLine}>{panel.fuel.value}</p>
              <p className={styles.note}>{panel.fuelNote}</p>
            </>
          ) : (
            <SectionMessage message={panel.fuel.message} />
          )}
        </div>
      )}
    </section>
  );
}
