/**
 * The messages the ad viewer's frame sends its parent (the weekly ad changes when a
 * message from the ad viewer origin announces a sign-in or store-changed event; only messages
 * from that origin are honoured). Client-safe and pure: the page's hook hands
 * every `message` event here and acts only on what comes back.
 */

export type AdViewerMessage = { type: 'sign-in' } | { type: 'store-changed'; page: string };

/** An ad page name is short; anything longer is not one of ours. */
const MAX_PAGE_LENGTH = 100;

/** The message's data when it has one of the two shapes, else null. */
export function parseAdViewerMessage(data: unknown): AdViewerMessage | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const { type, page } = data as Record<string, unknown>;
  if (type === 'sign-in') return { type };
  if (
    type === 'store-changed' &&
    typeof page === 'string' &&
    page.length > 0 &&
    page.length <= MAX_PAGE_LENGTH
  ) {
    return { type, page };
  }
  return null;
}

/** What of a `message` event is checked (a MessageEvent has all of it). */
export interface MessageLike {
  origin: string;
  source: unknown;
  data: unknown;
}

/**
 * The message of an event that comes from the ad viewer: sent from its origin (the loader's,
 * never the frame's address as the page now sees it) by the page's own frame (not another
 * window or frame of that origin), with a shape we know. Anything else: null, ignored.
 */
export function acceptAdViewerMessage(
  event: MessageLike,
  viewerOrigin: string | null,
  frameWindow: unknown,
): AdViewerMessage | null {
  if (!viewerOrigin || event.origin !== viewerOrigin) return null;
  if (!frameWindow || event.source !== frameWindow) return null;
  return parseAdViewerMessage(event.data);
}

/** A store the frame may announce: its ad page, and whether it may become the home store. */
export interface AdStore {
  storeNumber: string;
  name: string;
  page: string;
  /** Not hidden from the home selector: the home-store action takes it. */
  canChoose: boolean;
}

/**
 * What a store-changed message leads to: the store whose page it names (a store the home
 * selector offers first), or null when it names none of the brand's stores.
 */
export function storeForPage(stores: AdStore[], page: string): AdStore | null {
  const matches = stores.filter((s) => s.page === page);
  return matches.find((s) => s.canChoose) ?? matches[0] ?? null;
}
