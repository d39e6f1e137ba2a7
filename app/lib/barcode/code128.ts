/**
 * Code 128 barcodes (ISO/IEC 15417) without dependencies. Client-safe: pure functions.
 *
 * Text is encoded in code set B (printable ASCII 32–126), switching to code set C (two digits
 * per symbol) for runs of digits long enough to make the symbol shorter: an all-digit text of
 * even length is set C throughout (a shopper number), a leading run of 4 or more digits starts
 * in set C, a trailing run of 4 or more or an inner run of 6 or more switches to it. Set A
 * (control characters) is not used, so anything outside ASCII 32–126 is refused.
 *
 * The symbol is: quiet zone (10 modules), start code, data symbols, checksum, stop pattern
 * (2331112, 13 modules), quiet zone. Every symbol but the stop is 3 bars and 3 spaces, 11
 * modules wide; the checksum is (start value + Σ position × value) mod 103, positions from 1.
 */

/** Bar/space widths of symbol values 0–105 (bar first), then the stop pattern as value 106. */
const PATTERNS: readonly string[] = // 0–9, 10–19, …, 100–105, then the stop pattern (106).
  (
    '212222 222122 222221 121223 121322 131222 122213 122312 132212 221213 ' +
    '221312 231212 112232 122132 122231 113222 123122 123221 223211 221132 ' +
    '221231 213212 223112 312131 311222 321122 321221 312212 322112 322211 ' +
    '212123 212321 232121 111323 131123 131321 112313 132113 132311 211313 ' +
    '231113 231311 112133 112331 132131 113123 113321 133121 313121 211331 ' +
    '231131 213113 213311 213131 311123 311321 331121 312113 312311 332111 ' +
    '314111 221411 431111 111224 111422 121124 121421 141122 141221 112214 ' +
    '112412 122114 122411 142112 142211 241211 221114 413111 241112 134111 ' +
    '111242 121142 121241 114212 124112 124211 411212 421112 421211 212141 ' +
    '214121 412121 111143 111341 131141 114113 114311 411113 411311 113141 ' +
    '114131 311141 411131 211412 211214 211232 2331112'
  ).split(' ');

/** Symbol values with a meaning of their own. */
export const CODE128 = {
  /** In set B: switch to set C. */
  CODE_C: 99,
  /** In set C: switch to set B. */
  CODE_B: 100,
  START_A: 103,
  START_B: 104,
  START_C: 105,
  STOP: 106,
} as const;

/** Width of the quiet zone on each side, in modules (ISO/IEC 15417 asks for at least 10). */
export const QUIET_ZONE_MODULES = 10;
/** Modules of every symbol but the stop pattern. */
export const SYMBOL_MODULES = 11;
/** Modules of the stop pattern (2331112). */
export const STOP_MODULES = 13;

/** The bar/space widths of a symbol value (0–106), bar first. */
export function code128Pattern(value: number): number[] {
  const pattern = PATTERNS[value];
  if (!Number.isInteger(value) || pattern === undefined) {
    throw new RangeError(`Code 128: no symbol has the value ${value} (0–106).`);
  }
  return Array.from(pattern, Number);
}

/**
 * Throws a RangeError naming the first character Code 128 set B cannot encode (outside ASCII
 * 32–126), and an Error for an empty text.
 */
function checkText(text: string): void {
  if (typeof text !== 'string' || text.length === 0) {
    throw new Error('Code 128: there is no text to encode.');
  }
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 32 || code > 126) {
      const point = text.codePointAt(i) ?? code;
      const hex = point.toString(16).toUpperCase().padStart(4, '0');
      throw new RangeError(
        `Code 128: the character U+${hex} at position ${i + 1} cannot be encoded; ` +
          'only printable ASCII (codes 32–126) is supported.',
      );
    }
  }
}

const isDigit = (code: number) => code >= 48 && code <= 57;

/** How many digits follow from `start`. */
function digitRun(text: string, start: number): number {
  let i = start;
  while (i < text.length && isDigit(text.charCodeAt(i))) i += 1;
  return i - start;
}

