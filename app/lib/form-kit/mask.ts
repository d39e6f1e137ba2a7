/**
 * Phone mask ((###) ###-####, 10 digits) without zod, so the browser's masking input does not pull
 * the schema library into pages that only need the input.
 */

export const PHONE_MASK = '(###) ###-####';
/** A complete masked number: '(801) 555-1234'. */
export const PHONE_MASKED_LENGTH = PHONE_MASK.length;
export const PHONE_DIGITS = 10;

export interface Phone {
  /** '(801) 555-1234' */
  masked: string;
  /** '8015551234' (what the loyalty backend stores) */
  digits: string;
}

/** Separators a shopper may type without JavaScript: '801-555-1234', '+1 801.555.1234'. */
const SEPARATORS = /[\s().+-]/g;

/** The digits of a phone value, a leading US country code (11 digits starting with 1) dropped. */
export function phoneDigits(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.length === PHONE_DIGITS + 1 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/**
 * The mask applied to however many digits there are (at most ten): '', '(80', '(801) 5',
 * '(801) 555-1', '(801) 555-1234'. The ') ' and '-' appear only once a digit follows them, so
 * deleting backwards never gets stuck on a separator.
 */
export function formatPhone(digits: string): string {
  const d = digits.replace(/\D/g, '').slice(0, PHONE_DIGITS);
  if (d.length === 0) return '';
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/**
 * A complete phone number from what was posted: masked or bare digits, or digits with common
 * separators, ten digits after an optional leading 1. Null when it is not one.
 */
export function parsePhone(value: string): Phone | null {
  const text = value.trim();
  if (text.replace(SEPARATORS, '').replace(/\d/g, '') !== '') return null;
  const digits = phoneDigits(text);
  if (digits.length !== PHONE_DIGITS) return null;
  return { masked: formatPhone(digits), digits };
}

/** Position in `masked` just after its `count`-th digit (0: before the first digit). */
function caretAfterDigits(masked: string, count: number): number {
  if (count <= 0) return masked.startsWith('(') ? 1 : 0;
  let seen = 0;
  for (let i = 0; i < masked.length; i++) {
    if (/\d/.test(masked[i])) {
      seen += 1;
      if (seen === count) return i + 1;
    }
  }
  return masked.length;
}

/**
 * One edit of a masking phone input: the value the browser produced (`value`, caret at `caret`)
 * re-masked, the caret kept after the same digit. `deletedSeparator` says a delete removed only
 * a mask character ('backward': Backspace, 'forward': Delete), so the neighbouring digit goes
 * instead; otherwise the mask would put the separator straight back and the key would seem
 * to do nothing.
 */
export function maskPhoneEdit(
  value: string,
  caret: number,
  deletedSeparator?: 'backward' | 'forward',
): { value: string; caret: number } {
  let before = value.slice(0, caret).replace(/\D/g, '');
  let after = value.slice(caret).replace(/\D/g, '');
  if (deletedSeparator === 'backward') before = before.slice(0, -1);
  if (deletedSeparator === 'forward') after = after.slice(1);
  let digits = before + after;
  // Pasting '+1 801 555 1234' or '18015551234': drop the country code.
  if (digits.length === PHONE_DIGITS + 1 && digits.startsWith('1')) {
    digits = digits.slice(1);
    before = before.slice(1);
  }
  digits = digits.slice(0, PHONE_DIGITS);
  const masked = formatPhone(digits);
  return { value: masked, caret: caretAfterDigits(masked, Math.min(before.length, digits.length)) };
}
