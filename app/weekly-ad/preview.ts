/**
 * The home page's weekly-ad preview as the page and the browser see it (client-safe: types,
 * constants and addresses only; the rules that build the cards are in preview-cards.ts, the
 * loader's part in preview.server.ts).
 */

/** Weekly ad preview limit 15, card size 200x350. */
export const WEEKLY_AD_PREVIEW_LIMIT = 15;
export const AD_CARD_WIDTH = 200;
export const AD_CARD_HEIGHT = 350;
/** Ad title and detail text clamp at 4 lines. */
export const AD_TEXT_LINES = 4;

/** "No weekly ads": no card to show, or the ad viewer unavailable. */
export const NO_WEEKLY_ADS_MESSAGE =
  'Sorry, no weekly ads are available at this time. Please check back soon.';

/** The full weekly ad. */
export const WEEKLY_AD_PATH = '/weekly-ad';

/** The resource route the browser asks for the cards when the page came without them. */
export const PREVIEW_DATA_PATH = '/weekly-ad/preview';

export function previewDataHref(page: string): string {
  return `${PREVIEW_DATA_PATH}?${new URLSearchParams({ page }).toString()}`;
}

/** One card of the slider (docs/reference/weekly-ad.md "Home page preview"). */
export interface AdCard {
  /** adPageId: unique within an ad page. */
  id: string;
  /** The product's title (TITLE), else its first detail line; also the image's alt text. */
  title: string;
  /** The other product detail lines (DESCRIPTION, HEALTHYOPTIONATTRIBUTE, …), in layout order. */
  details: string[];
  /** Custom text lines (CUSTOMTEXT: DISCLAIMER, HEADLINE, …), in layout order. */
  customText: string[];
  /** PRICE and UNIT; null when the block has none or the brand hides prices. */
  price: { amount: string; unit: string | null } | null;
  /** 'Ends Dec 1', else the ad's date info ('Valid Wed, Nov 25 - Tue, Dec 1'), else ''. */
  ends: string;
  /** The ad's dates as it gives them ('Valid Wed, Nov 25 - Tue, Dec 1'), else ''. */
  dates: string;
  /** The image's file name without extension: the image value lowercased, URL-encoded. */
  image: string;
}

/** Where the cards lead: /weekly-ad, or the brand's external weekly-ad address. */
export interface PreviewLink {
  href: string;
  external: boolean;
}

/** The store whose ad the preview shows (null: the retailer's own ad). */
export interface PreviewStore {
  storeNumber: string;
  name: string;
}

/**
 * The preview as a page gets it (with the store whose ad it is):
 * - ready: the cards (none: the "no weekly ads" message), and where their images live;
 * - loading: the ad viewer has not answered within the page's short wait; the browser asks
 *   PREVIEW_DATA_PATH for this ad page's cards (without JavaScript: a link to the ad).
 */
export type WeeklyAdPreviewData =
  | {
      state: 'ready';
      cards: AdCard[];
      imageBase: string;
      link: PreviewLink;
      store: PreviewStore | null;
    }
  | { state: 'loading'; page: string; link: PreviewLink; store: PreviewStore | null };

/** What PREVIEW_DATA_PATH answers (200). */
export interface PreviewCardsReply {
  cards: AdCard[];
  imageBase: string;
}

/**
 * A product image's address: `{ad viewer}/images/afs/products/{value lowercased}.png`,
 * or `.jpg` when the png fails. `imageBase` ends with the products folder's slash.
 */
export function adImageUrl(imageBase: string, image: string, ext: 'png' | 'jpg'): string {
  return `${imageBase}${image}.${ext}`;
}
