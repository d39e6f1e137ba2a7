/**
 * A question about a receipt, asked from the receipts page ('Ask us to check' by a coupon that did
 * not come off): a link to the brand's customer-service form whose query names the receipt's day,
 * store, transaction number and the coupon. The form's page reads them into the default answer of
 * its first message box (and picks a rewards or coupon topic when the form offers one), so the
 * shopper only reviews and sends. Every value is validated and bounded; a bad one is left out, and
 * a link with nothing usable prefills nothing. Works without JavaScript: it is a plain GET.
 * Pure and client-safe.
 */
import { formatShopperDate, plainDate } from '@common/dates';
import type { PublicForm } from './types';

/** The brand's customer-service form (content forms/<slug>.json). */
export const CUSTOMER_SERVICE_FORM = 'customer-service';

export const RECEIPT_QUESTION_PARAMS = {
  date: 'receiptDate',
  store: 'receiptStore',
  transaction: 'transaction',
  coupon: 'coupon',
} as const;

export interface ReceiptQuestion {
  /** `YYYY-MM-DD`. */
  date: string | null;
  store: string | null;
  transaction: string | null;
  coupon: string | null;
}

const BOUNDS = { store: 80, coupon: 160 };
const TRANSACTION = /^[A-Za-z0-9-]{1,24}$/;

/** Printable text on one line, cut to `max`; null when nothing is left. */
function line(value: string | null | undefined, max: number): string | null {
  if (!value) return null;
  // Control characters and line breaks out: the value lands inside a sentence.
  const cleaned = value
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!cleaned || cleaned.length > max) return null;
  return cleaned;
}

/** The link to the form with the question's values. */
export function receiptQuestionHref(question: ReceiptQuestion): string {
  const params = new URLSearchParams();
  for (const [key, name] of Object.entries(RECEIPT_QUESTION_PARAMS)) {
    const value = question[key as keyof ReceiptQuestion];
    if (value) params.set(name, value);
  }
  return `/forms/${CUSTOMER_SERVICE_FORM}?${params.toString()}`;
}

/** The question read from a form page's query, each value validated; null when none is usable. */
export function readReceiptQuestion(params: URLSearchParams): ReceiptQuestion | null {
  const get = (key: keyof ReceiptQuestion) => params.get(RECEIPT_QUESTION_PARAMS[key]);
  const transaction = get('transaction')?.trim() ?? '';
  const question: ReceiptQuestion = {
    date: plainDate(get('date') ?? ''),
    store: line(get('store'), BOUNDS.store),
    transaction: TRANSACTION.test(transaction) ? transaction : null,
    coupon: line(get('coupon'), BOUNDS.coupon),
  };
  return Object.values(question).some(Boolean) ? question : null;
}

/** The message the form starts with. */
export function receiptQuestionMessage(q: ReceiptQuestion): string {
  const trip = [
    q.date ? `of ${formatShopperDate(q.date)}` : null,
    q.store ? `at ${q.store}` : null,
    q.transaction ? `(transaction number ${q.transaction})` : null,
  ]
    .filter(Boolean)
    .join(' ');
  const coupon = q.coupon ? `the coupon "${q.coupon}"` : 'a coupon I had clipped';
  return (
    `Please check my receipt${trip ? ` ${trip}` : ''}: I had clipped ${coupon} before this ` +
    'trip and bought the item, but no digital coupon shows on the receipt.'
  );
}

/**
 * The form's default answers for the question: the message in the first message box (cut to its
 * length), and a topic about rewards or coupons when a select offers one. Null when the form has
 * no message box.
 */
export function receiptQuestionDefaults(
  form: PublicForm,
  question: ReceiptQuestion,
): Record<string, string> | null {
  const box = form.fields.find((f) => f.type === 'textarea');
  if (!box || box.type !== 'textarea') return null;
  const defaults: Record<string, string> = {
    [box.name]: receiptQuestionMessage(question).slice(0, box.maxLength),
  };
  for (const field of form.fields) {
    if (field.type !== 'select') continue;
    const topic = field.options.find((o) => /coupon|reward|perks/i.test(o.label));
    if (topic) {
      defaults[field.name] = topic.value;
      break;
    }
  }
  return defaults;
}
