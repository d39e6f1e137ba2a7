import { sx } from '~/lib/theme/static-css';
import type { SpecialHoursRow, WeekRow } from './types';

const styles = {
  table: sx({ borderCollapse: 'collapse', w: 'full', maxW: 'sm', fontSize: 'sm' }),
  caption: sx({ textAlign: 'start', fontWeight: 'semibold', fontSize: 'md', mb: '1' }),
  row: sx({ borderBottomWidth: '1px', borderColor: 'border.muted' }),
  today: sx({
    borderBottomWidth: '1px',
    borderColor: 'border.muted',
    fontWeight: 'bold',
    bg: 'bg.muted',
  }),
  day: sx({ textAlign: 'start', fontWeight: 'inherit', py: '1.5', pl: '2', pr: '4' }),
  hours: sx({ py: '1.5', px: '2', textAlign: 'end' }),
  label: sx({ py: '1.5', px: '2' }),
  closed: sx({ py: '1.5', px: '2', textAlign: 'end', fontWeight: 'semibold' }),
  special: sx({ display: 'block', fontSize: 'xs', fontWeight: 'semibold', color: 'accent.fg' }),
  todayLabel: sx({
    ml: '2',
    px: '1.5',
    borderRadius: 'l1',
    fontSize: 'xs',
    fontWeight: 'semibold',
    bg: 'brand.solid',
    color: 'brand.contrast',
  }),
};

/**
 * A week of hours, today's row marked for the eye ('Today') and for assistive technology; a
 * holiday or special day of the shown week gives its own hours and says which day it is.
 */
export function HoursTable({
  caption,
  rows,
  testId,
}: {
  caption: string;
  rows: WeekRow[];
  testId?: string;
}) {
  if (rows.length === 0) return null;
  return (
    <table className={styles.table} data-testid={testId}>
      <caption className={styles.caption}>{caption}</caption>
      <tbody>
        {rows.map((row, i) => (
          <tr
            key={`${row.day}-${i}`}
            className={row.today ? styles.today : styles.row}
            aria-current={row.today ? 'date' : undefined}
          >
            <th scope="row" className={styles.day}>
              {row.day}
              {row.today ? <span className={styles.todayLabel}>Today</span> : null}
            </th>
            <td className={styles.hours}>
              {row.hours}
              {row.special ? (
                <span className={styles.special} data-testid="week-special">
                  {row.special.label}, {row.special.date}
                </span>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Holiday and special hours of the coming days (date, what the day is, its hours or 'Closed');
 * nothing when there are none.
 */
export function SpecialHoursTable({
  caption,
  rows,
  testId,
}: {
  caption: string;
  rows: SpecialHoursRow[];
  testId?: string;
}) {
  if (rows.length === 0) return null;
  return (
    <table className={styles.table} data-testid={testId}>
      <caption className={styles.caption}>{caption}</caption>
      <tbody>
        {rows.map((row) => (
          <tr key={row.from} className={styles.row}>
            <th scope="row" className={styles.day}>
              {row.dates}
            </th>
            <td className={styles.label}>{row.label}</td>
            <td className={row.closed ? styles.closed : styles.hours}>{row.hours}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
