import { Link, useLoaderData } from '@remix-run/react';
import { LastKnownNotice } from '~/lib/ui/last-known-notice';
import { useEffect, useRef } from 'react';
import { formatCurrency } from '~/lib/money';
import { FormAlert } from '~/lib/form-kit/form-alert';
import type { ParsedReceipt } from '~/lib/loyalty/receipt';
import { sx } from '~/lib/theme/static-css';
import { srOnly } from '~/lib/ui/styles';
import { useRootData } from '~/shell/root-data';
import { accountPageStyles } from './account-page-styles';
import { rangeSentence, type ReceiptView } from './receipts';
import type { receiptsLoader } from './receipts.server';

const styles = {
  ...accountPageStyles,
  intro: sx({ mb: '4' }),
  list: sx({ listStyleType: 'none', p: '0', m: '0', display: 'flex', flexDirection: 'column' }),
  details: sx({
    borderWidth: '1px',
    borderRadius: 'l3',
    bg: 'bg',
    mb: '3',
    '&[open]': { shadow: 'sm' },
  }),
  summary: sx({
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'baseline',
    columnGap: '4',
    rowGap: '1',
    px: '4',
    py: '3',
    cursor: 'pointer',
    borderRadius: 'l3',
    _focusVisible: { outline: '2px solid', outlineColor: 'brand.solid', outlineOffset: '2px' },
    _hover: { bg: 'bg.muted' },
  }),
  summaryDate: sx({ fontWeight: 'semibold', minW: '8rem' }),
  summaryStore: sx({ flex: '1', minW: '10rem' }),
  summaryTotal: sx({ fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums' }),
  body: sx({ px: '4', pb: '4', pt: '1', borderTopWidth: '1px' }),
  store: sx({ my: '3', lineHeight: 'tall' }),
  line: sx({ display: 'block' }),
  facts: sx({
    display: 'grid',
    gridTemplateColumns: 'auto 1fr',
    columnGap: '4',
    rowGap: '1',
    mb: '3',
    fontSize: 'sm',
    '& dt': { color: 'fg.muted' },
    '& dd': { m: '0' },
  }),
  items: sx({
    w: 'full',
    borderCollapse: 'collapse',
    fontSize: 'sm',
    '& th, & td': { textAlign: 'start', py: '1.5', pr: '3', borderBottomWidth: '1px' },
    '& thead th': { color: 'fg.muted', fontWeight: 'semibold' },
    '& .num': { textAlign: 'end', pr: '0', fontVariantNumeric: 'tabular-nums' },
    '& tfoot th, & tfoot td': { fontWeight: 'semibold', borderBottomWidth: '0' },
    '& tfoot tr.total th, & tfoot tr.total td': { fontSize: 'md', borderTopWidth: '2px' },
  }),
  itemCell: sx({ overflowWrap: 'anywhere' }),
  points: sx({ mt: '3', fontWeight: 'semibold', color: 'brand.fg' }),
  raw: sx({
    // Pre-wrapped: the text as printed, wrapped rather than scrolled on a phone.
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    fontFamily: 'mono',
    fontSize: 'sm',
    bg: 'bg.muted',
    borderRadius: 'l2',
    p: '3',
    m: '0',
  }),
};

/**
 * Receipts (docs/reference/accounts.md "Receipts"): the shopper's receipts newest first, each a
 * summary (day, store, total) that opens into the whole receipt. <details> opens without
 * JavaScript; a receipt whose text cannot be read is shown as printed.
 */
export function ReceiptsPage() {
  const data = useLoaderData<typeof receiptsLoader>();
  useHomeWhenShopperChanges(data.owner);
  const { receipts, range, loadError } = data;
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>Receipts</h1>
      <LastKnownNotice label={data.lastKnown} />
      {loadError ? (
        <FormAlert errors={[loadError]} />
      ) : receipts.length === 0 || !range ? (
        <p className={styles.intro}>You have no receipts from the last {data.daysAgo} days.</p>
      ) : (
        <>
          <p className={styles.intro} data-testid="receipts-range">
            {rangeSentence(range, receipts.length)}
            {data.limited ? ` (your ${receipts.length} most recent).` : '.'}{' '}
            <span className={styles.muted}>Open a receipt to see everything on it.</span>
          </p>
          <ul className={styles.list} aria-label="Your receipts, newest first">
            {receipts.map((receipt) => (
              <li key={receipt.key}>
                <ReceiptDetails receipt={receipt} />
              </li>
            ))}
          </ul>
        </>
      )}
      <p>
        <Link to="/account" className={styles.back}>
          Back to My Account
        </Link>
      </p>
    </div>
  );
}

function ReceiptDetails({ receipt }: { receipt: ReceiptView }) {
  return (
    <details id={`receipt-${receipt.key}`} className={styles.details} data-receipt={receipt.key}>
      <summary className={styles.summary}>
        <span className={styles.summaryDate}>{receipt.dateLabel || 'Date not shown'}</span>
        <span className={styles.summaryStore}>{receipt.store ?? 'Receipt as printed'}</span>
        {receipt.total !== null ? (
          <span className={styles.summaryTotal}>
            <span className={srOnly}>Total </span>
            {formatCurrency(receipt.total)}
          </span>
        ) : null}
      </summary>
      <div className={styles.body}>
        {receipt.parsed ? (
          <ReadableReceipt receipt={receipt} parsed={receipt.parsed} />
        ) : (
          <>
            <p className={styles.store}>
              This receipt could not be read into its items; here it is as the register printed it.
            </p>
            <pre className={styles.raw} data-testid="receipt-raw">
              {receipt.raw}
            </pre>
          </>
        )}
      </div>
    </details>
  );
}

function ReadableReceipt({ receipt, parsed }: { receipt: ReceiptView; parsed: ParsedReceipt }) {
  const totals: [string, number | null, string?][] = [
    ['Subtotal', parsed.subtotal],
    ['Tax', parsed.tax],
    ['Total', parsed.total, 'total'],
  ];
  return (
    <>
      <p className={styles.store}>
        {parsed.location.map((line, i) => (
          <span key={i} className={styles.line}>
            {line}
          </span>
        ))}
      </p>
      <dl className={styles.facts}>
        <dt>Date</dt>
        <dd>{receipt.dateLabel || 'Not shown'}</dd>
        {receipt.transactionNumber ? (
          <>
            <dt>Transaction number</dt>
            <dd>{receipt.transactionNumber}</dd>
          </>
        ) : null}
      </dl>
      <table className={styles.items}>
        <caption className={srOnly}>
          Items on the receipt of {receipt.dateLabel || 'this trip'}
          {receipt.store ? ` at ${receipt.store}` : ''}
        </caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col" className="num">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {parsed.items.map((item, i) => (
            <tr key={i}>
              <td className={styles.itemCell}>{item.description}</td>
              <td className="num">{formatCurrency(item.value)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {totals.map(([label, value, kind]) =>
            value === null ? null : (
              <tr key={label} className={kind}>
                <th scope="row">{label}</th>
                <td className="num">{formatCurrency(value)}</td>
              </tr>
            ),
          )}
        </tfoot>
      </table>
      {parsed.points !== null ? (
        <p className={styles.points}>Points earned: {parsed.points.toLocaleString('en-US')}</p>
      ) : null}
    </>
  );
}

/**
 * When the signed-in user changes, go to /. The loader sends guests to / itself; a revalidation
 * that brings another shopper's receipts (a sign-in in another tab of this browser), or a shell
 * that no longer has a shopper, sends the page home with a full page load, so nothing of the
 * previous shopper stays in the tab (the shell's greeting included: the root loader does not rerun
 * on a client navigation).
 */
function useHomeWhenShopperChanges(owner: string) {
  const signedIn = Boolean(useRootData()?.user);
  const first = useRef(owner);
  useEffect(() => {
    if (!signedIn || owner !== first.current) window.location.replace('/');
  }, [signedIn, owner]);
}
