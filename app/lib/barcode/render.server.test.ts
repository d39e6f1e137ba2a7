import { describe, expect, it } from 'vitest';
import { decodeRow } from '@test/code128-decode';
import { drawBarcode, drawCardBarcode, QUIET_ZONES } from './render.server';
import { symbolRow, type BarcodeSymbol } from './symbol';
import { SYMBOLOGIES } from './symbology';

/** A linear symbol's row as grey levels, `px` pixels per module (a screenshot's row). */
function pixels(symbol: BarcodeSymbol, px = 3): number[] {
  return Array.from(symbolRow(symbol)).flatMap((m) => Array<number>(px).fill(m === '1' ? 0 : 255));
}

// EAN/UPC digit patterns (standard tables, written out independently of bwip-js).
const L = [
  '0001101',
  '0011001',
  '0010011',
  '0111101',
  '0100011',
  '0110001',
  '0101111',
  '0111011',
  '0110111',
  '0001011',
];
const R = L.map((p) => Array.from(p, (b) => (b === '1' ? '0' : '1')).join(''));
const G = R.map((p) => Array.from(p).reverse().join(''));
const PARITY = [
  'LLLLLL',
  'LLGLGG',
  'LLGGLG',
  'LLGGGL',
  'LGLLGG',
  'LGGLLG',
  'LGGGLG',
  'LGGGGL',
  'LGLGGL',
  'LGLGLG',
];

/** Reads the digits of an EAN-13 (or UPC-A, as EAN-13 with a leading 0) module string. */
function readEan(modules: string): string {
  const bars = modules.slice(modules.indexOf('1'), modules.lastIndexOf('1') + 1);
  expect(bars).toHaveLength(95);
  expect(bars.slice(0, 3)).toBe('101');
  expect(bars.slice(45, 50)).toBe('01010');
  expect(bars.slice(92)).toBe('101');
  let parity = '';
  let digits = '';
  for (let k = 0; k < 6; k += 1) {
    const p = bars.slice(3 + 7 * k, 10 + 7 * k);
    const l = L.indexOf(p);
    parity += l >= 0 ? 'L' : 'G';
    digits += l >= 0 ? l : G.indexOf(p);
  }
  for (let k = 0; k < 6; k += 1) digits += R.indexOf(bars.slice(50 + 7 * k, 57 + 7 * k));
  return PARITY.indexOf(parity) + digits;
}

describe('drawBarcode', () => {
  it('draws a card number in Code 128 that reads back, with 10-module quiet zones', () => {
    const symbol = drawBarcode('code128', '412345678901');
    expect(symbol).toMatchObject({ kind: 'linear', rows: 1, quietZone: 10 });
    // Start C, six digit pairs, checksum (11 modules each), stop (13), two quiet zones.
    expect(symbol.columns).toBe(8 * 11 + 13 + 20);
    const read = decodeRow(pixels(symbol));
    expect(read).toMatchObject({ text: '412345678901', moduleWidth: 3, quietLeft: 10 });
    expect(decodeRow(pixels(drawBarcode('code128', 'AB-12 x')))).toMatchObject({ text: 'AB-12 x' });
  });

  it('draws EAN-13 and UPC-A through bwip-js, digits and guards where the standard puts them', () => {
    const ean = drawBarcode('ean13', '4006381333931');
    expect(ean.columns).toBe(95 + 2 * QUIET_ZONES.ean13);
    expect(readEan(symbolRow(ean))).toBe('4006381333931');
    const upc = drawBarcode('upca', '036000291452');
    expect(upc.columns).toBe(95 + 2 * QUIET_ZONES.upca);
    expect(readEan(symbolRow(upc))).toBe('0036000291452');
  });

  it('draws a QR code as a square with three finder patterns inside a 4-module quiet zone', () => {
    const qr = drawBarcode('qrcode', '412345678901');
    expect(qr.kind).toBe('matrix');
    expect(qr.columns).toBe(qr.rows);
    const size = qr.columns - 8;
    expect((size - 21) % 4).toBe(0);
    const finder = ['1111111', '1000001', '1011101', '1011101', '1011101', '1000001', '1111111'];
    const at = (x: number, y: number) =>
      finder.every((line, k) => symbolRow(qr, y + k).slice(x, x + 7) === line);
    expect(at(4, 4)).toBe(true);
    expect(at(4 + size - 7, 4)).toBe(true);
    expect(at(4, 4 + size - 7)).toBe(true);
    expect(at(4 + size - 7, 4 + size - 7)).toBe(false);
    expect(symbolRow(qr, 0)).toBe('0'.repeat(qr.columns));
  });

  it('refuses text a symbology cannot hold, without repeating the text', () => {
    const bad: Array<[(typeof SYMBOLOGIES)[number], string]> = [
      ['code128', ''],
      ['code128', 'café 412345'],
      ['ean13', '4006381333932'],
      ['ean13', '412345678901'],
      ['upca', '036000291453'],
      ['upca', '03600029145a'],
      ['qrcode', '9'.repeat(300)],
    ];
    for (const [symbology, text] of bad) {
      let message = '';
      try {
        drawBarcode(symbology, text);
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message, `${symbology} ${text}`).toMatch(/^barcode: cannot draw/);
      if (text.length > 3) expect(message).not.toContain(text);
    }
  });

  it('draws a card number that does not fit the brand symbology in Code 128', () => {
    expect(drawCardBarcode('ean13', '412345678901')?.symbology).toBe('code128');
    expect(drawCardBarcode('upca', '036000291452')?.symbology).toBe('upca');
    expect(drawCardBarcode('qrcode', '412345678901')?.symbology).toBe('qrcode');
    expect(drawCardBarcode('code128', 'é')).toBeNull();
  });
});
