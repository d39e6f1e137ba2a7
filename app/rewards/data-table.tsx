import type { ReactNode } from 'react';
import { sx } from '~/lib/theme/static-css';

/** Below this width a table becomes a stacked list (spec §9). */
export const TABLE_BREAKPOINT_PX = 769;
/** The data tables' height (spec §2). */
export const TABLE_HEIGHT_PX = 400;

const wide = `@media screen and (min-width: ${TABLE_BREAKPOINT_PX}px)`;
const narrow = `@media screen and (max-width: ${TABLE_BREAKPOINT_PX - 1}px)`;

const styles = {
  // The rows scroll inside a box 400 px high at most; focusable so the keyboard scrolls it too.
  scroller: sx({
    maxH: `${TABLE_HEIGHT_PX}px`,
    overflowY: 'auto',
    borderWidth: '1px',
    borderRadius: 'l2',
    _focusVisible: { outline: '2px solid', outlineColor: 'brand.solid', outlineOffset: '2px' },
  }),
  table: sx({
    w: 'full',
    borderCollapse: 'collapse',
    fontSize: 'sm',
    [narrow]: { display: 'none' },
    '& th, & td': { textAlign: 'start', px: '3', py: '2', borderBottomWidth: '1px' },
    '& th': { bg: 'bg.muted', fontWeight: 'semibold', position: 'sticky', top: '0' },
    '& .num': { textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
  }),
  list: sx({
    listStyleType: 'none',
    p: '2',
    m: '0',
    display: 'flex',
    flexDirection: 'column',
    gap: '2',
    [wide]: { display: 'none' },
  }),
  item: sx({ borderWidth: '1px', borderRadius: 'l2', p: '3', fontSize: 'sm' }),
  pair: sx({ display: 'flex', justifyContent: 'space-between', gap: '3' }),
  term: sx({ color: 'fg.muted' }),
  empty: sx({ p: '3', fontSize: 'sm', color: 'fg.muted' }),
};

export interface Column<Row> {
  label: string;
  cell: (row: Row) => ReactNode;
  numeric?: boolean;
}

/**
 * A data table in a box 400 px high at most (spec §2): a table from 769 px up, the same rows as
 * a stacked list below (spec §9). `label` names the box for assistive technology.
 */
export function DataTable<Row>({
  label,
  columns,
  rows,
  empty,
  testId,
}: {
  label: string;
  columns: Column<Row>[];
  rows: Row[];
  empty: string;
  testId?: string;
}) {
  if (rows.length === 0) return <p className={styles.empty}>{empty}</p>;
  return (
    <div
      className={styles.scroller}
      role="region"
      aria-label={label}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling box must be reachable by keyboard
      tabIndex={0}
      data-testid={testId}
    >
      <table className={styles.table}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.label} scope="col" className={c.numeric ? 'num' : undefined}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              {columns.map((c) => (
                <td key={c.label} className={c.numeric ? 'num' : undefined}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <ul className={styles.list}>
        {rows.map((row, i) => (
          <li key={i} className={styles.item}>
            <dl>
              {columns.map((c) => (
                <div key={c.label} className={styles.pair}>
                  <dt className={styles.term}>{c.label}</dt>
                  <dd>{c.cell(row)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </div>
  );
}
