/**
 * The demo ads: for a page and a week, 12 to 20 blocks drawn from the catalogue, the same on
 * every call (seeded by the page name and the week's first day). Weeks run Wednesday to Tuesday
 * in Denver time (common/dates.ts), so a Tuesday-night shopper still sees the current flyer.
 *
 * Each week also carries one theme block (a theme image and a line of text, no product details) and
 * one text-only deal (details, no image): a client applying the preview's card rules (a card needs
 * a product image and at least one detail line) drops both.
 */
import { addDays, endOfDenverDay, wallClock } from '../../common/dates';
import { CATALOGUE, THEME_IMAGE, type CatalogueItem } from './catalogue';

export type ComponentType = 'PRODUCTIMAGE' | 'THEMEIMAGE' | 'PRODUCTDETAILS' | 'CUSTOMTEXT';

export interface AdComponent {
  adComponentId: number;
  componentType: ComponentType;
  componentName: string;
  componentValue: string;
  offsetX: number;
  offsetY: number;
}

export interface Ad {
  adPageId: number;
  endDate: string;
  adDateInfo: string;
  adComponents: AdComponent[];
}

export interface AdWeek {
  /** First day (a Wednesday) and last day (a Tuesday), `YYYY-MM-DD` in Denver. */
  start: string;
  end: string;
  /** The last second of the last day, as an ISO instant. */
  endDate: string;
  /** 'Valid Wed, Nov 25 - Tue, Dec 1'. */
  info: string;
}

const WEDNESDAY = 2; // wallClock weekdays: Monday 0 … Sunday 6
const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTH_NAMES = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');

function shortDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  return `${DAY_NAMES[d.getUTCDay()]}, ${MONTH_NAMES[d.getUTCMonth()]} ${d.getUTCDate()}`;
}

function week(start: string): AdWeek {
  const end = addDays(start, 6);
  return {
    start,
    end,
    endDate: endOfDenverDay(end).toISOString(),
    info: `Valid ${shortDay(start)} - ${shortDay(end)}`,
  };
}

/** This week's and next week's ad weeks at an instant. */
export function adWeeks(now: Date): { current: AdWeek; next: AdWeek } {
  const clock = wallClock(now);
  const start = addDays(clock.date, -((clock.weekday - WEDNESDAY + 7) % 7));
  return { current: week(start), next: week(addDays(start, 7)) };
}

/** FNV-1a: a small stable hash of text. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a seeded generator in [0, 1). */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A block of the flyer before it becomes an ad: what the viewer page renders. */
export interface AdBlock {
  kind: 'product' | 'theme' | 'text';
  item?: CatalogueItem;
  /** The image the block shows (value and existing file extension), if any. */
  image?: { value: string; ext: 'png' | 'jpg' };
  title?: string;
  description?: string;
  price?: string;
  unit?: string;
  healthy?: string;
  custom?: string;
}

const TEXT_DEALS = [
  {
    title: 'Buy 2, Get 1 Free',
    description: 'All canned soups, mix or match',
    custom: 'Limit 1 offer',
  },
  {
    title: 'Save $5 on Your Order',
    description: 'With a purchase of $50 or more',
    custom: 'Limit 1',
  },
  {
    title: 'Double Fuel Points',
    description: 'On gift card purchases this week',
    custom: 'Limit 4',
  },
];
const THEME_LINES = ['Fresh savings all week', 'Stock up and save', 'Great deals, great food'];

/** The blocks of a page's ad in a week: 12 to 20, deterministic, theme and text-only included. */
export function adBlocks(page: string, weekStart: string): AdBlock[] {
  const next = random(hash(`${page}|${weekStart}`));
  const count = 12 + Math.floor(next() * 9);
  const pool = [...CATALOGUE];
  for (let i = pool.length - 1; i > 0; i -= 1) {
    const j = Math.floor(next() * (i + 1));
    [pool[i], pool[j]] = [pool[j], pool[i]];
  }
  const blocks: AdBlock[] = [
    {
      kind: 'theme',
      image: { value: THEME_IMAGE.image, ext: THEME_IMAGE.ext },
      custom: THEME_LINES[Math.floor(next() * THEME_LINES.length)],
    },
  ];
  for (const item of pool.slice(0, count - 2)) {
    blocks.push({
      kind: 'product',
      item,
      image: { value: item.image, ext: item.ext },
      title: item.name,
      description: item.description,
      price: item.price,
      unit: item.unit || undefined,
      healthy: item.healthy,
      custom: item.custom,
    });
  }
  const deal = TEXT_DEALS[Math.floor(next() * TEXT_DEALS.length)];
  // Not last: a client must filter, not just stop early.
  blocks.splice(1 + Math.floor(next() * (blocks.length - 1)), 0, { kind: 'text', ...deal });
  return blocks;
}

/** A page's ads of one week, as the content call returns them. */
export function weekAds(page: string, adWeek: AdWeek): Ad[] {
  const pageKey = hash(page) % 100_000;
  const dayKey = Math.round(Date.parse(`${adWeek.start}T00:00:00Z`) / 86_400_000) % 1000;
  return adBlocks(page, adWeek.start).map((block, index) => {
    const adPageId = pageKey * 100_000 + dayKey * 100 + index;
    const components: Omit<AdComponent, 'adComponentId'>[] = [];
    const add = (
      componentType: ComponentType,
      componentName: string,
      componentValue: string | undefined,
      offsetX: number,
      offsetY: number,
    ) => {
      if (componentValue) {
        components.push({ componentType, componentName, componentValue, offsetX, offsetY });
      }
    };
    if (block.kind === 'theme') {
      add('THEMEIMAGE', 'IMAGE1', block.image?.value, 0, 0);
      add('CUSTOMTEXT', 'HEADLINE', block.custom, 20, 220);
    } else {
      // Every third product lists a second image before its own: only a client that sorts the
      // images by component name, as the preview's card rule says, shows the product's picture
      // (IMAGE1) rather than the theme's.
      if (block.kind === 'product' && index % 3 === 0) {
        add('PRODUCTIMAGE', 'IMAGE2', THEME_IMAGE.image, 0, 0);
      }
      add('PRODUCTIMAGE', 'IMAGE1', block.image?.value, 0, 0);
      add('PRODUCTDETAILS', 'TITLE', block.title, 0, 300);
      add('PRODUCTDETAILS', 'DESCRIPTION', block.description, 0, 330);
      add('PRODUCTDETAILS', 'PRICE', block.price, 0, 360);
      add('PRODUCTDETAILS', 'UNIT', block.unit, 120, 360);
      add('PRODUCTDETAILS', 'HEALTHYOPTIONATTRIBUTE', block.healthy, 0, 390);
      add('CUSTOMTEXT', 'DISCLAIMER', block.custom, 0, 420);
    }
    return {
      adPageId,
      endDate: adWeek.endDate,
      adDateInfo: adWeek.info,
      adComponents: components.map((c, k) => ({ adComponentId: adPageId * 100 + k, ...c })),
    };
  });
}
