import { describe, expect, it } from 'vitest';
import {
  CODE128,
  QUIET_ZONE_MODULES,
  STOP_MODULES,
  SYMBOL_MODULES,
  code128Checksum,
  code128Pattern,
  code128Svg,
  code128Values,
  encodeCode128,
} from './code128';

const QUIET = '0'.repeat(QUIET_ZONE_MODULES);
const START_B = '11010010000';
const START_C = '11010011100';
const STOP = '1100011101011';

/** Modules of a symbol (quiet zones on both sides) from its value count. */
const moduleCount = (symbols: number) =>
  SYMBOL_MODULES * symbols + STOP_MODULES + 2 * QUIET_ZONE_MODULES;

describe('code 128 symbol table', () => {
  it('has 106 symbols of 11 modules (3 bars, 3 spaces) and a 13-module stop 2331112', () => {
    const seen = new Set<string>();
    for (let v = 0; v <= 105; v += 1) {
      const widths = code128Pattern(v);
      expect(widths).toHaveLength(6);
      expect(widths.reduce((a, b) => a + b, 0)).toBe(11);
      // Bars (even positions) always add up to an even number of modules (the parity rule).
      expect((widths[0] + widths[2] + widths[4]) % 2).toBe(0);
      expect(widths.every((w) => w >= 1 && w <= 4)).toBe(true);
      seen.add(widths.join(''));
    }
    expect(seen.size).toBe(106);
    expect(code128Pattern(CODE128.STOP).join('')).toBe('2331112');
    expect(() => code128Pattern(107)).toThrow(RangeError);
    expect(() => code128Pattern(-1)).toThrow(RangeError);
  });
});

