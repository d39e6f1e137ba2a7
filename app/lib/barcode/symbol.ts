import { code128Svg, QUIET_ZONE_MODULES } from './code128';
import type { Symbology } from './symbology';

/**
 * A barcode as plain data: dark rectangles on a grid of modules, quiet zones included. The
 * server draws it (app/lib/barcode/render.server.ts) and hands it to the page, which paints it as
 * SVG (barcode.tsx), so no barcode library reaches the browser. Client-safe.
 */
export interface BarcodeSymbol {
  symbology: Symbology;
  /** 'linear': one row of bars, drawn as tall as the page likes; 'matrix': a square grid. */
  kind: 'linear' | 'matrix';
  /** Width in modules, quiet zones included. */
  columns: number;
  /** Height in modules (1 for a linear code), quiet zones included. */
  rows: number;
  /** The quiet zone on each side, in modules. */
  quietZone: number;
  /** Dark rectangles as [x, y, width, height] in modules. */
  rects: Array<[number, number, number, number]>;
}

/** A Code 128 symbol of `text` (our own encoder; throws like `encodeCode128`). */
export function code128Symbol(text: string, quietZone = QUIET_ZONE_MODULES): BarcodeSymbol {
  const geometry = code128Svg(text, { moduleWidth: 1, height: 1, quietZone });
  return {
    symbology: 'code128',
    kind: 'linear',
    columns: geometry.width,
    rows: 1,
    quietZone,
    rects: geometry.bars.map((bar) => [bar.x, 0, bar.w, 1]),
  };
}

/** The dark modules of a linear symbol's row, left to right: '1' dark, '0' light. */
export function symbolRow(symbol: BarcodeSymbol, y = 0): string {
  const row = Array.from({ length: symbol.columns }, () => '0');
  for (const [x, top, w, h] of symbol.rects) {
    if (y < top || y >= top + h) continue;
    for (let i = x; i < x + w; i += 1) row[i] = '1';
  }
  return row.join('');
}
