import { Await } from '@remix-run/react';
import { Suspense } from 'react';
import { UNAVAILABLE_MESSAGE } from '~/lib/loyalty/errors';
import { formatCurrency } from '~/lib/money';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import {
  responsiveTableStyle,
  StackedRow,
  tablesNarrow,
  tablesWide,
} from '~/lib/ui/responsive-table';
import { panelStyle, srOnly } from '~/lib/ui/styles';
import { SAVINGS_LABELS, type SavingsTable } from './savings';
import { SavingsChart } from './savings-chart';

// Below 769 px tables become stacked lists (the tables' mobile breakpoint).
const styles = {
  section: sx({
    ...panelStyle,
    p: { base: '4', md: '6' },
    display: 'flex',
    flexDirection: 'column',
    gap: '4',
  }),
  heading: sxRecipe('heading', { size: 'lg' }),
  muted: sx({ color: 'fg.muted' }),
  figure: sx({ m: '0' }),
  wideOnly: sx({ [tablesNarrow]: { display: 'none' } }),
  narrowOnly: sx({ [tablesWide]: { display: 'none' } }),
  table: sx({
    ...responsiveTableStyle,
    '& th, & td': { textAlign: 'start', px: '2', py: '2', borderBottomWidth: '1px' },
    '& thead th': { bg: 'bg.muted', fontWeight: 'semibold', verticalAlign: 'bottom' },
    '& .num': { textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
    '& tfoot th, & tfoot td': { fontWeight: 'bold', borderTopWidth: '2px', borderBottomWidth: '0' },
  }),
  caption: sx({ captionSide: 'top', textAlign: 'start', fontWeight: 'semibold', pb: '2' }),
  list: sx({
    listStyleType: 'none',
    p: '0',
    m: '0',
    display: 'flex',
    flexDirection: 'column',
    gap: '3',
  }),
  listTitle: sx({ fontWeight: 'semibold', pb: '1' }),
  itemTitle: sx({ display: 'flex', justifyContent: 'space-between', fontWeight: 'bold', mb: '1' }),
  value: sx({ m: '0', fontVariantNumeric: 'tabular-nums' }),
};

export interface SavingsSectionProps {
  /** savingsSection()'s answer: the table, or null when the savings could not be loaded. */
  savings: SavingsTable | null;
  /** The heading's id (the section's name); give another when a page shows two sections. */
  headingId?: string;
}

/**
 * Year-to-Date Savings (docs/reference/rewards.md "Savings";
 * currency and 769 px): a sentence with the year's total, the chart by month and kind (SVG drawn
 * on the server; upright bars on wide screens, lying bars on phones), and the table it stands
 * for, which is a stacked list below 769 px. A failed savings call shows a short message here and
 * nothing else of the page changes.
 */
export function SavingsSection({ savings, headingId = 'savings-heading' }: SavingsSectionProps) {
  return (
    <section className={styles.section} aria-labelledby={headingId} data-testid="savings-section">
      <h2 id={headingId} className={styles.heading}>
        Year-to-Date Savings
      </h2>
      {savings ? (
        <SavingsBody savings={savings} headingId={headingId} />
      ) : (
        <p className={styles.muted}>{UNAVAILABLE_MESSAGE}</p>
      )}
    </section>
  );
}

/**
 * The savings section of a page whose loader streams it (a secondary section: the page shows
 * without waiting for the savings call when a shopper navigates with JavaScript; a document,
 * with or without JavaScript, gets it settled and is sent complete). Until a streamed table
 * arrives: the heading and a short busy line in the section's place.
 */
export function StreamedSavingsSection({
  savings,
  headingId = 'savings-heading',
}: {
  savings: Promise<SavingsTable | null> | SavingsTable | null;
  headingId?: string;
}) {
  // Settled (a document's data): the plain section, the very markup hydration finds.
  if (!(savings instanceof Promise)) {
    return <SavingsSection savings={savings} headingId={headingId} />;
  }
  const failed = <SavingsSection savings={null} headingId={headingId} />;
  return (
    <Suspense
      fallback={
        <section
          className={styles.section}
          aria-labelledby={headingId}
          aria-busy="true"
          data-testid="savings-section"
        >
          <h2 id={headingId} className={styles.heading}>
            Year-to-Date Savings
          </h2>
          <p className={styles.muted}>Loading your savings…</p>
        </section>
      }
    >
      <Await resolve={savings} errorElement={failed}>
        {(table) => <SavingsSection savings={table} headingId={headingId} />}
      </Await>
    </Suspense>
  );
}

function SavingsBody({ savings, headingId }: { savings: SavingsTable; headingId: string }) {
  const { year, kinds, months } = savings;
  const tableName = `Savings by month, ${year}`;
  const title = `Your savings by month in ${year}`;
  const description = `Stacked bars, one per month of ${year} so far, split by kind of saving: ${kinds
    .map((k) => SAVINGS_LABELS[k].toLowerCase())
    .join(', ')}. The same amounts are in the table “${tableName}”.`;
  return (
    <>
      <p>
        {savings.total > 0
          ? `You have saved ${formatCurrency(savings.total)} so far in ${year}.`
          : `You have no savings recorded yet in ${year}.`}
      </p>
      <figure className={styles.figure}>
        <SavingsChart
          table={savings}
          orientation="columns"
          title={title}
          description={description}
          className={styles.wideOnly}
        />
        <SavingsChart
          table={savings}
          orientation="rows"
          title={title}
          description={description}
          className={styles.narrowOnly}
        />
      </figure>
      <table className={styles.table} data-testid="savings-table">
        <caption className={styles.caption}>{tableName}</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            {kinds.map((kind) => (
              <th key={kind} scope="col" className="num" data-kind={kind}>
                {SAVINGS_LABELS[kind]}
              </th>
            ))}
            <th scope="col" className="num">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {months.map((month) => (
            <tr key={month.month}>
              <th scope="row">{month.label}</th>
              {kinds.map((kind) => (
                <td key={kind} className="num">
                  {formatCurrency(month.values[kind])}
                </td>
              ))}
              <td className="num">{formatCurrency(month.total)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Year to date</th>
            {kinds.map((kind) => (
              <td key={kind} className="num">
                {formatCurrency(savings.totals[kind])}
              </td>
            ))}
            <td className="num">{formatCurrency(savings.total)}</td>
          </tr>
        </tfoot>
      </table>
      <div className={styles.narrowOnly}>
        <p id={`${headingId}-list`} className={styles.listTitle}>
          {tableName}
        </p>
        <ul
          className={styles.list}
          aria-labelledby={`${headingId}-list`}
          data-testid="savings-list"
        >
          {[
            ...months.map((m) => ({
              key: m.month,
              label: m.label,
              values: m.values,
              total: m.total,
            })),
            { key: 'ytd', label: 'Year to date', values: savings.totals, total: savings.total },
          ].map((row) => (
            <StackedRow
              key={row.key}
              title={
                <p className={styles.itemTitle}>
                  <span>{row.label}</span>
                  <span>
                    <span className={srOnly}>Total </span>
                    {formatCurrency(row.total)}
                  </span>
                </p>
              }
              pairs={kinds.map((kind) => ({
                term: SAVINGS_LABELS[kind],
                value: formatCurrency(row.values[kind]),
              }))}
              valueClassName={styles.value}
            />
          ))}
        </ul>
      </div>
    </>
  );
}
