/**
 * The /list page and its posts (docs/reference/list.md). A signed-in shopper's list is kept in
 * the site store; a guest's in a cookie of their browser (./guest-list.server.ts), merged into
 * the shopper's list at their first list request after logging in.
 *
 * Every post is a plain form post that works without JavaScript: it changes the list and
 * redirects back with a one-time message. A fetcher (the page's optimistic forms) gets
 * `{ ok, message }` instead. A post of any other shape changes nothing and says why.
 */
import { data, redirect, type AppLoadContext } from '@remix-run/node';
import { fetchDest } from 'remix-utils/sec-fetch';
import { logger } from '@common/logger.server';
import { defaultErrorMessage } from '~/lib/errors';
import { readForm } from '~/lib/form-kit/read-form.server';
import { cacheHeaders, PRIVATE_NO_STORE } from '~/lib/http/cache.server';
import { safeRedirect } from '~/lib/security/safe-redirect';
import { loginHref } from '~/lib/session/login-href';
import { commitSession } from '~/lib/session/session.server';
import { takeNotice } from '~/lib/session/respond.server';
import {
  addItems,
  clearChecked,
  isShared,
  readList,
  removeItem,
  setChecked,
  setQuantity,
  startSharing,
  stopSharing,
  type ListOwner,
} from './list-store.server';
import {
  clearGuestList,
  hasGuestCookie,
  readGuestList,
  storeGuestList,
  type GuestList,
} from './guest-list.server';
import {
  ADDED_MESSAGE,
  clampQuantity,
  CLEARED_MESSAGE,
  COUPON_NOT_CLIPPED_MESSAGE,
  dedupeKey,
  GUEST_LIST_FULL_MESSAGE,
  ITEM_GONE_MESSAGE,
  LIST_FAILED_MESSAGE,
  LIST_FULL_MESSAGE,
  LIST_INTENTS,
  MAX_GUEST_ITEMS,
  MAX_ITEMS,
  MERGED_MESSAGE,
  mergeItems,
  OTHER,
  SHARE_STARTED_MESSAGE,
  SHARE_STOPPED_MESSAGE,
  type ListItem,
  type NewItem,
} from './rules';
import { parseListForm, type ListAction } from './schemas';

export const LIST_PATH = '/list';

export interface ListPageData {
  signedIn: boolean;
  items: ListItem[];
  maxItems: number;
  /** Whether a share link works now (signed in only). */
  shared: boolean;
  /** The share link, shown once right after it was made. */
  shareUrl: string | null;
  notice: string | null;
  error: string | null;
}

const ownerOf = (context: AppLoadContext): ListOwner | null =>
  context.shopper
    ? { brand: context.tenant.sitePath, shopperNo: context.shopper.frqShopperNo }
    : null;

const storeOf = (context: AppLoadContext) => context.services.accounts.siteStore;

/**
 * A signed-in shopper's request that still carries a guest list: its lines go onto the
 * shopper's list (the same thing twice is one line, within the limit), and the cookie is cleared.
 * Resolves to the Set-Cookie values that clear it, or null when there was none.
 */
async function mergeGuestList(
  request: Request,
  context: AppLoadContext,
  owner: ListOwner,
): Promise<string[] | null> {
  if (!hasGuestCookie(request)) return null;
  const guest = await readGuestList(request, context);
  if (guest.items.length) {
    const incoming: NewItem[] = guest.items.map((item) => ({
      text: item.text,
      quantity: item.quantity,
      category: item.category,
      source: item.source,
      refId: item.refId,
      refCode: item.refCode,
      detail: item.detail,
    }));
    try {
      await addItems(storeOf(context), owner, incoming);
    } catch (error) {
      // Kept in the browser for the next list request: the page itself still shows.
      logger.warn({ err: error }, 'guest list not merged');
      return null;
    }
    context.session.flash('notice', MERGED_MESSAGE);
  }
  return clearGuestList(context);
}

export async function listLoader(request: Request, context: AppLoadContext) {
  const owner = ownerOf(context);
  const headers = new Headers();
  let items: ListItem[];
  let shared = false;
  if (owner) {
    const cleared = await mergeGuestList(request, context, owner);
    for (const value of cleared ?? []) headers.append('Set-Cookie', value);
    [items, shared] = await Promise.all([
      readList(storeOf(context), owner),
      isShared(storeOf(context), owner),
    ]);
  } else {
    items = (await readGuestList(request, context)).items;
  }
  const error = context.session.get('listError') ?? null;
  const token = owner ? (context.session.get('listShareToken') ?? null) : null;
  const { notice, headers: noticeHeaders } = await takeNotice(context, {
    commit: Boolean(error || token || headers.has('Set-Cookie')),
  });
  noticeHeaders.forEach((value, key) => headers.append(key, value));
  const origin = new URL(request.url).origin;
  const page: ListPageData = {
    signedIn: Boolean(owner),
    items,
    maxItems: owner ? MAX_ITEMS : MAX_GUEST_ITEMS,
    shared,
    shareUrl: token && shared ? `${origin}${LIST_PATH}/shared/${token}` : null,
    notice,
    error,
  };
  return data(page, { headers: cacheHeaders(context, 'personal', headers) });
}

