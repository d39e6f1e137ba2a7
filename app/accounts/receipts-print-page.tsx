import { useLoaderData } from '@remix-run/react';
import { FormAlert } from '~/lib/form-kit/form-alert';
import { formatCurrency } from '~/lib/money';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import { PrintActions } from '~/lib/ui/print-actions';
import { hideShellWhenPrinting } from '~/lib/ui/print-styles';
import { ReadableReceipt } from './receipt-details';
import { savedSentence } from './receipt-savings';
import { queryString } from './receipts-query';
import type { receiptsLoader } from './receipts.server';
import { useHomeWhenShopperChanges } from './receipts-page';

export const RECEIPTS_PRINT_TITLE = 'Your receipts';

const styles = {
  page: sx({
    maxW: '800px',
    mx: 'auto',
    px: '4',
    py: { base: '6', md: '10' },
    '@media print': { maxW: 'none', p: 0, color: 'black', bg: 'white', ...hideShellWhenPrinting },
  }),
  heading: sxRecipe('heading', { size: '2xl' }, { mb: '2' }),
  saved: sx({ fontSize: 'lg', fontWeight: 'semibold', mb: '4' }),
  receipt: sx({
    borderWidth: '1px',
    borderRadius: 'l3',
    p: '4',
    mb: '4',
    '@media print': { borderColor: 'black', breakInside: 'avoid-page' },
  }),
  receiptHeading: sxRecipe('heading', { size: 'md' }),
  raw: sx({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'mono', fontSize: 'sm' }),
};

/**
 * /account/receipts/print: the receipts the search keeps, each opened, with what the trips saved
 * and the coupons that probably did not come off; Print opens the browser's print dialog (with
 * JavaScript; without it, the browser's own print command prints the same page).
 */
export function ReceiptsPrintPage() {
  const data = useLoaderData<typeof receiptsLoader>();
  useHomeWhenShopperChanges(data.owner);
  const { receipts, loadError, query } = data;
  return (
    <div className={styles.page}>
      <PrintActions
        backTo={`/account/receipts${queryString(query.filters)}`}
        backLabel="Back to your receipts"
      />
      <h1 className={styles.heading}>{RECEIPTS_PRINT_TITLE}</h1>
      {loadError ? (
        <FormAlert errors={[loadError]} />
      ) : receipts.length === 0 ? (
        <p>No receipts match your search.</p>
      ) : (
        <>
          <p className={styles.saved} data-testid="receipts-saved">
            {savedSentence(formatCurrency(data.saved), receipts.length)}
          </p>
          {receipts.map((receipt) => (
            <section
              key={receipt.key}
              className={styles.receipt}
              aria-labelledby={`print-${receipt.key}`}
              data-receipt={receipt.key}
            >
              <h2 id={`print-${receipt.key}`} className={styles.receiptHeading}>
                {receipt.dateLabel || 'Date not shown'}
                {receipt.store ? ` · ${receipt.store}` : ''}
              </h2>
              {receipt.parsed ? (
                <ReadableReceipt receipt={receipt} parsed={receipt.parsed} />
              ) : (
                <pre className={styles.raw}>{receipt.raw}</pre>
              )}
            </section>
          ))}
        </>
      )}
    </div>
  );
}
