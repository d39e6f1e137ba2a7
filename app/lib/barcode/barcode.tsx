import type { CSSProperties } from 'react';
import { code128Symbol, type BarcodeSymbol } from './symbol';
import { cx, sx } from '~/lib/theme/static-css';

const styles = {
  // Black on white whatever the theme: scanners need the contrast, and the quiet zones must be
  // light. The white is drawn inside the SVG too, so it prints without "background graphics".
  root: sx({
    display: 'inline-flex',
    flexDirection: 'column',
    alignItems: 'center',
    maxW: 'full',
    bg: 'white',
    color: 'black',
    py: '2',
  }),
  svg: sx({ display: 'block', maxW: 'full', h: 'auto' }),
  digits: sx({
    fontFamily: 'mono',
    fontSize: 'lg',
    letterSpacing: '0.15em',
    lineHeight: 'short',
    mt: '1',
    mb: 0,
  }),
};

export interface BarcodeSvgProps {
  symbol: BarcodeSymbol;
  /** Accessible name of the image. */
  label: string;
  /** Width of one module in CSS pixels (default 2). */
  moduleWidth?: number;
  /** Bar height of a linear code in CSS pixels (default 80); a matrix code is square. */
  barHeight?: number;
  className?: string;
  style?: CSSProperties;
}

/**
 * A barcode drawn from its rectangles (symbol.ts) as SVG, `role="img"` named by `label`: white
 * ground, black modules, crisp edges. Its width attribute is a whole number of pixels per module;
 * a stylesheet may shrink it (keep the shrink to whole modules where it can: see the card page).
 */
export function BarcodeSvg({
  symbol,
  label,
  moduleWidth = 2,
  barHeight = 80,
  className,
  style,
}: BarcodeSvgProps) {
  const linear = symbol.kind === 'linear';
  const width = symbol.columns * moduleWidth;
  const height = linear ? barHeight : symbol.rows * moduleWidth;
  // Linear codes are drawn in modules across and pixels down, so the bars keep their height.
  const rowHeight = linear ? barHeight : 1;
  const viewHeight = linear ? barHeight : symbol.rows;
  return (
    <svg
      role="img"
      aria-label={label}
      className={cx(styles.svg, className)}
      style={style}
      width={width}
      height={height}
      viewBox={`0 0 ${symbol.columns} ${viewHeight}`}
      preserveAspectRatio={linear ? 'none' : undefined}
      shapeRendering="crispEdges"
      focusable="false"
      data-symbology={symbol.symbology}
      data-modules={symbol.columns}
    >
      <rect x={0} y={0} width={symbol.columns} height={viewHeight} fill="#fff" />
      {symbol.rects.map(([x, y, w, h]) => (
        <rect
          key={`${x},${y}`}
          x={x}
          y={y * rowHeight}
          width={w}
          height={h * rowHeight}
          fill="#000"
        />
      ))}
    </svg>
  );
}

export interface BarcodeProps {
  /** The encoded text (printable ASCII), printed below the bars too. */
  value: string;
  /** Accessible name of the image, e.g. 'Shopper number 412345678901'. */
  label: string;
  /** Bar height in CSS pixels (default 80). */
  height?: number;
  /** Width of one module in CSS pixels (default 2). */
  moduleWidth?: number;
  className?: string;
}

function symbolOf(value: string): BarcodeSymbol | null {
  try {
    return code128Symbol(value);
  } catch {
    return null;
  }
}

/**
 * A Code 128 barcode of `value` with the human-readable text below, for a cashier to scan or
 * type. The SVG shrinks to its container on narrow screens. A value the code cannot hold (not
 * printable ASCII) shows the text alone rather than failing the page.
 */
export function Barcode({ value, label, height = 80, moduleWidth = 2, className }: BarcodeProps) {
  const symbol = symbolOf(value);
  return (
    <div className={cx(styles.root, className)} data-barcode={value}>
      {symbol ? (
        <BarcodeSvg symbol={symbol} label={label} moduleWidth={moduleWidth} barHeight={height} />
      ) : null}
      <p className={styles.digits}>{value}</p>
    </div>
  );
}
