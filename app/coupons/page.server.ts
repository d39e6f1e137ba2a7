/**
 * The /digital-coupons page (docs/reference/coupons.md, docs/decisions/0007-coupon-lists.md):
 * what a view shows, and the clip / clip-all action.
 *
 * The whole view lives in the query string (see url-state.ts), so the loader filters, sorts and
 * cuts the list on the server: a shopper without JavaScript gets the same page, and with JavaScript
 * a filter change is a navigation (Remix cancels an older load when a newer one starts).
 */
import { parseWithZod } from '@conform-to/zod';
import { data, redirect, type AppLoadContext } from '@remix-run/node';
import { fetchDest } from 'remix-utils/sec-fetch';
import { logger } from '@common/logger.server';
import { readForm } from '~/lib/form-kit/read-form.server';
import { cacheHeaders, PRIVATE_NO_STORE } from '~/lib/http/cache.server';
import { failureMessage, GENERIC_FAILURE_MESSAGE, isLoyaltyOutage } from '~/lib/loyalty/errors';
import { lastKnownLabel } from '~/lib/loyalty/last-known';
import type { Offer, OfferLists } from '~/lib/loyalty/types';
import { safeRedirect } from '~/lib/security/safe-redirect';
import { redirectWithNotice, redirectWithSession, takeNotice } from '~/lib/session/respond.server';
import { loginHref } from '~/lib/session/login-href';
import { couponActionSchema } from './schemas';
import type { CouponCardData, CouponDetail } from './types';

export type { CouponCardData, CouponDetail };
import { brandCoupons, shopperCoupons, type ShopperLists } from './offers.server';
import {
  facets,
  filterCoupons,
  pageOfCoupons,
  parseRedeemedSort,
  sortCoupons,
  sortRedeemed,
} from './filter-sort';
import { couponAnchor, keptPosition, type JustClipped } from './just-clipped';
import { couponTotals } from './totals';
import {
  cleanShow,
  COUPON_INTENTS,
  couponsOfTab,
  couponViewSearch,
  parseCouponView,
  type CouponTab,
  type CouponView,
} from './url-state';

export { COUPON_INTENTS };

const str = (v: string | null | undefined) => v ?? '';
const num = (v: number | null | undefined) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

export function cardData(offer: Offer, state: CouponTab): CouponCardData {
  return {
    offerId: offer.offerId,
    offerCode: str(offer.offerCode),
    brandName: str(offer.brandName),
    categoryName: str(offer.categoryName),
    offerSummary: str(offer.offerSummary),
    offerImage1: str(offer.offerImage1),
    offerExpiryDate: str(offer.offerExpiryDate),
    offerValue: num(offer.offerValue),
    isPromoted: Boolean(offer.isPromoted),
    timesRedeemed: num(offer.timesRedeemed),
    lastRedeemed: str(offer.lastRedeemed),
    state,
  };
}

function detailData(offer: Offer, state: CouponTab): CouponDetail {
  return {
    ...cardData(offer, state),
    offerDescription: str(offer.offerDescription),
    offerDisclaimer: str(offer.offerDisclaimer),
    redemptionLimit: num(offer.redemptionLimit),
  };
}

/** What the page says when the coupons cannot be had (the rest of the page stays). */
export const COUPONS_UNAVAILABLE_MESSAGE =
  "Coupons can't be loaded right now. Please try again in a few minutes.";

/**
 * A clip the loyalty service could not take because it is down: the catalogue's form failure,
 * shown (a refusal the shopper can see, never a coupon they believe clipped).
 */
export const CLIP_UNAVAILABLE_MESSAGE = GENERIC_FAILURE_MESSAGE;

const EMPTY: OfferLists = { available: [], activated: [], redeemed: [] };

/** The coupon of `?offerCode=` in any of the visitor's lists (clipped first, then redeemed). */
function findDetail(lists: OfferLists, code: string | null): CouponDetail | null {
  const wanted = (code ?? '').trim().toLowerCase();
  if (!wanted || wanted.length > 64) return null;
  const match = (o: Offer) =>
    (o.offerCode ?? '').toLowerCase() === wanted || o.offerId.toLowerCase() === wanted;
  for (const [list, state] of [
    [lists.activated, 'clipped'],
    [lists.redeemed, 'redeemed'],
    [lists.available, 'available'],
  ] as const) {
    const found = list.find(match);
    if (found) return detailData(found, state);
  }
  return null;
}

async function listsFor(
  context: AppLoadContext,
  frqShopperNo: string | null,
  signal?: AbortSignal,
): Promise<{ lists: ShopperLists; loadError: string | null }> {
  try {
    if (frqShopperNo) {
      return { lists: await shopperCoupons(context, frqShopperNo, { signal }), loadError: null };
    }
    // A guest's list is the shared one itself (frozen: its sorts are cached).
    const shared = await brandCoupons(context);
    const lists: ShopperLists = {
      ...EMPTY,
      available: shared as Offer[],
      shared: { list: shared, taken: new Set() },
    };
    return { lists, loadError: null };
  } catch (error) {
    if (signal?.aborted) throw error;
    logger.warn({ err: error }, 'coupons unavailable');
    return { lists: { ...EMPTY, shared: null }, loadError: COUPONS_UNAVAILABLE_MESSAGE };
  }
}

