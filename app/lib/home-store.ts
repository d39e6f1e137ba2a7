/**
 * The home-store form posts every area sends to /home-store (client-safe: no zod here, the header
 * loads on every page). The header chooser, the drawer selector, the store locator and a store's
 * page all post the same fields.
 */
export const HOME_STORE_ACTION = '/home-store';

export const HOME_STORE_INTENTS = {
  /** Shop at this store for the visit (session home store); with MAKE_HOME also save it. */
  choose: 'choose-home-store',
  /** Save the chosen store as the shopper's saved home store (the snackbar's switch). */
  save: 'save-home-store',
} as const;

export const HOME_STORE_FIELDS = {
  intent: 'intent',
  storeNumber: 'storeNumber',
  redirectTo: 'redirectTo',
  /** The 'Make this my home store' checkbox of the forms without JavaScript ('on' when ticked). */
  makeHome: 'makeHome',
} as const;