/** What a post did: a message, and where a plain post goes back to. */
interface Outcome {
  ok: boolean;
  message: string | null;
  /** A guest list to store (its Set-Cookie values), if the post changed it. */
  cookie?: string[] | null;
  /** Where to go back to (a coupon or ad post's page), default /list. */
  to?: string;
}

function refusal(parsed: ReturnType<typeof parseListForm>): string {
  if (parsed.success) return LIST_FAILED_MESSAGE;
  const custom = parsed.error.issues.find((issue) => issue.code === 'custom');
  return custom?.message ?? defaultErrorMessage(400);
}

/** Where a plain add from another page lands: the coupons page shows the notice itself. */
function backTo(returnTo: string | undefined): string {
  const target = safeRedirect(returnTo, LIST_PATH);
  return target.startsWith('/digital-coupons') ? target : LIST_PATH;
}

async function shopperChange(
  context: AppLoadContext,
  owner: ListOwner,
  action: ListAction,
): Promise<Outcome> {
  const store = storeOf(context);
  const gone = (found: boolean): Outcome =>
    found ? { ok: true, message: null } : { ok: false, message: ITEM_GONE_MESSAGE };
  const added = async (item: NewItem, to?: string): Promise<Outcome> => {
    const outcome = await addItems(store, owner, [item]);
    return outcome.ok
      ? { ok: true, message: ADDED_MESSAGE, to }
      : { ok: false, message: LIST_FULL_MESSAGE, to };
  };
  switch (action.intent) {
    case LIST_INTENTS.add:
      return added(textItem(action.text, action.quantity));
    case LIST_INTENTS.addAd:
      return added(adItem(action), backTo(action.returnTo));
    case LIST_INTENTS.addCoupon: {
      const to = backTo(action.returnTo);
      const lists = await context.loyalty.getOffers(owner.shopperNo, { personalOnly: true });
      const offer = lists.activated.find((o) => o.offerId === action.offerId);
      if (!offer) return { ok: false, message: COUPON_NOT_CLIPPED_MESSAGE, to };
      const name = [offer.brandName, offer.offerSummary].filter(Boolean).join(': ');
      return added(
        {
          text: (offer.brandName || offer.offerSummary || 'Coupon').slice(0, 120),
          quantity: 1,
          category: (offer.categoryName ?? '').trim().slice(0, 60) || OTHER,
          source: 'coupon',
          refId: offer.offerId,
          refCode: offer.offerCode || offer.offerId,
          detail: (offer.offerSummary || name).slice(0, 200) || null,
        },
        to,
      );
    }
    case LIST_INTENTS.toggle:
      return gone(await setChecked(store, owner, action.id, action.checked));
    case LIST_INTENTS.quantity:
      return gone(await setQuantity(store, owner, action.id, action.quantity));
    case LIST_INTENTS.remove:
      return gone(await removeItem(store, owner, action.id));
    case LIST_INTENTS.clearChecked:
      return { ok: true, message: CLEARED_MESSAGE(await clearChecked(store, owner)) };
    case LIST_INTENTS.share: {
      const token = await startSharing(store, owner);
      context.session.flash('listShareToken', token);
      return { ok: true, message: SHARE_STARTED_MESSAGE };
    }
    case LIST_INTENTS.stopSharing:
      await stopSharing(store, owner);
      return { ok: true, message: SHARE_STOPPED_MESSAGE };
  }
}

function textItem(text: string, quantity: number): NewItem {
  return {
    text,
    quantity: clampQuantity(quantity),
    category: OTHER,
    source: 'text',
    refId: null,
    refCode: null,
    detail: null,
  };
}

function adItem(action: Extract<ListAction, { intent: 'add-ad' }>): NewItem {
  return {
    text: action.text,
    quantity: 1,
    category: OTHER,
    source: 'ad',
    refId: action.adId,
    refCode: null,
    detail: action.detail || null,
  };
}

