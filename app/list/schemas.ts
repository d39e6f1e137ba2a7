/**
 * The posts of /list, one union on `intent` (docs/reference/list.md). A form of any other shape
 * fails to parse and changes nothing; the first issue's message is what the shopper reads.
 */
import { z } from 'zod';
import {
  cleanText,
  LIST_INTENTS,
  MAX_QUANTITY,
  MAX_TEXT,
  MIN_QUANTITY,
  QUANTITY_MESSAGE,
  TEXT_REQUIRED_MESSAGE,
  TEXT_TOO_LONG_MESSAGE,
} from './rules';

/** A line's id: a number (a shopper's list) or 'g' and a number (a guest's). */
const itemId = z.string().regex(/^g?[0-9]{1,15}$/);
const refId = z.string().regex(/^[A-Za-z0-9_:.-]{1,64}$/);

/** Where a post from another page (coupons, weekly ad) goes back to: a path of the site. */
const returnTo = z
  .string()
  .max(2000)
  .optional()
  .transform((raw) => (raw && raw.startsWith('/') ? raw : undefined));

const quantity = z
  .string()
  .optional()
  .transform((raw, ctx) => {
    const value = (raw ?? '').trim();
    if (!value) return 1;
    if (!/^[0-9]{1,3}$/.test(value) || +value < MIN_QUANTITY || +value > MAX_QUANTITY) {
      ctx.addIssue({ code: 'custom', message: QUANTITY_MESSAGE });
      return z.NEVER;
    }
    return Number(value);
  });

const text = z
  .string({ required_error: TEXT_REQUIRED_MESSAGE, invalid_type_error: TEXT_REQUIRED_MESSAGE })
  .max(10_000, TEXT_TOO_LONG_MESSAGE)
  .transform((raw, ctx) => {
    const value = cleanText(raw, Infinity);
    if (!value) ctx.addIssue({ code: 'custom', message: TEXT_REQUIRED_MESSAGE });
    else if (value.length > MAX_TEXT)
      ctx.addIssue({ code: 'custom', message: TEXT_TOO_LONG_MESSAGE });
    return value;
  });

/** A line of someone else's wording (an ad item's title): cut to fit rather than refused. */
const cutText = (max: number) =>
  z
    .string()
    .max(10_000)
    .transform((raw) => cleanText(raw, max));

export const listActionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal(LIST_INTENTS.add), text, quantity, returnTo }),
  z.object({ intent: z.literal(LIST_INTENTS.addCoupon), offerId: refId, returnTo }),
  z.object({
    intent: z.literal(LIST_INTENTS.addAd),
    adId: refId,
    text: cutText(MAX_TEXT).refine(Boolean, TEXT_REQUIRED_MESSAGE),
    detail: cutText(60).optional(),
    returnTo,
  }),
  z.object({
    intent: z.literal(LIST_INTENTS.toggle),
    id: itemId,
    checked: z.enum(['true', 'false']).transform((v) => v === 'true'),
  }),
  z.object({ intent: z.literal(LIST_INTENTS.quantity), id: itemId, quantity }),
  z.object({ intent: z.literal(LIST_INTENTS.remove), id: itemId }),
  z.object({ intent: z.literal(LIST_INTENTS.clearChecked) }),
  z.object({ intent: z.literal(LIST_INTENTS.share) }),
  z.object({ intent: z.literal(LIST_INTENTS.stopSharing) }),
]);
export type ListAction = z.infer<typeof listActionSchema>;

/**
 * The post as one value per field (a field sent twice, or a file, reads as absent: the schema
 * refuses it like any other wrong shape).
 */
export function parseListForm(form: FormData) {
  const fields: Record<string, string> = {};
  const seen = new Set<string>();
  for (const [name, value] of form.entries()) {
    if (seen.has(name)) {
      delete fields[name];
      continue;
    }
    seen.add(name);
    if (typeof value === 'string') fields[name] = value;
  }
  return listActionSchema.safeParse(fields);
}
