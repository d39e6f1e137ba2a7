/**
 * How a shopper's card number is written on the site. Client-safe. The full number appears only
 * on the shopper's own pages (the barcode, the revealed number, the scanning page), never in a
 * page title, an address or a log line.
 */

/** The card number as a summary shows it: its last four digits only ('•••• 8901'). */
export function maskCardNumber(cardNumber: string): string {
  const digits = cardNumber.replace(/\s+/g, '');
  if (digits.length <= 4) return '•'.repeat(digits.length);
  return `•••• ${digits.slice(-4)}`;
}

/** The number in groups of four from the left ('4123 4567 8901'), for a cashier to type. */
export function groupCardNumber(cardNumber: string): string {
  const plain = cardNumber.replace(/\s+/g, '');
  return plain.match(/.{1,4}/g)?.join(' ') ?? plain;
}
