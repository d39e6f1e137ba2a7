import type { ReactNode } from 'react';
import { sx } from '~/lib/theme/static-css';
import { responsiveTableStyle, stackedListStyle, StackedRow } from '~/lib/ui/responsive-table';

/** The data tables' height. */
export const TABLE_HEIGHT_PX = 400;

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
    ...responsiveTableStyle,
    '& th': { bg: 'bg.muted', fontWeight: 'semibold', position: 'sticky', top: '0' },
    '& .num': { textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
  }),
  list: sx({ ...stackedListStyle, p: '2', gap: '2' }),
  empty: sx({ p: '3', fontSize: 'sm', color: 'fg.muted' }),
};

export interface Column<Row> {
  label: string;
  cell: (row: Row) => ReactNode;
  numeric?: boolean;
}

/**
 * A data table in a box 400 px high at most: a table from 769 px up, the same rows as
 * a stacked list below 769 px. `label` names the box for assistive technology.
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
          <StackedRow key={i} pairs={columns.map((c) => ({ term: c.label, value: c.cell(row) }))} />
        ))}
      </ul>
    </div>
  );
}
