/** The stores area's words (client-safe: the pages and the loaders both use them). */

/** The locator's answer when the search text names no place we know (a sentence of ours). */
export const UNMATCHED_SEARCH_MESSAGE =
  'We couldn’t find that place. Try a ZIP code or a city and state.';
/** The error of a store address that matches no store (docs/reference/stores.md "Messages"). */
export const LOCATION_NOT_FOUND_MESSAGE = 'Location not found.';
/** The error snackbar of a failed 'Use my location' (docs/reference/stores.md "Messages"). */
export const GEOLOCATION_ERROR_MESSAGE = 'There was a problem getting your current location.';
/** How the list names a point that came as coordinates ('Use my location'). */
export const OWN_LOCATION_LABEL = 'your location';

/** The locator's filters let no store through. */
export const NO_FILTER_MATCH_MESSAGE = 'No stores match these filters.';
