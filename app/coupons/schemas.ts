import { z } from 'zod';
import { COUPON_INTENTS } from './url-state';

/** Where the page posted from: the view's query string (`?tab=…`), at most 2000 characters. */
const returnTo = z
  .string()
  .optional()
  .transform((raw) => (raw && raw.startsWith('?') ? raw.slice(0, 2000) : ''));

/**
 * The posts of the coupons page, one union on `intent`: clip one coupon (its offerId), or clip
 * every available coupon of the view the page showed.
 */
export const couponActionSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal(COUPON_INTENTS.clip),
    offerId: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,64}$/),
    returnTo,
  }),
  z.object({ intent: z.literal(COUPON_INTENTS.clipAll), returnTo }),
]);
export type CouponActionValue = z.infer<typeof couponActionSchema>;
