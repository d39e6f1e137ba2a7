/** The /weekly-ad page's sentences (client-safe). */

/** "No weekly ads" (docs/reference/weekly-ad.md "Messages"). */
export const NO_WEEKLY_ADS_MESSAGE =
  'Sorry, no weekly ads are available at this time. Please check back soon.';

/** No ad viewer address for the brand (none configured and no reference running). */
export const AD_VIEWER_UNAVAILABLE_MESSAGE =
  'The weekly ad viewer isn’t available right now. Please check back soon.';

/** A `location` parameter that names none of the brand's stores. */
export const UNKNOWN_LOCATION_MESSAGE =
  'We couldn’t find that store, so here is the weekly ad we’d show otherwise.';

/** The text search found nothing. */
export const noAdMatchesMessage = (q: string) => `No products in this ad match “${q}”.`;

/** How many products the text search found. */
export const adMatchesMessage = (count: number, q: string) =>
  `${count} ${count === 1 ? 'product matches' : 'products match'} “${q}”.`;
