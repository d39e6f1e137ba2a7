import { LastKnownNotice } from '~/lib/ui/last-known-notice';
import type { SerializeFrom } from '@remix-run/node';
import { Link } from '@remix-run/react';
import { FormAlert } from '~/lib/form-kit/form-alert';
import { formatCurrency } from '~/lib/money';
import { cx, sx, sxRecipe } from '~/lib/theme/static-css';
import { Barcode } from '~/lib/barcode/barcode';
import { PrintActions } from '~/lib/ui/print-actions';
import { hideShellWhenPrinting } from '~/lib/ui/print-styles';
import { expiryLine } from './expiry';
import type { printLoader } from './print.server';

/** The print page's title (also its document title). */
export const PRINT_PAGE_TITLE = 'My clipped coupons';
const PRINT_PAGE_HINT = 'Show this page at the register, or give the cashier your phone number.';
const NO_CLIPPED_COUPONS_MESSAGE = 'You have not clipped any coupons yet.';

/** What the page gets from its loader (see print.server.ts). */
export type PrintPageData = SerializeFrom<typeof printLoader>;

const styles = {
  page: sx({
    maxW: '800px',
    mx: 'auto',
    px: '4',
    py: { base: '6', md: '10' },
    '@media print': {
      maxW: 'none',
      p: 0,
      color: 'black',
      bg: 'white',
      ...hideShellWhenPrinting,
    },
  }),
  link: sxRecipe('link', { variant: 'underline' }, { color: 'brand.fg', fontWeight: 'medium' }),
  heading: sxRecipe('heading', { size: '2xl' }, { mb: '1' }),
  retailer: sx({ fontSize: 'lg', fontWeight: 'semibold', mb: '1' }),
  shopper: sx({ color: 'fg.muted', mb: '4', '@media print': { color: 'black' } }),
  card: sx({
    borderWidth: '1px',
    borderRadius: 'l3',
    p: { base: '4', md: '6' },
    mb: '6',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    textAlign: 'center',
    gap: '2',
    '@media print': { borderColor: 'black', breakInside: 'avoid' },
  }),
  hint: sx({ fontWeight: 'medium', m: 0 }),
  count: sx({ fontWeight: 'semibold', mb: '3' }),
  tableWrap: sx({ overflowX: 'auto' }),
  table: sx({
    w: 'full',
    borderCollapse: 'collapse',
    fontSize: 'sm',
    '& th, & td': {
      textAlign: 'start',
      verticalAlign: 'top',
      px: '2',
      py: '2',
      borderBottomWidth: '1px',
    },
    '& th': { fontWeight: 'semibold', bg: 'bg.muted' },
    '& td:last-child, & th:last-child': { textAlign: 'end', whiteSpace: 'nowrap' },
    '& tr': { breakInside: 'avoid' },
    '@media print': {
      fontSize: '11pt',
      '& th': { bg: 'transparent', borderBottomColor: 'black' },
      '& td': { borderBottomColor: 'gray.400' },
    },
  }),
  caption: sx({ textAlign: 'start', fontWeight: 'semibold', mb: '2' }),
  brand: sx({ fontWeight: 'semibold' }),
  expiry: sx({ whiteSpace: 'nowrap' }),
  urgent: sx({ color: 'red.700', fontWeight: 'semibold', '@media print': { color: 'black' } }),
  empty: sx({ mb: '2' }),
};

export function PrintPage({ data }: { data: PrintPageData }) {
  const { shopperNo, firstName, retailerName, now, coupons, loadError } = data;
  const count = coupons?.length ?? 0;

  return (
    <div className={styles.page}>
      <PrintActions backTo="/digital-coupons?tab=clipped" backLabel="Back to digital coupons" />

      <h1 className={styles.heading}>{PRINT_PAGE_TITLE}</h1>
      <p className={styles.retailer}>{retailerName}</p>
      {firstName ? <p className={styles.shopper}>Shopper: {firstName}</p> : null}

      <section className={styles.card} aria-label="Shopper number">
        <Barcode value={shopperNo} label={`Shopper number ${shopperNo}`} />
        <p className={styles.hint}>{PRINT_PAGE_HINT}</p>
      </section>

      <LastKnownNotice label={data.lastKnown} />
      {loadError ? (
        <FormAlert errors={[loadError]} />
      ) : count === 0 ? (
        <p className={styles.empty}>
          {NO_CLIPPED_COUPONS_MESSAGE}{' '}
          <Link to="/digital-coupons" className={styles.link}>
            Browse digital coupons
          </Link>
        </p>
      ) : (
        <>
          <p className={styles.count}>
            {count === 1 ? '1 clipped coupon' : `${count} clipped coupons`}
          </p>
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <caption className={styles.caption}>Clipped coupons, soonest expiry first</caption>
              <thead>
                <tr>
                  <th scope="col">Brand</th>
                  <th scope="col">Coupon</th>
                  <th scope="col">Expires</th>
                  <th scope="col">Value</th>
                </tr>
              </thead>
              <tbody>
                {coupons!.map((c) => {
                  const expiry = expiryLine(c.offerExpiryDate, now);
                  return (
                    <tr key={c.offerId} data-coupon-row={c.offerId}>
                      <td className={styles.brand}>{c.brandName}</td>
                      <td>{c.offerSummary}</td>
                      <td className={cx(styles.expiry, expiry.urgent && styles.urgent)}>
                        {expiry.text}
                      </td>
                      <td>{formatCurrency(c.offerValue)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  );
}
