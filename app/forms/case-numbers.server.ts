/**
 * Case numbers of acknowledged content-form posts (docs/reference/forms.md "Acknowledgement"):
 * nine characters in three groups ('K7Q-4MX-9TD'), drawn at random from 29 letters and digits
 * that cannot be misread for one another (no 0/O, 1/I/L, U, S), so a shopper can read one out on
 * the phone. About 1.5 × 10^13 numbers: never a count, so one case number tells nothing about
 * another. Each is stored with the brand, the form and the time (site store `form_cases`); a
 * number drawn twice is drawn again.
 */
import crypto from 'node:crypto';
import type { SiteQuery } from '~/lib/site-store/site-store.server';

export const CASE_ALPHABET = '23456789ABCDEFGHJKMNPQRTVWXYZ';
export const CASE_NUMBER_PATTERN = /^[2-9A-Z]{3}-[2-9A-Z]{3}-[2-9A-Z]{3}$/;

/** A fresh random case number (not stored). */
export function drawCaseNumber(random: (n: number) => Buffer = crypto.randomBytes): string {
  const chars: string[] = [];
  while (chars.length < 9) {
    for (const byte of random(16)) {
      // Rejection sampling: every character equally likely.
      if (byte < 256 - (256 % CASE_ALPHABET.length) && chars.length < 9) {
        chars.push(CASE_ALPHABET[byte % CASE_ALPHABET.length]);
      }
    }
  }
  return `${chars.slice(0, 3).join('')}-${chars.slice(3, 6).join('')}-${chars.slice(6).join('')}`;
}

/** Draws a case number and stores it with the brand and form; retried on the rare clash. */
export async function newCaseNumber(
  store: SiteQuery,
  { brand, form }: { brand: string; form: string },
  draw: () => string = drawCaseNumber,
): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const caseNumber = draw();
    const rows = await store.query(
      `insert into form_cases (case_number, brand, form_slug) values ($1, $2, $3)
       on conflict (case_number) do nothing returning case_number`,
      [caseNumber, brand, form],
    );
    if (rows.length) return caseNumber;
  }
  throw new Error('no free case number after 5 draws');
}
