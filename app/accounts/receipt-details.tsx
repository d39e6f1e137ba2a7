import { Link } from '@remix-run/react';
import { Fragment } from 'react';
import { formatCurrency } from '~/lib/money';
import type { ParsedReceipt } from '~/lib/loyalty/receipt';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import { srOnly } from '~/lib/ui/styles';
import { ASK_LABEL, MISS_TEXT } from './coupon-misses';
import { SAVING_LABELS, type SavingKind } from './receipt-savings';
import type { ReceiptView } from './receipts';

const styles = {
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
  summarySaved: sx({ color: 'green.fg', fontSize: 'sm', fontVariantNumeric: 'tabular-nums' }),
  summaryFlag: sx({ flexBasis: 'full', color: 'orange.fg', fontSize: 'sm', fontWeight: 'medium' }),
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
  saved: sx({
    mt: '3',
    fontSize: 'sm',
    '& dl': {
      display: 'grid',
      gridTemplateColumns: 'auto auto',
      justifyContent: 'start',
      gap: '0 1rem',
    },
    '& dd': { m: '0', fontVariantNumeric: 'tabular-nums' },
  }),
  savedTitle: sx({ fontWeight: 'semibold' }),
  misses: sx({ listStyleType: 'none', p: '0', m: '0', mt: '3', display: 'grid', gap: '2' }),
  miss: sx({
    borderWidth: '1px',
    borderColor: 'orange.muted',
    bg: 'orange.subtle',
    borderRadius: 'l2',
    p: '3',
    fontSize: 'sm',
    '@media print': { bg: 'white', borderColor: 'black', breakInside: 'avoid' },
  }),
  missText: sx({ fontWeight: 'semibold', m: '0' }),
  missCoupon: sx({ m: '0', mt: '1', overflowWrap: 'anywhere' }),
  ask: sxRecipe('button', { variant: 'outline', size: 'sm' }, { mt: '2' }),
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

/** 'Saved $2.50' in a receipt's summary, or nothing when the trip saved nothing. */
function SavedBadge({ receipt }: { receipt: ReceiptView }) {
  if (!receipt.savings || receipt.savings.total <= 0) return null;
  return <span className={styles.summarySaved}>Saved {formatCurrency(receipt.savings.total)}</span>;
}

/**
 * One receipt: a summary (day, store, total, what it saved, a note when a coupon did not come off)
 * that opens into the whole receipt. <details> opens without JavaScript; a receipt whose text
 * cannot be read is shown as printed.
 */
export function ReceiptDetails({ receipt }: { receipt: ReceiptView }) {
  const flagged = receipt.misses.length;
  return (
    <details id={`receipt-${receipt.key}`} className={styles.details} data-receipt={receipt.key}>
      <summary className={styles.summary}>
        <span className={styles.summaryDate}>{receipt.dateLabel || 'Date not shown'}</span>
        <span className={styles.summaryStore}>{receipt.store ?? 'Receipt as printed'}</span>
        <SavedBadge receipt={receipt} />
        {receipt.total !== null ? (
          <span className={styles.summaryTotal}>
            <span className={srOnly}>Total </span>
            {formatCurrency(receipt.total)}
          </span>
        ) : null}
        {flagged ? (
          <span className={styles.summaryFlag} data-testid="receipt-flag">
            {flagged === 1
              ? 'A clipped coupon may not have come off'
              : `${flagged} clipped coupons may not have come off`}
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

/** The receipt read into its parts: store, facts, items, totals, savings, coupon notes, points. */
export function ReadableReceipt({
  receipt,
  parsed,
}: {
  receipt: ReceiptView;
  parsed: ParsedReceipt;
}) {
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
      <TripSaved receipt={receipt} />
      <Misses receipt={receipt} />
      {parsed.points !== null ? (
        <p className={styles.points}>Points earned: {parsed.points.toLocaleString('en-US')}</p>
      ) : null}
    </>
  );
}

const KINDS: SavingKind[] = ['instant', 'digital', 'loyalty'];

/** 'You saved $3.25 on this trip' and the kinds it came from. */
function TripSaved({ receipt }: { receipt: ReceiptView }) {
  const s = receipt.savings;
  if (!s) return null;
  return (
    <div className={styles.saved} data-testid="trip-savings">
      <p className={styles.savedTitle}>
        {s.total > 0
          ? `You saved ${formatCurrency(s.total)} on this trip`
          : 'No savings on this trip'}
      </p>
      {s.total > 0 ? (
        <dl>
          {KINDS.filter((k) => s[k] > 0).map((k) => (
            <Fragment key={k}>
              <dt>{SAVING_LABELS[k]}</dt>
              <dd>{formatCurrency(s[k])}</dd>
            </Fragment>
          ))}
        </dl>
      ) : null}
    </div>
  );
}

/** The clipped coupons that probably did not come off, each with a way to ask. */
function Misses({ receipt }: { receipt: ReceiptView }) {
  if (receipt.misses.length === 0) return null;
  return (
    <ul className={styles.misses} aria-label="Clipped coupons that may not have come off">
      {receipt.misses.map((miss) => (
        <li key={miss.offerId} className={styles.miss} data-testid="coupon-miss">
          <p className={styles.missText}>{MISS_TEXT}</p>
          <p className={styles.missCoupon}>
            {miss.coupon} <span className={srOnly}>bought as </span>
            <span aria-hidden>·</span> {miss.line}
          </p>
          <Link to={miss.askHref} className={styles.ask}>
            {ASK_LABEL}
            <span className={srOnly}> about {miss.coupon}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
