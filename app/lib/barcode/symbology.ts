/**
 * The barcode kinds a brand's card can be drawn in, and which card numbers each can hold.
 * Client-safe: pure functions (the tenant schema, the server renderer and tests share them).
 *
 * A register reads back exactly what was encoded, so a symbology "fits" a number only when it
 * encodes the number as it is: EAN-13 and UPC-A carry a check digit of their own, so the number
 * must already be 13 (EAN-13) or 12 (UPC-A) digits ending in a correct check digit. Code 128
 * holds any printable ASCII text; a QR code any text up to a length a phone screen shows well.
 */

export const SYMBOLOGIES = ['code128', 'ean13', 'upca', 'qrcode'] as const;
export type Symbology = (typeof SYMBOLOGIES)[number];

/** What the card falls back to when a number does not fit the brand's symbology. */
export const DEFAULT_SYMBOLOGY: Symbology = 'code128';

/** Longest text drawn as a QR code (a card number is far shorter). */
export const QR_MAX_LENGTH = 256;

/** The number of digits a symbology needs, when it needs a fixed count. */
export const FIXED_DIGITS: Partial<Record<Symbology, number>> = { ean13: 13, upca: 12 };

/** The GS1 check digit of a run of digits (weights 3 and 1 from the right). */
export function gs1CheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    const d = digits.charCodeAt(digits.length - 1 - i) - 48;
    sum += d * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** Whether `digits` is all digits and its last one is the GS1 check digit of the others. */
function hasCheckDigit(digits: string, length: number): boolean {
  if (digits.length !== length || !/^\d+$/.test(digits)) return false;
  return gs1CheckDigit(digits.slice(0, -1)) === Number(digits.at(-1));
}

/**
 * Why `text` cannot be drawn in `symbology` as it is, or null when it can. The reason is safe to
 * log: it never repeats the text.
 */
export function whyNotEncodable(symbology: Symbology, text: string): string | null {
  if (typeof text !== 'string' || text.length === 0) return 'there is no text to encode';
  switch (symbology) {
    case 'code128':
      return /^[\x20-\x7e]+$/.test(text) ? null : 'Code 128 holds printable ASCII only';
    case 'ean13':
      return hasCheckDigit(text, 13) ? null : 'EAN-13 needs 13 digits ending in a check digit';
    case 'upca':
      return hasCheckDigit(text, 12) ? null : 'UPC-A needs 12 digits ending in a check digit';
    case 'qrcode':
      return text.length <= QR_MAX_LENGTH
        ? null
        : `a QR code here holds ${QR_MAX_LENGTH} characters at most`;
  }
}

/**
 * Why a brand whose card numbers have `cardDigits` digits (unknown: undefined) cannot use
 * `symbology`, or null. EAN-13 and UPC-A need the brand to say its numbers have their length.
 */
export function whySymbologyUnfit(symbology: Symbology, cardDigits?: number): string | null {
  const fixed = FIXED_DIGITS[symbology];
  if (fixed === undefined) return null;
  if (cardDigits === fixed) return null;
  return cardDigits === undefined
    ? `${symbology} holds ${fixed}-digit numbers only: set cardDigits to ${fixed} if the brand's card numbers have ${fixed} digits, or use code128`
    : `${symbology} holds ${fixed}-digit numbers only, but the brand's card numbers have ${cardDigits}: use code128 or qrcode`;
}
