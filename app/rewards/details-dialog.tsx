import { Link, useNavigate } from '@remix-run/react';
import { formatCurrency } from '~/lib/money';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import { AddressDialog } from '~/lib/ui/address-dialog';
import { DataTable, type Column } from './data-table';
import type { CreditLine, PointsLine } from './details';
import { fullScreenBelowTables, rewardsDialogStyles } from './dialog-styles';
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

const styles = {
  subheading: sxRecipe('heading', { size: 'sm' }, { mt: '5', mb: '2' }),
  current: sx({ fontSize: 'md', mb: '2', '& strong': { fontSize: 'lg' } }),
  content: sx(fullScreenBelowTables('960px')),
};

const creditColumns: Column<CreditLine>[] = [
  { label: 'Date', cell: (r) => r.date },
  { label: 'Description', cell: (r) => r.description },
  { label: 'Issued', cell: (r) => formatCurrency(r.issued), numeric: true },
  { label: 'Balance', cell: (r) => formatCurrency(r.balance), numeric: true },
];

/**
 * An expired credit's remaining balance is what went unused when it expired, not money the
 * shopper still has: named so, never 'Balance'.
 */
const expiredColumns: Column<CreditLine>[] = [
  ...creditColumns.slice(0, 3),
  { label: 'Expired unused', cell: (r) => formatCurrency(r.balance), numeric: true },
];

const pointsColumns: Column<PointsLine>[] = [
  { label: 'Date', cell: (r) => r.date },
  { label: 'Description', cell: (r) => r.description },
  { label: 'Points', cell: (r) => r.points.toLocaleString('en-US'), numeric: true },
];

type Details = RewardsView['details'];

const TABS = [
  { value: 'credits', label: 'Credits' },
  { value: 'points', label: 'Points' },
] as const;

/** One of the details' histories: its heading, and its table named the same. */
function History<Row>({
  title,
  columns,
  rows,
  testId,
}: {
  title: string;
  columns: Column<Row>[];
  rows: Row[];
  testId: string;
}) {
  return (
    <>
      <h3 className={styles.subheading}>{title}</h3>
      <DataTable
        label={title}
        columns={columns}
        rows={rows}
        empty={REWARDS_MESSAGES.noRows}
        testId={testId}
      />
    </>
  );
}

function CreditsTab({ credits }: { credits: Details['credits'] }) {
  if (!credits.ok) return <SectionMessage message={credits.message} />;
  const c = credits.value;
  return (
    <>
      <p className={styles.current}>
        Current credits: <strong>{formatCurrency(c.current)}</strong>
      </p>
      <History
        title="Adjustment history"
        columns={creditColumns}
        rows={c.adjustments}
        testId="credit-history"
      />
      <History
        title="Expired credits"
        columns={expiredColumns}
        rows={c.expired}
        testId="expired-credits"
      />
    </>
  );
}

function PointsTab({ points }: { points: NonNullable<Details['points']> }) {
  if (!points.ok) return <SectionMessage message={points.message} />;
  return (
    <History
      title="Points history"
      columns={pointsColumns}
      rows={points.value}
      testId="points-history"
    />
  );
}

interface Props {
  title: string;
  details: Details;
  tab: DetailsTab;
}

/**
 * 'Points and Credit Details' ('Rewards Credits' without points): tabs Credits and
 * Points, data tables 400 px high, stacked below 769 px, a Close button. The open tab is in the
 * address (`?details=credits|points`): with JavaScript a dialog (full screen below 769 px)
 * whose tabs switch in place; without, the same address shows a section of the page whose tabs
 * and Close are links.
 */
export function DetailsDialog({ title, details, tab }: Props) {
  const navigate = useNavigate();
  const withPoints = details.points !== null;
  const shownTab =
    tab === 'points' && details.points ? (
      <PointsTab points={details.points} />
    ) : (
      <CreditsTab credits={details.credits} />
    );
  return (
    <AddressDialog
      title={title}
      closeTo="/rewards"
      onClosed={() =>
        requestAnimationFrame(() => document.getElementById(DETAILS_LINK_ID)?.focus())
      }
      dialog={{
        root: { placement: 'center', scrollBehavior: 'inside' },
        content: {
          className: styles.content,
          colorPalette: 'brand',
          'data-testid': 'details-dialog',
        },
        footerClose: { label: 'Close', className: rewardsDialogStyles.close },
      }}
      section={{
        className: rewardsDialogStyles.wideSection,
        titleId: 'details-title',
        titleClassName: rewardsDialogStyles.title,
        testId: 'details',
        closeText: 'Close',
        closeClassName: rewardsDialogStyles.closeLink,
      }}
      // Without JavaScript the tabs are links to the other tab's address.
      staticChildren={
        <>
          {withPoints ? (
            <nav className={tabStyles.list} aria-label={`${title} tabs`}>
              {TABS.map(({ value, label }) => (
                <Link
                  key={value}
                  to={detailsHref(value)}
                  className={tabStyles.tab}
                  aria-current={tab === value ? 'page' : undefined}
                >
                  {label}
                </Link>
              ))}
            </nav>
          ) : null}
          {shownTab}
        </>
      }
    >
      {withPoints ? (
        <Tabs
          id="rewards-details"
          label={title}
          value={tab}
          onChange={(value) =>
            navigate(detailsHref(value), { replace: true, preventScrollReset: true })
          }
          items={TABS.map(({ value, label }) => ({
            value,
            label,
            panel:
              value === 'points' ? (
                <PointsTab points={details.points!} />
              ) : (
                <CreditsTab credits={details.credits} />
              ),
          }))}
        />
      ) : (
        <CreditsTab credits={details.credits} />
      )}
    </AddressDialog>
  );
}