/**
 * The card of the coupon a plain post has just clipped (`offerId`, from the session), if the
 * shopper has it clipped, and its place in the view as it was before the clip: on the available
 * tab, where the coupon was among the `show` first. Elsewhere (another tab, a filter that leaves
 * it out) it has no place, and the page names it in a status line above the coupons.
 */
function justClippedCard(
  lists: ShopperLists,
  view: CouponView,
  offerId: string,
): JustClipped | null {
  const offer = lists.activated.find((o) => o.offerId === offerId);
  if (!offer) return null;
  const card = cardData(offer, 'clipped');
  if (view.tab !== 'available') return { card, position: null };
  const base = lists.shared;
  const ordered = base
    ? filterCoupons(sortCoupons(base.list, view.sort), view).filter(
        (o) => o.offerId === offerId || !base.taken.has(o.offerId),
      )
    : sortCoupons(filterCoupons([...lists.available, offer], view), view.sort);
  return { card, position: keptPosition(ordered, offerId, cleanShow(view.show)) };
}

export async function couponsLoader(request: Request, context: AppLoadContext) {
  const url = new URL(request.url);
  const shopper = context.shopper;
  const view = parseCouponView(url.searchParams, { signedIn: Boolean(shopper) });
  const { lists, loadError } = await listsFor(
    context,
    shopper?.frqShopperNo ?? null,
    request.signal,
  );
  const tabList = couponsOfTab(lists, view.tab);
  const redeemedSort = parseRedeemedSort(
    url.searchParams.get('rsort'),
    url.searchParams.get('rdir'),
  );
  // Read before the notice: reading a flash changes the session, which the notice's headers store.
  const clippedId = shopper ? (context.session.get('clippedCoupon') ?? null) : null;
  const clipRefused = shopper ? (context.session.get('clipRefused') ?? null) : null;
  const { notice, headers } = await takeNotice(context, {
    commit: Boolean(clippedId || clipRefused),
  });

  let items: CouponCardData[];
  let total: number;
  let hasMore = false;
  let justClipped: JustClipped | null = null;
  if (view.tab === 'redeemed') {
    // The redeemed table has no paging; it sorts by its own columns.
    items = sortRedeemed(filterCoupons(tabList, view), redeemedSort).map((o) =>
      cardData(o, 'redeemed'),
    );
    total = items.length;
  } else {
    // The available tab sorts the brand's shared list (sorted once per sort, cached) and then
    // filters it: the same order as sorting the filtered list, without sorting per request.
    const base = view.tab === 'available' ? lists.shared : null;
    const sorted = base
      ? filterCoupons(sortCoupons(base.list, view.sort), view).filter(
          (o) => !base.taken.has(o.offerId),
        )
      : sortCoupons(filterCoupons(tabList, view), view.sort);
    const page = pageOfCoupons(sorted, view);
    items = page.items.map((o) => cardData(o, view.tab));
    total = page.total;
    hasMore = page.hasMore;
    justClipped = clippedId ? justClippedCard(lists, view, clippedId) : null;
  }

  // Lists shown from what was last known while the loyalty service is down: their time.
  const lastKnown = lastKnownLabel(context.loyaltyAsOf);
  return data(
    {
      view,
      signedIn: Boolean(shopper),
      loadError,
      lastKnown,
      notice,
      /** A plain clip post the loyalty service could not take (a red alert, once). */
      clipRefused,
      counts: {
        available: lists.available.length,
        clipped: lists.activated.length,
        redeemed: lists.redeemed.length,
      },
      facets: facets(tabList, view),
      items,
      total,
      hasMore,
      redeemedSort,
      /** The shopper's clipped coupons (ids), to tell a card that left the list by a clip. */
      clippedIds: lists.activated.map((o) => o.offerId),
      /** The coupon the plain post this page answers has just clipped, and its card's place. */
      justClipped,
      totals: shopper ? couponTotals({ clipped: lists.activated, redeemed: lists.redeemed }) : null,
      detail: findDetail(lists, url.searchParams.get('offerCode')),
      /** Expiry lines are worked out from this, so server and browser agree. */
      now: Date.now(),
    },
    // A guest's view is the same for every guest (a failed or last-known load is not kept).
    { headers: cacheHeaders(context, loadError || lastKnown ? 'personal' : 'shared', headers) },
  );
}

export type CouponsLoaderData = Awaited<ReturnType<typeof couponsLoader>>['data'];

