import { Link } from '@remix-run/react';
import { BarcodeSvg } from '~/lib/barcode/barcode';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import type { ShopperCardData } from './card.server';

/** The scanning page's address. */
export const CARD_PATH = '/card';

/** What the card says (tests read the same words). */
export const CARD_WORDS = {
  numberLabel: 'Card number',
  show: 'Show full number',
  hide: 'Hide full number',
  scanLink: 'Show card for scanning',
  barcodeLabel: 'Barcode of your card number',
} as const;

const styles = {
  card: sx({
    display: 'flex',
    flexDirection: 'column',
    gap: '3',
    w: 'full',
    maxW: '420px',
    p: '4',
    borderRadius: 'l3',
    bg: 'brand.solid',
    color: 'brand.contrast',
    boxShadow: 'md',
  }),
  head: sx({ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: '3' }),
  title: sxRecipe('heading', { size: 'lg' }, { color: 'inherit' }),
  retailer: sx({ fontSize: 'sm', opacity: 0.9 }),
  number: sx({ fontSize: 'md', m: 0 }),
  masked: sx({ fontFamily: 'mono', letterSpacing: '0.1em', fontWeight: 'semibold' }),
  reveal: sx({
    '& > summary': {
      cursor: 'pointer',
      textDecoration: 'underline',
      width: 'fit-content',
      borderRadius: 'l1',
      focusVisibleRing: 'outside',
      focusRingColor: 'brand.contrast',
    },
    '&[open] .card-when-closed, &:not([open]) .card-when-open': { display: 'none' },
  }),
  full: sx({ fontFamily: 'mono', fontSize: 'lg', letterSpacing: '0.1em', mt: '1', mb: 0 }),
  // Black on white inside the brand's colours: the white panel is the quiet zone's ground.
  barcode: sx({
    bg: 'white',
    borderRadius: 'l2',
    p: '2',
    display: 'flex',
    justifyContent: 'center',
  }),
  link: sx({
    color: 'inherit',
    fontWeight: 'semibold',
    textDecoration: 'underline',
    width: 'fit-content',
    focusVisibleRing: 'outside',
    focusRingColor: 'brand.contrast',
  }),
};

/**
 * The compact card (the rewards page and the account page): the program's name and the brand's
 * colours, the masked number with a reveal that needs no script (a disclosure the keyboard and
 * screen readers know), the barcode, and the way to the scanning page.
 */
export function ShopperCard({ card, headingId }: { card: ShopperCardData; headingId: string }) {
  return (
    <section className={styles.card} aria-labelledby={headingId} data-testid="shopper-card">
      <div className={styles.head}>
        <h2 id={headingId} className={styles.title}>
          {card.title}
        </h2>
        <span className={styles.retailer}>{card.retailerName}</span>
      </div>
      <p className={styles.number}>
        {CARD_WORDS.numberLabel}{' '}
        <span className={styles.masked} data-testid="card-masked">
          {card.masked}
        </span>
      </p>
      <details className={styles.reveal}>
        <summary>
          <span className="card-when-closed">{CARD_WORDS.show}</span>
          <span className="card-when-open">{CARD_WORDS.hide}</span>
        </summary>
        <p className={styles.full} data-testid="card-number">
          {card.grouped}
        </p>
      </details>
      {card.symbol ? (
        <div className={styles.barcode}>
          <BarcodeSvg
            symbol={card.symbol}
            label={CARD_WORDS.barcodeLabel}
            moduleWidth={2}
            barHeight={56}
          />
        </div>
      ) : null}
      <Link to={CARD_PATH} className={styles.link}>
        {CARD_WORDS.scanLink}
      </Link>
    </section>
  );
}
