import { Link } from '@remix-run/react';
import type { CouponCardData } from './types';
import { nextRedeemedSort, REDEEMED_COLUMNS, type RedeemedSort } from './filter-sort';
import { formatCurrency } from '~/lib/money';
import { formatShopperDate } from '@common/dates';
import { sx } from '~/lib/theme/static-css';
import { responsiveTableStyle, stackedListStyle, StackedRow } from '~/lib/ui/responsive-table';

const styles = {
  table: sx({
    ...responsiveTableStyle,
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
  list: sx({ ...stackedListStyle, p: '0', gap: '3' }),
  itemTitle: sx({ fontWeight: 'bold', mb: '1' }),
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
 * My Redeemed Coupons: Coupon Name, Category Name, Times Redeemed, Last Redeemed,
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
          <StackedRow
            key={coupon.offerId}
            title={<p className={styles.itemTitle}>{coupon.brandName}</p>}
            pairs={REDEEMED_COLUMNS.slice(1).map(({ column, label }) => ({
              term: label,
              value: cell(coupon, column),
            }))}
          />
        ))}
      </ul>
    </>
  );
}
