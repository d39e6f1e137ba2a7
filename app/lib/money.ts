/**
 * Number formats shown to shoppers (client-safe). Dates are in `common/dates.ts` (`formatShopperDate`).
 */

const DOLLARS = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * Money in dollars as shoppers read it: under a dollar in cents (`0.5` → '50¢'), otherwise dollars
 * with 2 decimals (`1.25` → '$1.25', `1234.5` → '$1,234.50'); zero (and anything that rounds to
 * zero cents) → '$0.00'. The value is rounded to whole cents first, so `0.999` → '$1.00'. Negative
 * amounts get a leading minus ('-50¢', '-$1.25'). Missing or non-finite values → '' (nothing to
 * show, rather than a made-up $0.00).
 */
export function formatCurrency(value: number | null | undefined): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '';
  const cents = Math.round(Math.abs(value) * 100);
  if (cents === 0) return '$0.00';
  const sign = value < 0 ? '-' : '';
  if (cents < 100) return `${sign}${cents}¢`;
  return `${sign}${dollars(cents)}`;
}

/**
 * Whole cents as dollars ('$1,234.50'), each amount formatted once: a rewards or receipts page
 * writes a few hundred amounts, many of them the same, and Intl's format was ~0.7 % of such a
 * page's server CPU. Bounded: emptied when it grows past DOLLARS_KEPT amounts.
 */
const DOLLARS_KEPT = 5000;
const formatted = new Map<number, string>();
function dollars(cents: number): string {
  let text = formatted.get(cents);
  if (text === undefined) {
    if (formatted.size >= DOLLARS_KEPT) formatted.clear();
    text = DOLLARS.format(cents / 100);
    formatted.set(cents, text);
  }
  return text;
}
