import type { SystemStyleObject } from '@chakra-ui/react';
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { Barcode } from '~/coupons/barcode';
import { useHydrated } from '~/lib/ui/use-hydrated';
import { requireShopper } from '~/lib/session/shopper.server';
import { expiryLine, sortCoupons } from '~/coupons/view';
import { formatCurrency } from '~/lib/money';
import { FormAlert } from '~/lib/forms/form-alert';
import { logger } from '@common/logger.server';
import { loyaltyFor } from '~/lib/loyalty/context.server';
import { GENERIC_FAILURE_MESSAGE } from '~/lib/loyalty/errors';
import { pageMeta } from '~/lib/meta';
import { cx, sx, sxRecipe } from '~/lib/theme/static-css';

/** Where a guest goes: the login page, coming back here once signed in. */
const PRINT_LOGIN_REDIRECT = '/login?redirectTo=%2Fdigital-coupons%2Fprint';
const PRINT_PAGE_TITLE = 'My clipped coupons';
const PRINT_PAGE_HINT = 'Show this page at the register, or give the cashier your phone number.';
const NO_CLIPPED_COUPONS_MESSAGE = 'You have not clipped any coupons yet.';

/** What the page shows of a clipped coupon. */
export interface PrintedCoupon {
  offerId: string;
  brandName: string | null;
  offerSummary: string | null;
  offerExpiryDate: string | null;
  offerValue: number | null;
}

/**
 * The shopper's clipped coupons (the `activated` list), soonest expiry first, to show a cashier
 * with the shopper number as a barcode. Signed-in shoppers only; a failing loyalty service
 * gives the page with the generic failure message instead of the list, never an error page.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const shopper = await requireShopper(request, context, PRINT_LOGIN_REDIRECT);
  let coupons: PrintedCoupon[] | null = null;
  try {
    const { activated } = await loyaltyFor(context).getOffers(shopper.frqShopperNo, {
      personalOnly: true,
      signal: request.signal,
    });
    coupons = sortCoupons(activated, 'expiration').map((o) => ({
      offerId: String(o.offerId),
      brandName: o.brandName,
      offerSummary: o.offerSummary,
      offerExpiryDate: o.offerExpiryDate,
      offerValue: o.offerValue,
    }));
  } catch (error) {
    logger.warn({ err: error }, 'coupons print page: clipped coupons unavailable');
  }
  return data({
    shopperNo: shopper.frqShopperNo,
    firstName: shopper.firstName || null,
    retailerName: context.tenant.retailerName,
    /** The expiry lines' clock, so server and browser render the same text. */
    now: Date.now(),
    coupons,
    loadError: coupons ? null : GENERIC_FAILURE_MESSAGE,
  });
}

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, PRINT_PAGE_TITLE);

/**
 * Printing hides everything around the page's <main> (system and sticky bars, header, banners,
 * footer, notices, dialogs) and every button. The selector reaches outside the page through
 * `body:has(&)`; Chakra's types only know selectors that start or end with '&', hence the cast.
 */
const hideShellWhenPrinting = {
  'body:has(&) :has(> #main) > :not(#main), body:has(&) > :not(:has(#main)), body:has(&) :is(header, nav, footer, button, [role="dialog"])':
    { display: 'none !important' },
} as SystemStyleObject;

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
  noPrint: sx({ '@media print': { display: 'none !important' } }),
  actions: sx({
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: '4',
    mb: '6',
  }),
  print: sxRecipe('button', { variant: 'solid', size: 'md' }, { colorPalette: 'brand' }),
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

export default function ClippedCouponsPrintPage() {
  const { shopperNo, firstName, retailerName, now, coupons, loadError } =
    useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  const count = coupons?.length ?? 0;

  return (
    <div className={styles.page}>
      <div className={cx(styles.actions, styles.noPrint)}>
        {hydrated ? (
          <button type="button" className={styles.print} onClick={() => window.print()}>
            Print
          </button>
        ) : null}
        <Link to="/digital-coupons?tab=clipped" className={styles.link}>
          Back to digital coupons
        </Link>
      </div>

      <h1 className={styles.heading}>{PRINT_PAGE_TITLE}</h1>
      <p className={styles.retailer}>{retailerName}</p>
      {firstName ? <p className={styles.shopper}>Shopper: {firstName}</p> : null}

      <section className={styles.card} aria-label="Shopper number">
        <Barcode value={shopperNo} label={`Shopper number ${shopperNo}`} />
        <p className={styles.hint}>{PRINT_PAGE_HINT}</p>
      </section>

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
