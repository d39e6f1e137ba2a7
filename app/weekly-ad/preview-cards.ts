/**
 * The card rules of the weekly-ad preview (docs/reference/weekly-ad.md "Home page preview",
 * "Rules"): which blocks of an ad become cards, and what each card says. Pure: the loader passes
 * the clock and whether the brand shows prices.
 *
 * Readings of the card rules, written down here:
 * - "Image": a PRODUCTIMAGE component with a value. A THEMEIMAGE is the flyer's decoration, not
 *   a product's picture, so a theme block (theme image and a headline) makes no card.
 * - "Detail line": a PRODUCTDETAILS component with a value other than the price and its unit,
 *   which the card shows on their own line; the title (PRODUCTDETAILS TITLE) counts, so does a
 *   DESCRIPTION or a HEALTHYOPTIONATTRIBUTE. A card needs an image and at least one such line, so
 *   a text-only deal (details, no image) makes no card, nor does a picture with only a price.
 * - "Image chosen first after sorting by component name": names compared with numbers read as
 *   numbers (IMAGE2 before IMAGE10, IMAGE1 before IMAGE2), case ignored.
 * - Lines of a kind keep the ad's layout order (offsetY, then offsetX), as the flyer shows them.
 * - "This week's" blocks: an ad page lists this week's blocks and next week's, each with its own
 *   endDate. The preview shows the blocks whose endDate falls on the Denver day of the earliest
 *   endDate still in the future (the current flyer; next week's ends seven days later), plus the
 *   blocks without an endDate (the ad dates none of them: nothing to tell their week by). Blocks
 *   whose endDate has passed are dropped.
 */
import { calendarDate, formatShopperDate } from '@common/dates';
import type { AdBlock, AdComponent } from './types';
import { WEEKLY_AD_PREVIEW_LIMIT, type AdCard } from './preview';

/** PRODUCTDETAILS that the card shows on the price line rather than as detail lines. */
const PRICE_NAMES = new Set(['PRICE', 'UNIT']);

const clean = (value: string) => value.replace(/\s+/g, ' ').trim();
const named = (c: AdComponent, name: string) => c.name.trim().toUpperCase() === name;

/** Layout order: top to bottom, then left to right (a stable sort keeps ties in ad order). */
function byLayout(a: AdComponent, b: AdComponent): number {
  return a.offsetY - b.offsetY || a.offsetX - b.offsetX;
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** The card's image: the first PRODUCTIMAGE with a value after sorting by component name. */
export function cardImage(components: readonly AdComponent[]): AdComponent | null {
  const images = components.filter((c) => c.type === 'PRODUCTIMAGE' && clean(c.value) !== '');
  images.sort((a, b) => collator.compare(a.name.trim(), b.name.trim()));
  return images[0] ?? null;
}

/**
 * The image's file name without extension (the value lowercased), encoded so that a
 * value can never reach another path of the ad viewer.
 */
export function imageFileName(value: string): string {
  return encodeURIComponent(clean(value).toLowerCase());
}

/** 'Ends' and the short date (as coupon cards write dates: 'Ends Dec 1'), else the date info. */
export function endLine(block: Pick<AdBlock, 'endDate' | 'dateInfo'>): string {
  const day = block.endDate ? formatShopperDate(block.endDate, 'monthDay') : '';
  if (day) return `Ends ${day}`;
  return block.dateInfo ? clean(block.dateInfo) : '';
}

/**
 * The instant after which this week's blocks change (the earliest endDate still in the future),
 * or null when no block ends in the future.
 */
export function currentWeekEnd(blocks: readonly AdBlock[], now: number): number | null {
  let earliest = Infinity;
  for (const block of blocks) {
    const end = block.endDate ? Date.parse(block.endDate) : NaN;
    if (end > now && end < earliest) earliest = end;
  }
  return Number.isFinite(earliest) ? earliest : null;
}

/** The blocks of the current flyer (see the module's comment), in ad order. */
export function thisWeeksBlocks(blocks: readonly AdBlock[], now: number): AdBlock[] {
  const weekEnd = currentWeekEnd(blocks, now);
  // Days of ISO strings: the dates module keeps their conversions (blocks share a few dates).
  const day = weekEnd === null ? null : calendarDate(new Date(weekEnd).toISOString());
  return blocks.filter((block) => {
    if (!block.endDate) return true;
    return Date.parse(block.endDate) > now && day !== null && calendarDate(block.endDate) === day;
  });
}

/**
 * A block's card, or null when the block has no product image or no detail line. The price (and
 * its unit) only when `showPrice` (hidden when the retailer has more than one location).
 */
export function adCard(block: AdBlock, showPrice: boolean): AdCard | null {
  const image = cardImage(block.components);
  if (!image) return null;
  const details = block.components.filter(
    (c) => c.type === 'PRODUCTDETAILS' && !PRICE_NAMES.has(c.name.trim().toUpperCase()),
  );
  const lines = details
    .filter((c) => clean(c.value) !== '')
    .sort(byLayout)
    .map((c) => ({ title: named(c, 'TITLE'), text: clean(c.value) }));
  if (lines.length === 0) return null;
  const titleAt = Math.max(
    0,
    lines.findIndex((l) => l.title),
  );
  const title = lines[titleAt].text;
  const detailOf = (name: string) =>
    block.components.find(
      (c) => c.type === 'PRODUCTDETAILS' && named(c, name) && clean(c.value) !== '',
    );
  const price = showPrice ? detailOf('PRICE') : undefined;
  const unit = price ? detailOf('UNIT') : undefined;
  return {
    id: block.id,
    title,
    details: lines.filter((_, i) => i !== titleAt).map((l) => l.text),
    customText: block.components
      .filter((c) => c.type === 'CUSTOMTEXT' && clean(c.value) !== '')
      .sort(byLayout)
      .map((c) => clean(c.value)),
    price: price ? { amount: clean(price.value), unit: unit ? clean(unit.value) : null } : null,
    ends: endLine(block),
    dates: block.dateInfo ? clean(block.dateInfo) : '',
    image: imageFileName(image.value),
  };
}

/** The preview's cards: this week's blocks that make a card, at most `limit`, in ad order. */
export function previewCards(
  blocks: readonly AdBlock[],
  options: { now: number; showPrice: boolean; limit?: number },
): AdCard[] {
  const limit = options.limit ?? WEEKLY_AD_PREVIEW_LIMIT;
  const cards: AdCard[] = [];
  for (const block of thisWeeksBlocks(blocks, options.now)) {
    if (cards.length >= limit) break;
    const card = adCard(block, options.showPrice);
    if (card) cards.push(card);
  }
  return cards;
}