/**
 * The symbol values of a text: start code, then data symbols (with code-set switches), without
 * checksum or stop. Throws for characters outside ASCII 32–126 (see `checkText`).
 */
export function code128Values(text: string): number[] {
  checkText(text);
  const n = text.length;
  const lead = digitRun(text, 0);
  let setC = lead >= 4 || (lead === n && n % 2 === 0);
  const values: number[] = [setC ? CODE128.START_C : CODE128.START_B];
  let i = 0;
  while (i < n) {
    if (setC) {
      if (digitRun(text, i) >= 2) {
        values.push(Number(text.slice(i, i + 2)));
        i += 2;
      } else {
        values.push(CODE128.CODE_B);
        setC = false;
      }
      continue;
    }
    const run = digitRun(text, i);
    // Set C pays for its switch (and the switch back, unless the run ends the text) from 4
    // digits at the end and 6 inside; an odd run leaves its first digit in set B.
    if (run >= (i + run === n ? 4 : 6)) {
      if (run % 2 === 1) {
        values.push(text.charCodeAt(i) - 32);
        i += 1;
      }
      values.push(CODE128.CODE_C);
      setC = true;
      continue;
    }
    values.push(text.charCodeAt(i) - 32);
    i += 1;
  }
  return values;
}

/** The check symbol: (start value + Σ position × value) mod 103, data positions from 1. */
export function code128Checksum(values: readonly number[]): number {
  let sum = values[0] ?? 0;
  for (let k = 1; k < values.length; k += 1) sum += k * values[k];
  return sum % 103;
}

export interface Code128Encoding {
  text: string;
  /** Start code, data symbols and the checksum (the stop pattern is not a value here). */
  values: number[];
  checksum: number;
  /** Bar and space widths in modules, bar first, from the start code through the stop pattern. */
  widths: number[];
  /** The whole symbol, quiet zones included: '1' for a bar module, '0' for a space module. */
  modules: string;
}

/** Encodes a text (printable ASCII 32–126). Throws a RangeError for any other character. */
export function encodeCode128(
  text: string,
  { quietZone = QUIET_ZONE_MODULES }: { quietZone?: number } = {},
): Code128Encoding {
  const data = code128Values(text);
  const checksum = code128Checksum(data);
  const values = [...data, checksum];
  const widths = [...values, CODE128.STOP].flatMap(code128Pattern);
  const quiet = '0'.repeat(Math.max(0, Math.floor(quietZone)));
  const bars = widths.map((w, k) => (k % 2 === 0 ? '1' : '0').repeat(w)).join('');
  return { text, values, checksum, widths, modules: quiet + bars + quiet };
}

export interface BarcodeBar {
  /** Left edge, in user units (modules × moduleWidth). */
  x: number;
  /** Width, in user units. */
  w: number;
}

export interface BarcodeGeometry {
  /** Whole width with the quiet zones, in user units. */
  width: number;
  height: number;
  /** The dark bars, left to right. */
  bars: BarcodeBar[];
}

export interface BarcodeOptions {
  /** Bar height in user units (default 80). */
  height?: number;
  /** Width of one module in user units (default 2). */
  moduleWidth?: number;
  /** Quiet zone on each side, in modules (default 10). */
  quietZone?: number;
}

/**
 * The rectangles of a text's barcode, for an SVG: `<svg viewBox="0 0 {width} {height}">` with a
 * `<rect x y="0" width={w} height>` per bar (see barcode.tsx). Throws like
 * `encodeCode128`.
 */
export function code128Svg(text: string, options: BarcodeOptions = {}): BarcodeGeometry {
  const { height = 80, moduleWidth = 2, quietZone = QUIET_ZONE_MODULES } = options;
  const { widths } = encodeCode128(text, { quietZone: 0 });
  const quiet = Math.max(0, Math.floor(quietZone));
  const bars: BarcodeBar[] = [];
  let at = quiet;
  widths.forEach((w, k) => {
    if (k % 2 === 0) bars.push({ x: at * moduleWidth, w: w * moduleWidth });
    at += w;
  });
  return { width: (at + quiet) * moduleWidth, height, bars };
}
