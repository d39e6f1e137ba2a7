/** The ads of one ad page as the site keeps them (decision 0015). */

export interface AdComponent {
  /** adComponentId as text, or null when the ad viewer gave none. */
  id: string | null;
  /** componentType in capitals: PRODUCTIMAGE, THEMEIMAGE, PRODUCTDETAILS, CUSTOMTEXT, … */
  type: string;
  /** componentName as given: TITLE, PRICE, UNIT, HEALTHYOPTIONATTRIBUTE, IMAGE1, … */
  name: string;
  value: string;
  offsetX: number;
  offsetY: number;
}

/** One entry of the content call's adPages (a block of the flyer). */
export interface AdBlock {
  /** adPageId as text. */
  id: string;
  /** ISO instant, or null when absent or not a date. */
  endDate: string | null;
  /** adDateInfo, e.g. 'Valid Wed, Nov 25 - Tue, Dec 1', or null. */
  dateInfo: string | null;
  components: AdComponent[];
}

export interface AdContent {
  page: string;
  blocks: AdBlock[];
  /** When the ad viewer gave them (epoch ms). */
  fetchedAt: number;
}

export type AdsResult = { status: 'ok'; content: AdContent } | { status: 'unavailable' };
