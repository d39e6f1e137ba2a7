import { code128Svg, type BarcodeGeometry } from './code128';
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

function geometryOf(value: string, height: number, moduleWidth: number): BarcodeGeometry | null {
  try {
    return code128Svg(value, { height, moduleWidth });
  } catch {
    return null;
  }
}

/**
 * A Code 128 barcode as SVG (`role="img"` named by `label`) with the human-readable text below,
 * for a cashier to scan or type. The SVG shrinks to its container on narrow screens. A value
 * the code cannot hold (not printable ASCII) shows the text alone rather than failing the page.
 */
export function Barcode({ value, label, height = 80, moduleWidth = 2, className }: BarcodeProps) {
  const geometry = geometryOf(value, height, moduleWidth);
  return (
    <div className={cx(styles.root, className)} data-barcode={value}>
      {geometry ? (
        <svg
          role="img"
          aria-label={label}
          className={styles.svg}
          width={geometry.width}
          height={geometry.height}
          viewBox={`0 0 ${geometry.width} ${geometry.height}`}
          shapeRendering="crispEdges"
          focusable="false"
        >
          <rect x={0} y={0} width={geometry.width} height={geometry.height} fill="#fff" />
          {geometry.bars.map((bar) => (
            <rect key={bar.x} x={bar.x} y={0} width={bar.w} height={geometry.height} fill="#000" />
          ))}
        </svg>
      ) : null}
      <p className={styles.digits}>{value}</p>
    </div>
  );
}
