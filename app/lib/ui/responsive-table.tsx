import type { ReactNode } from 'react';
import { sx } from '~/lib/theme/static-css';

/** Below this width a table becomes a stacked list (the tables' mobile breakpoint, 769 px). */
export const TABLE_BREAKPOINT_PX = 769;
/** Media queries for the wide (table) and narrow (stacked list) sides of the breakpoint. */
export const tablesWide = `@media screen and (min-width: ${TABLE_BREAKPOINT_PX}px)`;
export const tablesNarrow = `@media screen and (max-width: ${TABLE_BREAKPOINT_PX - 1}px)`;

/** A data table, shown from the breakpoint up: full width, ruled rows (headers are the caller's). */
export const responsiveTableStyle = {
  w: 'full',
  borderCollapse: 'collapse',
  fontSize: 'sm',
  [tablesNarrow]: { display: 'none' },
  '& th, & td': { textAlign: 'start', px: '3', py: '2', borderBottomWidth: '1px' },
} as const;

/** The same rows as a list of cards below the breakpoint (gap and padding are the caller's). */
export const stackedListStyle = {
  listStyleType: 'none',
  m: '0',
  display: 'flex',
  flexDirection: 'column',
  [tablesWide]: { display: 'none' },
} as const;

const styles = {
  item: sx({ borderWidth: '1px', borderRadius: 'l2', p: '3', fontSize: 'sm' }),
  pair: sx({ display: 'flex', justifyContent: 'space-between', gap: '3' }),
  term: sx({ color: 'fg.muted' }),
};

/**
 * One row of a table as a card of the stacked list: an optional title, then each column's name
 * and value on a line of its own (a description list, so each value keeps its column's name).
 */
export function StackedRow({
  title,
  pairs,
  valueClassName,
}: {
  title?: ReactNode;
  pairs: { term: string; value: ReactNode }[];
  valueClassName?: string;
}) {
  return (
    <li className={styles.item}>
      {title}
      <dl>
        {pairs.map(({ term, value }) => (
          <div key={term} className={styles.pair}>
            <dt className={styles.term}>{term}</dt>
            <dd className={valueClassName}>{value}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}
