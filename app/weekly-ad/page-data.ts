/** What the /weekly-ad page renders (client-safe): ./weekly-ad.server.ts builds it. */
import type { AdStore } from './ad-messages';
import type { AdTextWeek } from './ad-text';

export interface WeeklyAdStore extends AdStore {
  /** Offered in the page's store chooser (not hidden from store selectors). */
  listed: boolean;
}

export interface WeeklyAdFrame {
  /** The viewer's address: the page, and the shopper's token or the choose-store flag. */
  src: string;
  /** The frame's accessible name. */
  title: string;
  /** The viewer shows its choose-store prompt (no token, no store). */
  chooseStore: boolean;
}

export type WeeklyAdText = { status: 'ok'; weeks: AdTextWeek[] } | { status: 'unavailable' };

export interface WeeklyAdPageData {
  /** The viewer frame; null when the brand's ad viewer address (or any ad page) is unknown. */
  frame: WeeklyAdFrame | null;
  /** The only origin whose messages the page honours; null without an ad viewer. */
  viewerOrigin: string | null;
  /**
   * The store whose ad is shown; null for the retailer's default ad. fromLocation: named by the
   * `location` parameter (the page's own forms keep it), not the home store.
   */
  store: { storeNumber: string; name: string; fromLocation: boolean } | null;
  /** The `location` parameter named no store (the page says so and shows the fallback). */
  unknownLocation: boolean;
  /** The brand's visible stores that have an ad page. */
  stores: WeeklyAdStore[];
  /** The home store of this visit. */
  homeStoreNumber: string | null;
  signedIn: boolean;
  /** The text search as the box shows it. */
  q: string;
  /** Every week of the shown ad (the page filters them by `q`, on the server and as you type). */
  text: WeeklyAdText;
  /** Tenant `services.weeklyAdExternalUrl`: the retailer's own weekly-ad page, linked. */
  externalUrl: string | null;
  retailerName: string;
}
