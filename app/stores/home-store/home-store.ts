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

/**
 * The value of HOME_STORE_REPLY_FIELD a script's post (a fetcher) sends to get the save's outcome
 * as data instead of a redirect: the drawer switch stays where it is, the snackbar says the result.
 * Without it (a form without JavaScript) the action redirects back with the store notice.
 */
export const HOME_STORE_REPLY_FIELD = 'reply';
export const HOME_STORE_REPLY_DATA = 'data';

/**
 * The outcome of a save posted with HOME_STORE_REPLY_DATA: saved, already the saved store
 * (unchanged), failed (with the sentence to show), or skipped (no store, or none of this brand).
 */
export type HomeStoreSaveReply =
  | { status: 'saved' | 'unchanged'; storeNumber: string; name: string }
  | { status: 'failed'; storeNumber: string; message: string }
  | { status: 'skipped' };

/** The snackbar closes after 3000 ms. */
export const STORE_NOTICE_MS = 3000;

/** The snackbar after choosing a location. */
export const nowShoppingAtMessage = (store: string) => `Now shopping at ${store}.`;
/** After a save (a sentence of ours): the switch's or the checkbox's result. */
export const nowHomeStoreMessage = (store: string) => `${store} is now your home store.`;
/** A save the loyalty service refused or could not take (never the service's own words). */
export const homeStoreSaveFailedMessage = (store: string) =>
  `We couldn't save ${store} as your home store. Please try again.`;

/**
 * The store notice as the page gets it (root loader), once, after a choice or a save:
 * - storeNumber, name: the location;
 * - offerSave: show the 'Make this my home store' switch (a signed-in shopper whose saved store
 *   differs from this one);
 * - saved: the post saved it as the shopper's home store (the checkbox without JavaScript);
 * - error: the save failed (the choice of store stands).
 */
export interface StoreNotice {
  storeNumber: string;
  name: string;
  offerSave: boolean;
  saved: boolean;
  error?: string;
}

export type { StoreNoticeFlash } from '~/lib/session/session.server';

/** A store as the header and drawer selectors list it. */
export interface StoreChoice {
  name: string;
  storeNumber: string;
  slug: string;
  city: string;
  state: string;
  hiddenInHomeSelector: boolean;
  hiddenInStoreSelector: boolean;
}

export interface HomeStore {
  storeNumber: string;
  name: string;
  slug: string;
}
