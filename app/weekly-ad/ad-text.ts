/**
 * The weekly ad as text (a text version of the same ad, readable by screen readers,
 * searchable, and usable with JavaScript off), built from the content call's blocks. Client-safe:
 * the server renders it filtered by `q`, and the browser filters the same weeks with the same
 * function as the shopper types.
 *
 * - Weeks: blocks grouped by their end date (else their date info), soonest first, so this
 *   week's ad comes before next week's; a week already over is left out.
 * - A block with product details is a product: title, detail lines, healthy-option attribute,
 *   custom text (limits), price and unit, and its end line ('Ends' plus the short date in Denver
 *   time, else the ad's date info). No image is needed (a text-only deal is shown).
 * - A block with only custom text (a theme block: picture and headline) gives its week a
 *   headline; a block with neither is skipped.
 * - Components are read in the order they sit on the flyer (offsetY, then offsetX), which is the
 *   order a sighted shopper reads them.
 */
import { formatShopperDate } from '@common/dates';
import type { AdBlock, AdComponent } from './types';

export interface AdTextItem {
  id: string;
  title: string;
  /** DESCRIPTION and the other detail lines, in flyer order. */
  details: string[];
  /** HEALTHYOPTIONATTRIBUTE, or null. */
  healthy: string | null;
  /** Custom text (limits, disclaimers, headlines of the block). */
  notes: string[];
  price: string | null;
  unit: string | null;
  /** 'Ends Dec 1, 2026', else the ad's date info, else ''. */
  ends: string;
}

export interface AdTextWeek {
  id: string;
  /** 'This week', 'Next week', or '' for any later one. */
  label: string;
  /** The ad's dates as it gives them ('Valid Wed, Nov 25 - Tue, Dec 1'), else its end line. */
  dates: string;
  /** Theme blocks' text. */
  headlines: string[];
  items: AdTextItem[];
}

/** A search longer than this is cut (no product line is longer). */
export const MAX_AD_QUERY = 100;

const LABELS = ['This week', 'Next week'];
const clean = (value: string) => value.replace(/\s+/g, ' ').trim();

function endLine(block: AdBlock): string {
  const date = block.endDate ? formatShopperDate(block.endDate, 'short') : '';
  if (date) return `Ends ${date}`;
  return block.dateInfo ?? '';
}

function inFlyerOrder(components: AdComponent[]): AdComponent[] {
  return [...components].sort((a, b) => a.offsetY - b.offsetY || a.offsetX - b.offsetX);
}

type Reading = { kind: 'item'; item: AdTextItem } | { kind: 'headline'; text: string } | null;

/** What one block gives the text version. */
export function readBlock(block: AdBlock): Reading {
  const titles: string[] = [];
  const details: string[] = [];
  const notes: string[] = [];
  let healthy: string | null = null;
  let price: string | null = null;
  let unit: string | null = null;
  let hasDetails = false;
  for (const c of inFlyerOrder(block.components)) {
    const value = clean(c.value);
    if (!value) continue;
    if (c.type === 'CUSTOMTEXT') {
      notes.push(value);
      continue;
    }
    if (c.type !== 'PRODUCTDETAILS') continue;
    hasDetails = true;
    switch (c.name.toUpperCase()) {
      case 'TITLE':
        titles.push(value);
        break;
      case 'PRICE':
        price ??= value;
        break;
      case 'UNIT':
        unit ??= value;
        break;
      case 'HEALTHYOPTIONATTRIBUTE':
        healthy ??= value;
        break;
      default:
        details.push(value);
    }
  }
  if (!hasDetails) return notes.length ? { kind: 'headline', text: notes.join(' ') } : null;
  // Without a title the first detail line names the product; a price alone names nothing.
  const title = titles.length ? titles.join(' ') : (details.shift() ?? '');
  if (!title) return null;
  return {
    kind: 'item',
    item: {
      id: block.id,
      title,
      details,
      healthy,
      notes,
      price,
      unit: price ? unit : null,
      ends: endLine(block),
    },
  };
}

/** The weeks of an ad, soonest first, without the ones already over at `now` (epoch ms). */
export function buildAdText(blocks: AdBlock[], now: number): AdTextWeek[] {
  const groups = new Map<string, { end: number; first: AdBlock; blocks: AdBlock[] }>();
  for (const block of blocks) {
    const end = block.endDate ? Date.parse(block.endDate) : NaN;
    if (Number.isFinite(end) && end < now) continue;
    const key = block.endDate ?? `info:${block.dateInfo ?? ''}`;
    const group = groups.get(key);
    if (group) group.blocks.push(block);
    else
      groups.set(key, {
        end: Number.isFinite(end) ? end : Infinity,
        first: block,
        blocks: [block],
      });
  }
  // Map keeps insertion order and sort is stable: weeks without an end date keep theirs, last.
  const ordered = [...groups.entries()].sort((a, b) => a[1].end - b[1].end);
  const weeks: AdTextWeek[] = [];
  for (const [key, group] of ordered) {
    const headlines: string[] = [];
    const items: AdTextItem[] = [];
    for (const block of group.blocks) {
      const reading = readBlock(block);
      if (reading?.kind === 'item') items.push(reading.item);
      else if (reading?.kind === 'headline') headlines.push(reading.text);
    }
    if (!items.length) continue;
    weeks.push({
      id: key,
      label: LABELS[weeks.length] ?? '',
      dates: group.first.dateInfo ?? endLine(group.first),
      headlines,
      items,
    });
  }
  return weeks;
}

/** Text as searched: no accents or controls, one kind of apostrophe, lower case, one space. */
function folded(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .replace(/[‘’`´]/g, "'")
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** The search box's value as the page keeps it: one line, at most MAX_AD_QUERY characters. */
export function normaliseAdQuery(value: unknown): string {
  if (typeof value !== 'string') return '';
  return value
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_AD_QUERY)
    .trim();
}

function haystack(item: AdTextItem): string {
  return folded(
    [item.title, ...item.details, item.healthy, ...item.notes, item.price, item.unit]
      .filter(Boolean)
      .join(' \n '),
  );
}

/**
 * The products that match every word of `q` (any order, any case, accents ignored), by week; a
 * week with none is dropped, and so are headlines while searching (they are not products).
 */
export function filterAdText(
  weeks: AdTextWeek[],
  q: string,
): { weeks: AdTextWeek[]; count: number } {
  const words = folded(normaliseAdQuery(q)).split(' ').filter(Boolean);
  const total = weeks.reduce((n, w) => n + w.items.length, 0);
  if (!words.length) return { weeks, count: total };
  const out: AdTextWeek[] = [];
  let count = 0;
  for (const week of weeks) {
    const items = week.items.filter((item) => {
      const text = haystack(item);
      return words.every((word) => text.includes(word));
    });
    if (!items.length) continue;
    count += items.length;
    out.push({ ...week, headlines: [], items });
  }
  return { weeks: out, count };
}