/** A redirect that leaves the clipped coupon's id in the session for the page it lands on. */
async function redirectWithClipped(context: AppLoadContext, to: string, offerId: string) {
  context.session.flash('clippedCoupon', offerId);
  return redirectWithSession(context, to);
}

/** Clip all: how many coupons one post may clip (the service takes 100 per call). */
export const CLIP_ALL_MAX = 600;
const ACTIVATE_BATCH = 100;

export const clipAllNotice = (n: number) =>
  n === 0
    ? 'All the coupons shown are already clipped.'
    : n === 1
      ? '1 coupon clipped.'
      : `${n} coupons clipped.`;

/**
 * POST /digital-coupons: `clip` (one offerId) or `clip-all` (every available coupon matching the
 * posted view). A guest goes to /login with the clip message and comes back. With JavaScript the
 * card posts through a fetcher and gets `{ ok }`; without, the page is redirected back.
 */
export async function couponsAction(request: Request, context: AppLoadContext) {
  const form = await readForm(request);
  const submission = parseWithZod(form, { schema: couponActionSchema });
  const view = submission.status === 'success' ? submission.value.returnTo : '';
  // The view comes from the post: checked like any redirect target, so it can never break the
  // Location header (a control or non-Latin-1 character) or leave the page.
  const returnTo = safeRedirect(`/digital-coupons${view}`, '/digital-coupons');
  const shopper = context.shopper;
  if (!shopper) throw redirect(loginHref(returnTo, 'clip'));
  // A fetcher (the card's optimistic clip) reads the answer; a plain form post goes back to the
  // view, where the coupon now reads 'Clipped' (or, refused, still 'Clip': quiet either way).
  const byFetch = fetchDest(request) === 'empty';
  const done = (
    body: { ok: boolean; message: string | null; clipped: number; unavailable?: boolean },
    offerId?: string,
  ) => {
    if (byFetch) {
      return data(body, {
        status: body.ok ? 200 : 400,
        headers: { 'Cache-Control': PRIVATE_NO_STORE },
      });
    }
    // A plain post (no JavaScript, or a tap before the page's scripts ran) lands back at the
    // card rather than at the top of the page; a clipped coupon's card is kept in place there
    // with a 'Clipped' status, read once from the session (a refusal stays quiet).
    if (!offerId) return redirect(returnTo);
    if (body.unavailable) {
      // Not clipped, and the shopper must know: the page's top says so (the card stays 'Clip').
      context.session.flash('clipRefused', CLIP_UNAVAILABLE_MESSAGE);
      return redirectWithSession(context, returnTo);
    }
    const back = `${returnTo}#${couponAnchor(offerId)}`;
    return body.ok ? redirectWithClipped(context, back, offerId) : redirect(back);
  };
  if (submission.status !== 'success') {
    return done({ ok: false, message: GENERIC_FAILURE_MESSAGE, clipped: 0 });
  }
  const value = submission.value;
  const loyalty = context.loyalty;

  try {
    if (value.intent === COUPON_INTENTS.clip) {
      const [result] = await loyalty.activateOffers(shopper.frqShopperNo, [value.offerId]);
      const ok = Boolean(result?.activated);
      if (!ok)
        logger.info({ offerId: value.offerId, reason: result?.reason }, 'coupon not clipped');
      return done(
        {
          ok,
          message: ok ? null : result?.reason || GENERIC_FAILURE_MESSAGE,
          clipped: ok ? 1 : 0,
        },
        value.offerId,
      );
    }
    const couponView = parseCouponView(new URLSearchParams(view), { signedIn: true });
    const lists = await shopperCoupons(context, shopper.frqShopperNo);
    const ids = filterCoupons(lists.available, couponView)
      .slice(0, CLIP_ALL_MAX)
      .map((o) => o.offerId);
    let clipped = 0;
    for (let i = 0; i < ids.length; i += ACTIVATE_BATCH) {
      const results = await loyalty.activateOffers(
        shopper.frqShopperNo,
        ids.slice(i, i + ACTIVATE_BATCH),
      );
      clipped += results.filter((r) => r.activated).length;
    }
    // Back to the same filters, on the clipped tab where the coupons now are.
    const target = couponViewSearch({ ...couponView, tab: 'clipped', show: couponView.show });
    return redirectWithNotice(context, `/digital-coupons${target}`, clipAllNotice(clipped));
  } catch (error) {
    logger.warn({ err: error }, 'clip failed');
    if (isLoyaltyOutage(error) && value.intent === COUPON_INTENTS.clip) {
      // The service is down: the clip is refused where the shopper sees it, never lost quietly.
      return done(
        { ok: false, message: CLIP_UNAVAILABLE_MESSAGE, clipped: 0, unavailable: true },
        value.offerId,
      );
    }
    return done(
      { ok: false, message: failureMessage(error), clipped: 0 },
      value.intent === COUPON_INTENTS.clip ? value.offerId : undefined,
    );
  }
}