/** A guest's change, on the list of their cookie. */
async function guestChange(
  request: Request,
  context: AppLoadContext,
  action: ListAction,
): Promise<Outcome> {
  const list = await readGuestList(request, context);
  const find = (id: string) => list.items.find((item) => item.id === id);
  const save = async (next: GuestList, message: string | null, to?: string): Promise<Outcome> => {
    const cookie = await storeGuestList(context, next);
    return cookie
      ? { ok: true, message, cookie, to }
      : { ok: false, message: GUEST_LIST_FULL_MESSAGE, to };
  };
  const add = async (item: NewItem, to?: string): Promise<Outcome> => {
    const line: ListItem = { ...item, id: `g${list.next}`, checked: false };
    const merged = mergeItems(list.items, [line], MAX_GUEST_ITEMS);
    if (merged.dropped) return { ok: false, message: GUEST_LIST_FULL_MESSAGE, to };
    const isNew = !list.items.some((i) => dedupeKey(i) === dedupeKey(line));
    return save({ next: list.next + (isNew ? 1 : 0), items: merged.items }, ADDED_MESSAGE, to);
  };
  const change = (id: string, edit: (item: ListItem) => ListItem | null) => {
    if (!find(id)) return Promise.resolve<Outcome>({ ok: false, message: ITEM_GONE_MESSAGE });
    const items = list.items.flatMap((item) => {
      if (item.id !== id) return [item];
      const edited = edit(item);
      return edited ? [edited] : [];
    });
    return save({ ...list, items }, null);
  };
  switch (action.intent) {
    case LIST_INTENTS.add:
      return add(textItem(action.text, action.quantity));
    case LIST_INTENTS.addAd:
      return add(adItem(action), backTo(action.returnTo));
    case LIST_INTENTS.toggle:
      return change(action.id, (item) => ({ ...item, checked: action.checked }));
    case LIST_INTENTS.quantity:
      return change(action.id, (item) => ({ ...item, quantity: clampQuantity(action.quantity) }));
    case LIST_INTENTS.remove:
      return change(action.id, () => null);
    case LIST_INTENTS.clearChecked: {
      const items = list.items.filter((item) => !item.checked);
      return save({ ...list, items }, CLEARED_MESSAGE(list.items.length - items.length));
    }
    default:
      // Coupons and sharing are a signed-in shopper's (handled before this).
      return { ok: false, message: LIST_FAILED_MESSAGE };
  }
}

const SHARING: readonly string[] = [LIST_INTENTS.share, LIST_INTENTS.stopSharing];

/** Intents only a signed-in shopper may post: a guest goes to log in and comes back. */
const SHOPPER_ONLY: readonly string[] = [
  LIST_INTENTS.addCoupon,
  LIST_INTENTS.share,
  LIST_INTENTS.stopSharing,
];

export async function listAction(request: Request, context: AppLoadContext) {
  const parsed = parseListForm(await readForm(request));
  // A fetcher (the page's optimistic forms) reads the answer; a plain post, and sharing (a
  // navigation with JavaScript too: the page shows the link it lands on), goes back to a page.
  const byFetch =
    fetchDest(request) === 'empty' && !(parsed.success && SHARING.includes(parsed.data.intent));
  const owner = ownerOf(context);
  const headers = new Headers({ 'Cache-Control': PRIVATE_NO_STORE });

  let outcome: Outcome;
  if (!parsed.success) {
    outcome = { ok: false, message: refusal(parsed) };
  } else if (!owner && SHOPPER_ONLY.includes(parsed.data.intent)) {
    const back = 'returnTo' in parsed.data ? backTo(parsed.data.returnTo) : LIST_PATH;
    throw redirect(loginHref(back));
  } else {
    try {
      if (owner) {
        const cleared = await mergeGuestList(request, context, owner);
        for (const value of cleared ?? []) headers.append('Set-Cookie', value);
        outcome = await shopperChange(context, owner, parsed.data);
      } else {
        outcome = await guestChange(request, context, parsed.data);
      }
    } catch (error) {
      logger.warn({ err: error }, 'list change failed');
      outcome = { ok: false, message: LIST_FAILED_MESSAGE };
    }
  }
  for (const value of outcome.cookie ?? []) headers.append('Set-Cookie', value);

  if (byFetch) {
    if (headers.has('Set-Cookie')) {
      headers.append('Set-Cookie', await commitSession(context));
    }
    return data(
      { ok: outcome.ok, message: outcome.message },
      { status: outcome.ok ? 200 : 400, headers },
    );
  }
  if (outcome.message) context.session.flash(outcome.ok ? 'notice' : 'listError', outcome.message);
  headers.append('Set-Cookie', await commitSession(context));
  return redirect(outcome.to ?? LIST_PATH, { headers });
}
