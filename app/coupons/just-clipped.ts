/**
 * The card of a coupon a plain (scriptless) post has just clipped. The post comes back to the
 * same view at the card's anchor, and the coupon has left the available list; its card stays
 * where it was, reading 'Clipped' with a status line naming it, as a hydrated page keeps a card
 * it clipped through its fetcher (docs/decisions/0029-early-taps.md).
 */
import type { CouponCardData } from './types';

/** The anchor of a coupon's card (its summary link's id): a plain clip post lands on it. */
export const couponAnchor = (offerId: string) => `coupon-${offerId}`;

/** What the coupons page gets of a coupon clipped by the post it lands from. */
export interface JustClipped {
  card: CouponCardData;
  /** Its place in the grid (0-based), or null when the view does not show it. */
  position: number | null;
}

/**
 * Where the just-clipped coupon stood in the view: its index in the view's sorted list before
 * the clip (`ordered`: the list in the view's order, the coupon among the ones still there),
 * when that is among the `show` first; else null.
 */
export function keptPosition(
  ordered: readonly { offerId: string }[],
  offerId: string,
  show: number,
): number | null {
  const index = ordered.findIndex((o) => o.offerId === offerId);
  return index >= 0 && index < show ? index : null;
}

/** The grid's cards with the just-clipped one put back at its place (once). */
export function withJustClipped(
  items: CouponCardData[],
  justClipped: JustClipped | null,
): CouponCardData[] {
  if (!justClipped || justClipped.position === null) return items;
  const { card, position } = justClipped;
  if (items.some((c) => c.offerId === card.offerId)) return items;
  const at = Math.min(position, items.length);
  return [...items.slice(0, at), card, ...items.slice(at)];
}
