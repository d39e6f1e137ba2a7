import { Link } from '@remix-run/react';
import type { CouponCardData } from './types';
import { nextRedeemedSort, REDEEMED_COLUMNS, type RedeemedSort } from './filter-sort';
import { formatCurrency } from '~/lib/money';
import { formatShopperDate } from '@common/dates';
import { sx } from '~/lib/theme/static-css';

/** Below this width the table becomes a stacked list (spec §2, §9). */
export const TABLE_BREAKPOINT_PX = 769;

const wide = `@media screen and (min-width: ${TABLE_BREAKPOINT_PX}px)`;
const narrow = `@media screen and (max-width: ${TABLE_BREAKPOINT_PX - 1}px)`;

const styles = {
  table: sx({
    w: 'full',
    borderCollapse: 'collapse',
    fontSize: 'sm',
    [narrow]: { display: 'none' },
    '& th, & td': { textAlign: 'start', px: '3', py: '2', borderBottomWidth: '1px' },
    '& th': { bg: 'bg.muted', fontWeight: 'semibold' },
    '& td.num, & th.num': { textAlign: 'end' },
  }),
  sortLink: sx({
    color: 'fg',
    textDecoration: 'none',
    display: 'inline-flex',
    gap: '1',
    _hover: { textDecoration: 'underline' },
    _focusVisible: { outline: '2px solid', outlineColor: 'brand.solid', outlineOffset: '2px' },
  }),
  list: sx({
    listStyleType: 'none',
    p: '0',
    display: 'flex',
    flexDirection: 'column',
    gap: '3',
    [wide]: { display: 'none' },
  }),
  item: sx({ borderWidth: '1px', borderRadius: 'l2', p: '3', fontSize: 'sm' }),
  itemTitle: sx({ fontWeight: 'bold', mb: '1' }),
  pair: sx({ display: 'flex', justifyContent: 'space-between', gap: '3' }),
  term: sx({ color: 'fg.muted' }),
  caption: sx({ srOnly: true }),
};

function cell(coupon: CouponCardData, column: (typeof REDEEMED_COLUMNS)[number]['column']) {
  switch (column) {
    case 'brandName':
      return coupon.brandName;
    case 'categoryName':
      return coupon.categoryName;
    case 'timesRedeemed':
      return String(coupon.timesRedeemed);
    case 'lastRedeemed':
      return formatShopperDate(coupon.lastRedeemed);
    case 'offerValue':
      return formatCurrency(coupon.offerValue);
  }
}

const NUMERIC = new Set(['timesRedeemed', 'offerValue']);

/**
 * My Redeemed Coupons (spec §2): Coupon Name, Category Name, Times Redeemed, Last Redeemed,
 * Offer Value; sorted by a column header (links, so sorting works without JavaScript), default
 * Last Redeemed descending, no paging. Below 769 px a stacked list shows the same rows.
 */
export function RedeemedTable({
  items,
  sort,
  search,
}: {
  items: CouponCardData[];
  sort: RedeemedSort;
  /** The page's query string, kept when sorting. */
  search: string;
}) {
  const sortHref = (column: RedeemedSort['column']) => {
    const next = nextRedeemedSort(sort, column);
    const params = new URLSearchParams(search);
    params.set('rsort', next.column);
    params.set('rdir', next.direction);
    params.delete('offerCode');
    return `?${params.toString()}`;
  };
  return (
    <>
      <table className={styles.table} data-testid="redeemed-table">
        <caption className={styles.caption}>Redeemed coupons, sorted by column headers</caption>
        <thead>
          <tr>
            {REDEEMED_COLUMNS.map(({ column, label }) => (
              <th
                key={column}
                scope="col"
                className={NUMERIC.has(column) ? 'num' : undefined}
                aria-sort={
                  sort.column === column
                    ? sort.direction === 'asc'
                      ? 'ascending'
                      : 'descending'
                    : undefined
                }
              >
                <Link to={sortHref(column)} preventScrollReset replace className={styles.sortLink}>
                  {label}
                  {sort.column === column ? (
                    <span aria-hidden="true">{sort.direction === 'asc' ? '▲' : '▼'}</span>
                  ) : null}
                </Link>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {items.map((coupon) => (
            <tr key={coupon.offerId}>
              {REDEEMED_COLUMNS.map(({ column }) => (
                <td key={column} className={NUMERIC.has(column) ? 'num' : undefined}>
                  {cell(coupon, column)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <ul className={styles.list} data-testid="redeemed-list" aria-label="Redeemed coupons">
        {items.map((coupon) => (
          <li key={coupon.offerId} className={styles.item}>
            <p className={styles.itemTitle}>{coupon.brandName}</p>
            <dl>
              {REDEEMED_COLUMNS.slice(1).map(({ column, label }) => (
                <div key={column} className={styles.pair}>
                  <dt className={styles.term}>{label}</dt>
                  <dd>{cell(coupon, column)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
