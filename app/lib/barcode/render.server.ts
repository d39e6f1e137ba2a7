// The default export's `raw` encodes without drawing (the named export `raw` is a symbology).
import bwipjs from 'bwip-js/node';
import { code128Symbol, type BarcodeSymbol } from './symbol';
import { DEFAULT_SYMBOLOGY, whyNotEncodable, type Symbology } from './symbology';

/**
 * Draws barcodes on the server. Code 128 is our own encoder (code128.ts); EAN-13, UPC-A and QR
 * codes come from bwip-js, which stays on the server: pages get the rectangles as data
 * (symbol.ts), never the library.
 */

/** Quiet zones in modules: at least 10 each side for the linear codes, 4 around a QR code. */
export const QUIET_ZONES: Record<Symbology, number> = {
  code128: 10,
  ean13: 11,
  upca: 11,
  qrcode: 4,
};

type LinearRaw = { sbs: number[] };
type MatrixRaw = { pixs: number[]; pixx: number; pixy: number };

function linear(symbology: Symbology, widths: number[]): BarcodeSymbol {
  const quiet = QUIET_ZONES[symbology];
  const rects: BarcodeSymbol['rects'] = [];
  let at = quiet;
  widths.forEach((w, k) => {
    if (k % 2 === 0) rects.push([at, 0, w, 1]);
    at += w;
  });
  return { symbology, kind: 'linear', columns: at + quiet, rows: 1, quietZone: quiet, rects };
}

function matrix(symbology: Symbology, { pixs, pixx, pixy }: MatrixRaw): BarcodeSymbol {
  const quiet = QUIET_ZONES[symbology];
  const rects: BarcodeSymbol['rects'] = [];
  // One rectangle per run of dark modules in a row: a QR code of a card number is ~150 runs.
  for (let y = 0; y < pixy; y += 1) {
    let x = 0;
    while (x < pixx) {
      if (!pixs[y * pixx + x]) {
        x += 1;
        continue;
      }
      const start = x;
      while (x < pixx && pixs[y * pixx + x]) x += 1;
      rects.push([start + quiet, y + quiet, x - start, 1]);
    }
  }
  return {
    symbology,
    kind: 'matrix',
    columns: pixx + 2 * quiet,
    rows: pixy + 2 * quiet,
    quietZone: quiet,
    rects,
  };
}

/**
 * `text` as a barcode of `symbology`. Throws an Error whose message never repeats the text when
 * the text does not fit the symbology (symbology.ts says which do).
 */
export function drawBarcode(symbology: Symbology, text: string): BarcodeSymbol {
  const why = whyNotEncodable(symbology, text);
  if (why) throw new Error(`barcode: cannot draw a ${symbology} symbol: ${why}`);
  if (symbology === 'code128') return code128Symbol(text, QUIET_ZONES.code128);
  if (symbology === 'qrcode') {
    const [symbol] = bwipjs.raw('qrcode', text, 'eclevel=M') as MatrixRaw[];
    return matrix(symbology, symbol);
  }
  const [symbol] = bwipjs.raw({ bcid: symbology, text }) as LinearRaw[];
  return linear(symbology, symbol.sbs);
}

/**
 * A shopper's card number in the brand's symbology; a number that does not fit it (a brand
 * whose numbers changed length) is drawn in Code 128 rather than not at all.
 */
export function drawCardBarcode(symbology: Symbology, cardNumber: string): BarcodeSymbol | null {
  for (const kind of [symbology, DEFAULT_SYMBOLOGY]) {
    if (!whyNotEncodable(kind, cardNumber)) return drawBarcode(kind, cardNumber);
  }
  return null;
}
