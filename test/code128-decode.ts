/**
 * Reads a Code 128 barcode back from pixels, independently of the site's encoder: the symbol
 * table here is the standard's, written out again. Used by the card test on a screenshot's
 * pixel row.
 *
 * decodeRow: a row of grey levels (0 black … 255 white) → the runs of dark and light pixels
 * between the quiet zones → the module width (the stop pattern is 13 modules in 7 runs) →
 * each symbol's six widths in modules → its value → the text, after the checksum is checked.
 */

// Bar/space widths (bar first) of values 0–105, in order; the stop pattern is separate.
const TABLE = (
  '212222 222122 222221 121223 121322 131222 122213 122312 132212 221213 221312 231212 ' +
  '112232 122132 122231 113222 123122 123221 223211 221132 221231 213212 223112 312131 ' +
  '311222 321122 321221 312212 322112 322211 212123 212321 232121 111323 131123 131321 ' +
  '112313 132113 132311 211313 231113 231311 112133 112331 132131 113123 113321 133121 ' +
  '313121 211331 231131 213113 213311 213131 311123 311321 331121 312113 312311 332111 ' +
  '314111 221411 431111 111224 111422 121124 121421 141122 141221 112214 112412 122114 ' +
  '122411 142112 142211 241211 221114 413111 241112 134111 111242 121142 121241 114212 ' +
  '124112 124211 411212 421112 421211 212141 214121 412121 111143 111341 131141 114113 ' +
  '114311 411113 411311 113141 114131 311141 411131 211412 211214 211232'
).split(' ');
const STOP = '2331112';
const VALUE = new Map(TABLE.map((p, v) => [p, v]));

export interface DecodedCode128 {
  text: string;
  /** Pixels per module, as measured. */
  moduleWidth: number;
  /** Light pixels before the first bar and after the last, in modules. */
  quietLeft: number;
  quietRight: number;
}

/** Runs of equal colour along a row of grey levels: [dark?, length][]. */
function runs(row: number[], threshold = 128): Array<[boolean, number]> {
  const out: Array<[boolean, number]> = [];
  for (const level of row) {
    const dark = level < threshold;
    const last = out.at(-1);
    if (last && last[0] === dark) last[1] += 1;
    else out.push([dark, 1]);
  }
  return out;
}

/** Decodes the symbol values of a Code 128 symbol (start code … checksum) into text. */
export function textOfValues(values: number[]): string {
  const [start, ...rest] = values;
  const data = rest.slice(0, -1);
  const check = rest.at(-1);
  let sum = start;
  data.forEach((v, k) => (sum += (k + 1) * v));
  if (sum % 103 !== check) throw new Error(`Code 128: checksum ${check} should be ${sum % 103}`);
  let set = start === 105 ? 'C' : start === 104 ? 'B' : start === 103 ? 'A' : null;
  if (!set) throw new Error(`Code 128: ${start} is not a start code`);
  let text = '';
  for (const v of data) {
    if (set === 'C') {
      if (v < 100) text += String(v).padStart(2, '0');
      else if (v === 100) set = 'B';
      else if (v === 101) set = 'A';
      else throw new Error(`Code 128: value ${v} in set C`);
    } else if (v === 99) set = 'C';
    else if (v === 100 && set === 'A') set = 'B';
    else if (v === 101 && set === 'B') set = 'A';
    else if (v < 96) text += String.fromCharCode(set === 'A' && v >= 64 ? v - 64 : v + 32);
    else throw new Error(`Code 128: value ${v} is not supported here`);
  }
  return text;
}

/**
 * Decodes one pixel row (grey levels) through a Code 128 symbol. Throws when the row holds no
 * readable symbol, a width is not a whole number of modules, or the checksum is wrong.
 */
export function decodeRow(row: number[]): DecodedCode128 {
  const all = runs(row);
  const first = all.findIndex(([dark]) => dark);
  const last = all.findLastIndex(([dark]) => dark);
  if (first < 0) throw new Error('Code 128: no bar in the row');
  const bars = all.slice(first, last + 1).map(([, n]) => n);
  const total = bars.reduce((a, b) => a + b, 0);
  // 6 runs per symbol and 7 for the stop: the run count gives the symbol count.
  if ((bars.length - 7) % 6 !== 0) throw new Error(`Code 128: ${bars.length} runs`);
  const symbols = (bars.length - 7) / 6;
  const modules = symbols * 11 + 13;
  const moduleWidth = total / modules;
  const widths = bars.map((n) => {
    const m = n / moduleWidth;
    if (Math.abs(m - Math.round(m)) > 0.25) {
      throw new Error(
        `Code 128: a run of ${n}px is not a whole number of ${moduleWidth}px modules`,
      );
    }
    return Math.round(m);
  });
  const values: number[] = [];
  for (let s = 0; s < symbols; s += 1) {
    const pattern = widths.slice(s * 6, s * 6 + 6).join('');
    const v = VALUE.get(pattern);
    if (v === undefined) throw new Error(`Code 128: no symbol ${pattern} (position ${s + 1})`);
    values.push(v);
  }
  if (widths.slice(-7).join('') !== STOP) throw new Error('Code 128: no stop pattern');
  const left = first > 0 ? all[0][1] : 0;
  const right = last < all.length - 1 ? all[all.length - 1][1] : 0;
  return {
    text: textOfValues(values),
    moduleWidth,
    quietLeft: left / moduleWidth,
    quietRight: right / moduleWidth,
  };
}
