/**
 * Pure rules of the carousels and sliders (the post carousel, the store carousel, the
 * weekly-ad and coupon previews).
 */

export const CAROUSEL_INTERVAL_MS = 6000;
export const CAROUSEL_ASPECT_RATIO = 2.13;

/** Index moved by `step`, wrapping around at both ends. */
export function wrapIndex(index: number, step: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + step) % count) + count) % count;
}

export interface AutoCycleState {
  count: number;
  /** The shopper's play/pause choice. */
  playing: boolean;
  hovered: boolean;
  focused: boolean;
  reducedMotion: boolean;
}

/** Auto-cycling runs only with several slides, while playing, not hovered, not focused. */
export function shouldAutoCycle(s: AutoCycleState): boolean {
  return s.count > 1 && s.playing && !s.hovered && !s.focused && !s.reducedMotion;
}

/** The slide showing in a scroll container of full-width slides. */
export function indexFromScroll(scrollLeft: number, width: number, count: number): number {
  if (width <= 0 || count <= 0) return 0;
  return Math.min(count - 1, Math.max(0, Math.round(Math.abs(scrollLeft) / width)));
}

/** Which ends of a row that scrolls sideways are in view (2 px of slack for rounding). */
export function rowEdges(
  scrollLeft: number,
  clientWidth: number,
  scrollWidth: number,
): { start: boolean; end: boolean } {
  return { start: scrollLeft <= 2, end: scrollLeft + clientWidth >= scrollWidth - 2 };
}

/** How far one step moves a row of cards: the whole cards in view, one at least. */
export function rowStepDistance(clientWidth: number, itemWidth: number, gap: number): number {
  const perCard = itemWidth + gap;
  return Math.max(1, Math.floor(clientWidth / perCard)) * perCard;
}