describe('encodeCode128', () => {
  it("encodes 'Code 128' in set B with the hand-computed checksum 64", () => {
    // C=35 o=79 d=68 e=69 ' '=0 1=17 2=18 8=24 (set B value = ASCII − 32); "128" is too short
    // a digit run to switch to set C.
    // 104 + 1·35 + 2·79 + 3·68 + 4·69 + 5·0 + 6·17 + 7·18 + 8·24 = 1197 = 11·103 + 64
    const e = encodeCode128('Code 128');
    expect(e.values).toEqual([104, 35, 79, 68, 69, 0, 17, 18, 24, 64]);
    expect(e.checksum).toBe(64);
    expect(e.modules.startsWith(QUIET + START_B)).toBe(true);
    // 64 is '10100001100' in the standard table.
    expect(e.modules.endsWith('10100001100' + STOP + QUIET)).toBe(true);
    expect(e.modules).toHaveLength(moduleCount(10));
  });

  it("encodes '1234567890' in set C: 105, 12, 34, 56, 78, 90 and checksum 85", () => {
    // 105 + 1·12 + 2·34 + 3·56 + 4·78 + 5·90 = 1115 = 10·103 + 85
    const e = encodeCode128('1234567890');
    expect(e.values).toEqual([105, 12, 34, 56, 78, 90, 85]);
    expect(e.checksum).toBe((105 + 1 * 12 + 2 * 34 + 3 * 56 + 4 * 78 + 5 * 90) % 103);
    expect(e.modules).toBe(
      QUIET +
        [
          START_C,
          '10110011100', // 12
          '10001011000', // 34
          '11100010110', // 56
          '11000010100', // 78
          '11011110110', // 90
          '10011110010', // 85
          STOP,
        ].join('') +
        QUIET,
    );
    expect(e.modules).toHaveLength(moduleCount(7));
  });

  it('switches from set B to set C for a trailing run of digits (checksum 26)', () => {
    // A=33 B=34, Code C=99, then 12 34 56.
    // 104 + 1·33 + 2·34 + 3·99 + 4·12 + 5·34 + 6·56 = 1056 = 10·103 + 26
    const e = encodeCode128('AB123456');
    expect(e.values).toEqual([104, 33, 34, CODE128.CODE_C, 12, 34, 56, 26]);
    expect(e.modules).toHaveLength(moduleCount(8));
  });

  it('uses set C throughout for all-digit text of even length (a shopper number)', () => {
    const values = code128Values('412345678901');
    expect(values).toEqual([105, 41, 23, 45, 67, 89, 1]);
    expect(code128Values('07')).toEqual([105, 7]);
    const e = encodeCode128('412345678901');
    expect(e.modules).toHaveLength(moduleCount(8));
  });

  it('keeps short digit runs in set B and goes back to set B after a run', () => {
    expect(code128Values('123')).toEqual([104, 17, 18, 19]);
    expect(code128Values('A1234B')).toEqual([104, 33, 17, 18, 19, 20, 34]);
    // An inner run of 6 pays for both switches.
    expect(code128Values('A123456B')).toEqual([104, 33, 99, 12, 34, 56, 100, 34]);
    // A leading odd run starts in set C and leaves its last digit to set B.
    expect(code128Values('12345X')).toEqual([105, 12, 34, 100, 21, 56]);
    // An odd trailing run leaves its first digit in set B.
    expect(code128Values('X12345')).toEqual([104, 56, 17, 99, 23, 45]);
  });

  it('computes the checksum as start + Σ position × value, mod 103', () => {
    expect(code128Checksum([104])).toBe(1);
    expect(code128Checksum([105, 102, 102])).toBe((105 + 102 + 204) % 103);
  });

  it('gives every symbol 11 modules, the stop 13, and 10-module quiet zones', () => {
    for (const text of ['Code 128', '1234567890', 'Hello, World! ~{}', ' ', '9']) {
      const e = encodeCode128(text);
      const symbols = e.values.length;
      expect(e.modules).toHaveLength(moduleCount(symbols));
      expect(e.widths.reduce((a, b) => a + b, 0)).toBe(11 * symbols + 13);
      expect(e.modules.slice(0, 10)).toBe(QUIET);
      expect(e.modules.slice(-10)).toBe(QUIET);
      expect(e.modules.slice(10, 21)).toMatch(/^11010(010000|011100)$/);
      expect(e.modules.slice(-23, -10)).toBe(STOP);
      for (let k = 0; k < symbols; k += 1) {
        const symbol = e.widths.slice(6 * k, 6 * k + 6);
        expect(symbol.reduce((a, b) => a + b, 0)).toBe(11);
      }
    }
  });

  it('rejects characters outside ASCII 32–126 with a clear error', () => {
    expect(() => encodeCode128('abc\ndef')).toThrow(RangeError);
    expect(() => encodeCode128('abc\ndef')).toThrow(
      /character U\+000A at position 4 cannot be encoded; only printable ASCII \(codes 32–126\)/,
    );
    expect(() => encodeCode128('café')).toThrow(/U\+00E9 at position 4/);
    expect(() => encodeCode128('\u007f')).toThrow(RangeError);
    expect(() => encodeCode128('😀')).toThrow(/U\+1F600 at position 1/);
    expect(() => encodeCode128('')).toThrow(/no text to encode/);
  });
});

describe('code128Svg', () => {
  it('lays the bars out left to right from the quiet zone, in module widths', () => {
    const { width, height, bars } = code128Svg('1234567890', { height: 60, moduleWidth: 2 });
    expect(height).toBe(60);
    expect(width).toBe(2 * moduleCount(7));
    // Start C is 2 1 1 2 3 2: bars at modules 10 (2 wide), 13 (1), 16 (3).
    expect(bars.slice(0, 3)).toEqual([
      { x: 20, w: 4 },
      { x: 26, w: 2 },
      { x: 32, w: 6 },
    ]);
    // The stop's last bar ends where the right quiet zone begins.
    const last = bars[bars.length - 1];
    expect(last.x + last.w).toBe(width - 2 * QUIET_ZONE_MODULES);
    // 3 bars per symbol, 4 in the stop.
    expect(bars).toHaveLength(3 * 7 + 4);
  });

  it('matches the module string', () => {
    const text = 'Shopper 42';
    const { modules } = encodeCode128(text);
    const { bars, width } = code128Svg(text, { moduleWidth: 1 });
    const drawn = Array.from({ length: width }, () => '0');
    for (const b of bars) for (let x = b.x; x < b.x + b.w; x += 1) drawn[x] = '1';
    expect(drawn.join('')).toBe(modules);
  });

  it('throws for text it cannot encode', () => {
    expect(() => code128Svg('tab\there')).toThrow(RangeError);
  });
});
