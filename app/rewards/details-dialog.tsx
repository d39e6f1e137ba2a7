import { Link, useNavigate } from '@remix-run/react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { formatCurrency } from '~/lib/money';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import { LazyDialog } from '~/lib/ui/lazy-dialog';
import { DataTable, TABLE_BREAKPOINT_PX, type Column } from './data-table';
import type { CreditLine, PointsLine } from './details';
import { REWARDS_MESSAGES } from './messages';
import { SectionMessage } from './section-message';
import { Tabs, tabStyles } from './tabs';
import type { RewardsView } from './view';

export type DetailsTab = 'credits' | 'points';

/** The open tab from `?details=`; null when the details are closed. Points only with points on. */
export function detailsTab(value: string | null, noPoints: boolean): DetailsTab | null {
  if (value === 'credits') return 'credits';
  if (value === 'points') return noPoints ? 'credits' : 'points';
  return null;
}

/** The page's address with the details open on `tab`. */
export const detailsHref = (tab: DetailsTab) => `/rewards?details=${tab}`;

/** Where the details link sits: focus goes back to it when the dialog closes. */
export const DETAILS_LINK_ID = 'rewards-details-link';

const narrow = `@media screen and (max-width: ${TABLE_BREAKPOINT_PX - 1}px)`;

const styles = {
  section: sx({
    borderWidth: '1px',
    borderRadius: 'l3',
    p: { base: '4', md: '6' },
    mb: '6',
    bg: 'bg',
    shadow: 'sm',
  }),
  title: sxRecipe('heading', { size: 'lg' }, { mb: '3' }),
  subheading: sxRecipe('heading', { size: 'sm' }, { mt: '5', mb: '2' }),
  current: sx({ fontSize: 'md', mb: '2', '& strong': { fontSize: 'lg' } }),
  close: sxRecipe('button', { variant: 'solid', size: 'md' }, { colorPalette: 'brand' }),
  closeLink: sxRecipe(
    'button',
    { variant: 'solid', size: 'md' },
    { colorPalette: 'brand', mt: '4' },
  ),
  content: sx({
    maxW: '960px',
    w: 'full',
    mx: '4',
    [narrow]: { maxW: '100vw', w: '100vw', minH: '100dvh', m: '0', borderRadius: '0' },
  }),
};

const creditColumns: Column<CreditLine>[] = [
  { label: 'Date', cell: (r) => r.date },
  { label: 'Description', cell: (r) => r.description },
  { label: 'Issued', cell: (r) => formatCurrency(r.issued), numeric: true },
  { label: 'Balance', cell: (r) => formatCurrency(r.balance), numeric: true },
];

const pointsColumns: Column<PointsLine>[] = [
  { label: 'Date', cell: (r) => r.date },
  { label: 'Description', cell: (r) => r.description },
  { label: 'Points', cell: (r) => r.points.toLocaleString('en-US'), numeric: true },
];

type Details = RewardsView['details'];

function CreditsTab({ credits }: { credits: Details['credits'] }) {
  if (!credits.ok) return <SectionMessage message={credits.message} />;
  const c = credits.value;
  return (
    <>
      <p className={styles.current}>
        Current credits: <strong>{formatCurrency(c.current)}</strong>
      </p>
      <h3 className={styles.subheading}>Adjustment history</h3>
      <DataTable
        label="Adjustment history"
        columns={creditColumns}
        rows={c.adjustments}
        empty={REWARDS_MESSAGES.noRows}
        testId="credit-history"
      />
      <h3 className={styles.subheading}>Expired credits</h3>
      <DataTable
        label="Expired credits"
        columns={creditColumns}
        rows={c.expired}
        empty={REWARDS_MESSAGES.noRows}
        testId="expired-credits"
      />
    </>
  );
}

function PointsTab({ points }: { points: NonNullable<Details['points']> }) {
  if (!points.ok) return <SectionMessage message={points.message} />;
  return (
    <>
      <h3 className={styles.subheading}>Points history</h3>
      <DataTable
        label="Points history"
        columns={pointsColumns}
        rows={points.value}
        empty={REWARDS_MESSAGES.noRows}
        testId="points-history"
      />
    </>
  );
}

interface Props {
  title: string;
  details: Details;
  tab: DetailsTab;
}

/**
 * 'Points and Credit Details' (spec §2; 'Rewards Credits' without points): tabs Credits and
 * Points, data tables 400 px high, stacked below 769 px, a Close button. The open tab is in the
 * address (`?details=credits|points`): with JavaScript a dialog (full screen below 769 px)
 * whose tabs switch in place; without, the same address shows a section of the page whose tabs
 * and Close are links.
 */
export function DetailsDialog({ title, details, tab }: Props) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const withPoints = details.points !== null;

  if (!hydrated) {
    return (
      <section className={styles.section} aria-labelledby="details-title" data-testid="details">
        <h2 id="details-title" className={styles.title}>
          {title}
        </h2>
        {withPoints ? (
          <nav className={tabStyles.list} aria-label={`${title} tabs`}>
            <Link
              to={detailsHref('credits')}
              className={tabStyles.tab}
              aria-current={tab === 'credits' ? 'page' : undefined}
            >
              Credits
            </Link>
            <Link
              to={detailsHref('points')}
              className={tabStyles.tab}
              aria-current={tab === 'points' ? 'page' : undefined}
            >
              Points
            </Link>
          </nav>
        ) : null}
        {tab === 'points' && details.points ? (
          <PointsTab points={details.points} />
        ) : (
          <CreditsTab credits={details.credits} />
        )}
        <Link to="/rewards" className={styles.closeLink}>
          Close
        </Link>
      </section>
    );
  }

  const close = () => {
    navigate('/rewards', { replace: true, preventScrollReset: true });
    requestAnimationFrame(() => document.getElementById(DETAILS_LINK_ID)?.focus());
  };
  return (
    <LazyDialog
      open
      onOpenChange={(open) => {
        if (!open) close();
      }}
      root={{ placement: 'center', scrollBehavior: 'inside' }}
      content={{
        className: styles.content,
        colorPalette: 'brand',
        'data-testid': 'details-dialog',
      }}
      title={title}
      footerClose={{ label: 'Close', className: styles.close }}
    >
      {withPoints ? (
        <Tabs
          id="rewards-details"
          label={title}
          value={tab}
          onChange={(value) =>
            navigate(detailsHref(value), { replace: true, preventScrollReset: true })
          }
          items={[
            {
              value: 'credits' as const,
              label: 'Credits',
              panel: <CreditsTab credits={details.credits} />,
            },
            {
              value: 'points' as const,
              label: 'Points',
              panel: <PointsTab points={details.points!} />,
            },
          ]}
        />
      ) : (
        <CreditsTab credits={details.credits} />
      )}
    </LazyDialog>
  );
}
