/**
 * The loyalty API's receipt text (`receiptTextData`, docs/loyalty-api.md "Receipt text"): blocks
 * separated by one blank line; block 1 the retailer header, block 2 the store, then item lines
 * `DESCRIPTION\tVALUE` and the totals. Pure, so the receipts page and tests share it.
 */

export interface ReceiptItem {
  description: string;
  /** Dollars; negative for savings. Null when the line has no number. */
  value: number | null;
}

export interface ParsedReceipt {
  /** The retailer header lines. */
  header: string[];
  /** The store block: name, address, city/state/zip. */
  location: string[];
  items: ReceiptItem[];
  subtotal: number | null;
  tax: number | null;
  total: number | null;
  transactionNumber: string | null;
  points: number | null;
}

const TOTAL_LABELS: Record<string, 'subtotal' | 'tax' | 'total' | 'transactionNumber' | 'points'> =
  {
    subtotal: 'subtotal',
    'total tax': 'tax',
    'balance due': 'total',
    'trans. number': 'transactionNumber',
    'points earned': 'points',
  };

function amount(value: string): number | null {
  const cleaned = value.replace(/[$,\s]/g, '');
  if (!/^-?\d+(\.\d+)?$/.test(cleaned)) return null;
  return Number(cleaned);
}

export function parseReceiptText(text: string): ParsedReceipt {
  const blocks = text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((b) =>
      b
        .split('\n')
        .map((l) => l.trimEnd())
        .filter((l) => l.trim() !== ''),
    )
    .filter((b) => b.length > 0);
  const out: ParsedReceipt = {
    header: blocks[0] ?? [],
    location: (blocks[1] ?? []).map((l) => l.trim()),
    items: [],
    subtotal: null,
    tax: null,
    total: null,
    transactionNumber: null,
    points: null,
  };
  for (const line of blocks.slice(2).flat()) {
    const tab = line.indexOf('\t');
    const label = (tab === -1 ? line : line.slice(0, tab)).trim();
    const value = tab === -1 ? '' : line.slice(tab + 1).trim();
    const total = TOTAL_LABELS[label.toLowerCase()];
    if (total === 'transactionNumber') out.transactionNumber = value || null;
    else if (total) out[total] = amount(value);
    else out.items.push({ description: label, value: tab === -1 ? null : amount(value) });
  }
  return out;
}

/**
 * The receipt as a readable one, or null when its text does not follow the format well enough to
 * be shown as parts (the page then shows the text as printed). It must have a store block, an
 * amount due and something bought; the other totals, the transaction number and the points may be
 * missing (the page leaves their lines out). An item line without a tab is kept as a note.
 */
export function readReceipt(text: string): ParsedReceipt | null {
  const parsed = parseReceiptText(text);
  if (parsed.location.length === 0 || parsed.total === null) return null;
  if (!parsed.items.some((item) => item.value !== null)) return null;
  return parsed;
}
