/**
 * The receipts page's search (docs/reference/receipts.md "Finding a trip"): a GET form with
 * 'Search items' (`q`), a store (`store`) and a date range (`from`, `to`, `YYYY-MM-DD`), so a search
 * is a shareable address and works without JavaScript. Each field is bounded and validated on its
 * own: a field with a bad value shows its message and filters nothing, the others still apply; a
 * bad query never fails the page. Pure and client-safe.
 */
import { formatShopperDate, plainDate } from '@common/dates';
import { words } from './coupon-misses';
import type { ReceiptView } from './receipts';

export const SEARCH_MAX = 60;
export const STORE_MAX = 80;
/** What is echoed back into a field at most (a longer value is cut, never rendered whole). */
const ECHO_MAX = 200;

export type QueryField = 'q' | 'store' | 'from' | 'to';

export interface ReceiptsFilters {
  q: string;
  store: string;
  from: string;
  to: string;
}

export interface ParsedReceiptsQuery {
  /** What the fields show again (as typed, cut to a bound). */
  values: ReceiptsFilters;
  /** What applies ('' = no filter). */
  filters: ReceiptsFilters;
  errors: Partial<Record<QueryField, string>>;
  /** Any filter applies. */
  active: boolean;
}

export const QUERY_MESSAGES = {
  tooLong: (max: number) => `Please enter at most ${max} characters.`,
  date: 'Please enter a valid date.',
  after: (date: string) => `Date must be later than ${date}`,
  store: 'Please choose a store from the list.',
};

/** Reads the page's query; never throws. */
export function parseReceiptsQuery(params: URLSearchParams): ParsedReceiptsQuery {
  const raw = (name: QueryField) => (params.get(name) ?? '').replace(/\s+/g, ' ').trim();
  const values: ReceiptsFilters = {
    q: raw('q').slice(0, ECHO_MAX),
    store: raw('store').slice(0, ECHO_MAX),
    from: raw('from').slice(0, ECHO_MAX),
    to: raw('to').slice(0, ECHO_MAX),
  };
  const filters: ReceiptsFilters = { q: '', store: '', from: '', to: '' };
  const errors: ParsedReceiptsQuery['errors'] = {};
  if (values.q.length > SEARCH_MAX) errors.q = QUERY_MESSAGES.tooLong(SEARCH_MAX);
  else filters.q = values.q;
  if (values.store.length > STORE_MAX) errors.store = QUERY_MESSAGES.store;
  else filters.store = values.store;
  for (const field of ['from', 'to'] as const) {
    if (!values[field]) continue;
    const day = plainDate(values[field]);
    if (day) filters[field] = day;
    else errors[field] = QUERY_MESSAGES.date;
  }
  if (filters.from && filters.to && filters.to < filters.from) {
    errors.to = QUERY_MESSAGES.after(formatShopperDate(addDay(filters.from, -1)));
    filters.to = '';
  }
  const active = Object.values(filters).some(Boolean);
  return { values, filters, errors, active };
}

function addDay(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** An item line matches the search: the text as typed, or every word of it (abbreviations read). */
export function itemMatches(description: string, q: string): boolean {
  const needle = q.toLowerCase();
  if (description.toLowerCase().includes(needle)) return true;
  const wanted = words(q);
  if (wanted.length === 0) return false;
  const have = new Set(words(description));
  return wanted.every((w) => have.has(w));
}

/** The receipts the filters keep (all of them when none applies). */
export function filterReceipts(
  receipts: readonly ReceiptView[],
  filters: ReceiptsFilters,
): ReceiptView[] {
  return receipts.filter((r) => {
    if (filters.store && r.store !== filters.store) return false;
    if (filters.from && (!r.date || r.date < filters.from)) return false;
    if (filters.to && (!r.date || r.date > filters.to)) return false;
    if (filters.q) {
      const lines = r.parsed ? r.parsed.items.map((i) => i.description) : [r.raw ?? ''];
      if (!lines.some((line) => itemMatches(line, filters.q))) return false;
    }
    return true;
  });
}

/** The stores of the receipts, for the store list (sorted, once each). */
export function receiptStores(receipts: readonly ReceiptView[]): string[] {
  return [...new Set(receipts.map((r) => r.store).filter((s): s is string => Boolean(s)))].sort();
}

/** The address of the page (or its print view) with this query; empty fields left out. */
export function queryString(filters: ReceiptsFilters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  const s = params.toString();
  return s ? `?${s}` : '';
}
