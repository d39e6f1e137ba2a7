import { describe, expect, it } from 'vitest';
import { gs1CheckDigit, whyNotEncodable, whySymbologyUnfit } from './symbology';

describe('symbology', () => {
  it('computes GS1 check digits', () => {
    expect(gs1CheckDigit('400638133393')).toBe(1);
    expect(gs1CheckDigit('03600029145')).toBe(2);
  });

  it('says which card numbers each symbology holds as they are', () => {
    expect(whyNotEncodable('code128', '412345678901')).toBeNull();
    expect(whyNotEncodable('qrcode', '412345678901')).toBeNull();
    expect(whyNotEncodable('ean13', '4006381333931')).toBeNull();
    expect(whyNotEncodable('ean13', '412345678901')).toMatch(/13 digits/);
    expect(whyNotEncodable('upca', '036000291452')).toBeNull();
    expect(whyNotEncodable('upca', '036000291450')).toMatch(/check digit/);
    expect(whyNotEncodable('code128', '')).toMatch(/no text/);
  });

  it("refuses EAN-13 and UPC-A unless the brand's card numbers have their length", () => {
    expect(whySymbologyUnfit('code128')).toBeNull();
    expect(whySymbologyUnfit('qrcode', 12)).toBeNull();
    expect(whySymbologyUnfit('upca', 12)).toBeNull();
    expect(whySymbologyUnfit('ean13', 13)).toBeNull();
    expect(whySymbologyUnfit('ean13')).toMatch(/cardDigits to 13/);
    expect(whySymbologyUnfit('upca', 13)).toMatch(/have 13/);
  });
});
