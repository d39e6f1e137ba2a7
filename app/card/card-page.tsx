import type { SerializeFrom } from '@remix-run/node';
import { Link } from '@remix-run/react';
import { BarcodeSvg } from '~/lib/barcode/barcode';
import { CARD_WORDS } from '~/lib/card/shopper-card';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import { hideShellWhenPrinting } from '~/lib/ui/print-styles';
import type { cardLoader } from './card.server';

export type CardPageData = SerializeFrom<typeof cardLoader>;

/** The page's title (also its document title): never the number. */
export const CARD_PAGE_TITLE = 'My Card';

export const BRIGHTNESS_HINT = 'Turn your screen brightness up so the scanner can read it.';

/** Pixels per module of a linear code on a wide screen, and its bars' height. */
const LINEAR_MODULE_PX = 4;
const BAR_HEIGHT = 160;
/** Pixels per module of a QR code on a wide screen. */
const MATRIX_MODULE_PX = 8;

const styles = {
  page: sx({
    maxW: '640px',
    mx: 'auto',
    px: '4',
    py: { base: '6', md: '10' },
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: '4',
    textAlign: 'center',
    '@media print': { maxW: 'none', p: 0, color: 'black', bg: 'white', ...hideShellWhenPrinting },
  }),
  heading: sxRecipe('heading', { size: '2xl' }),
  retailer: sx({ fontSize: 'lg', fontWeight: 'semibold', mt: '-2' }),
  hint: sx({ color: 'fg.muted', '@media print': { display: 'none' } }),
  // Black on white whatever the theme, the white reaching past the quiet zones.
  scan: sx({
    w: 'full',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    bg: 'white',
    color: 'black',
    py: '4',
    m: 0,
    borderRadius: 'l2',
    borderWidth: '1px',
    borderColor: 'gray.300',
    '@media print': { borderColor: 'black', breakInside: 'avoid' },
  }),
  digits: sx({
    fontFamily: 'mono',
    fontSize: '2xl',
    fontWeight: 'semibold',
    letterSpacing: '0.15em',
    mt: '3',
  }),
  back: sxRecipe(
    'link',
    { variant: 'underline' },
    { color: 'brand.fg', fontWeight: 'medium', '@media print': { display: 'none' } },
  ),
};

/**
 * The card for a register's scanner: a large barcode, black on white, quiet zones kept; on a
 * narrow screen it shrinks to a whole number of pixels per module (CSS round()), so every bar
 * keeps its width relative to the others; the digits below for a cashier to type. Printing
 * leaves the card alone on the page.
 */
export function CardPage({ data }: { data: CardPageData }) {
  const { card } = data;
  const symbol = card.symbol;
  const modulePx = symbol?.kind === 'matrix' ? MATRIX_MODULE_PX : LINEAR_MODULE_PX;
  return (
    <div className={styles.page} data-testid="card-page">
      <h1 className={styles.heading}>{card.title}</h1>
      <p className={styles.retailer}>{card.retailerName}</p>
      <p className={styles.hint}>{BRIGHTNESS_HINT}</p>
      <figure className={styles.scan}>
        {symbol ? (
          <BarcodeSvg
            symbol={symbol}
            label={CARD_WORDS.barcodeLabel}
            moduleWidth={modulePx}
            barHeight={BAR_HEIGHT}
            // Shrinks by whole pixels per module where the browser can round (else max-width).
            style={{ maxWidth: `round(down, 100%, ${symbol.columns}px)` }}
          />
        ) : null}
        <figcaption className={styles.digits} data-testid="card-digits">
          {card.grouped}
        </figcaption>
      </figure>
      <Link to="/rewards" className={styles.back}>
        Back to My Rewards
      </Link>
    </div>
  );
}
