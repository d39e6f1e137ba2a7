/**
 * The /digital-coupons page (spec site-shell §2 "Digital coupons page", §4, §8, §9; issue 5):
 * what a view shows, and the clip / clip-all action.
 *
 * The whole view lives in the query string (see view.ts), so the loader filters, sorts and cuts
 * the list on the server: a shopper without JavaScript gets the same page, and with JavaScript a
 * filter change is a navigation (Remix cancels an older load when a newer one starts).
 */
import { data, redirect, type AppLoadContext } from '@remix-run/node';
import { getShopper } from '~/lib/session/shopper.server';
import { loginHref } from '~/lib/session/login-href';
import { logger } from '@common/logger.server';
import { loyaltyFor } from '~/lib/loyalty/context.server';
import { failureMessage, GENERIC_FAILURE_MESSAGE } from '~/lib/loyalty/errors';
import type { Offer, OfferLists } from '~/lib/loyalty/types';
import { commitSession, getSession } from '~/lib/session/session.server';
import { brandCoupons, shopperCoupons, type ShopperLists } from './offers.server';
import {
  couponsOfTab,
  couponTotals,
  couponViewSearch,
  facets,
  filterCoupons,
  pageOfCoupons,
  parseCouponView,
  parseRedeemedSort,
  sortCoupons,
  sortRedeemed,
  type CouponTab,
} from './view';
import { COUPON_INTENTS } from './view';

export { COUPON_INTENTS };

/** What a coupon card (and the redeemed table) needs: the list payload stays small. */
export interface CouponCardData {
  offerId: string;
  offerCode: string;
  brandName: string;
  categoryName: string;
  offerSummary: string;
  offerImage1: string;
  offerExpiryDate: string;
  offerValue: number;
  isPromoted: boolean;
  timesRedeemed: number;
  lastRedeemed: string;
  /** The coupon's state for this visitor. */
  state: CouponTab;
}

export interface CouponDetail extends CouponCardData {
  offerDescription: string;
  offerDisclaimer: string;
  redemptionLimit: number;
}

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
    return { lists: { ...EMPTY, shared: null }, loadError: GENERIC_FAILURE_MESSAGE };
  }
}

export async function couponsLoader(request: Request, context: AppLoadContext) {
  const url = new URL(request.url);
  const shopper = await getShopper(request, context);
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
  const session = await getSession(request, context);
  const notice = session.get('notice') ?? null;

  let items: CouponCardData[];
  let total: number;
  let hasMore = false;
  if (view.tab === 'redeemed') {
    // The redeemed table has no paging (spec §2); it sorts by its own columns.
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
  }

  return data(
    {
      view,
      signedIn: Boolean(shopper),
      loadError,
      notice,
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
      totals: shopper ? couponTotals({ clipped: lists.activated, redeemed: lists.redeemed }) : null,
      detail: findDetail(lists, url.searchParams.get('offerCode')),
      /** Expiry lines are worked out from this, so server and browser agree. */
      now: Date.now(),
    },
    notice ? { headers: { 'Set-Cookie': await commitSession(session, context) } } : undefined,
  );
}

export type CouponsLoaderData = Awaited<ReturnType<typeof couponsLoader>>['data'];

/** Clip all: how many coupons one post may clip (the service takes 100 per call). */
export const CLIP_ALL_MAX = 600;
const ACTIVATE_BATCH = 100;

export const clipAllNotice = (n: number) =>
  n === 0
    ? 'All the coupons shown are already clipped.'
    : n === 1
      ? '1 coupon clipped.'
      : `${n} coupons clipped.`;

/** Where the page posted from (the view to go back to), never another site. */
function backTo(form: FormData): string {
  const raw = String(form.get('returnTo') ?? '');
  const search = raw.startsWith('?') ? raw.slice(0, 2000) : '';
  return `/digital-coupons${search}`;
}

/**
 * POST /digital-coupons: `clip` (one offerId) or `clip-all` (every available coupon matching the
 * posted view). A guest goes to /login with the clip message and comes back. With JavaScript the
 * card posts through a fetcher and gets `{ ok }`; without, the page is redirected back.
 */
export async function couponsAction(request: Request, context: AppLoadContext) {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    form = new FormData();
  }
  const returnTo = backTo(form);
  const shopper = await getShopper(request, context);
  if (!shopper) throw redirect(loginHref(returnTo, 'clip'));
  const intent = String(form.get('intent') ?? '');
  const loyalty = loyaltyFor(context);
  const session = await getSession(request, context);
  const done = async (body: { ok: boolean; message: string | null; clipped: number }) => {
    if (form.get('js') === '1') return data(body, { status: body.ok ? 200 : 400 });
    // Without JavaScript: back to the same view, where the coupon now reads 'Clipped' (or,
    // refused, still 'Clip': a failed clip is quiet, as with JavaScript).
    return redirect(returnTo);
  };

  try {
    if (intent === COUPON_INTENTS.clip) {
      const offerId = String(form.get('offerId') ?? '').trim();
      if (!/^[A-Za-z0-9_-]{1,64}$/.test(offerId)) {
        return done({ ok: false, message: GENERIC_FAILURE_MESSAGE, clipped: 0 });
      }
      const [result] = await loyalty.activateOffers(shopper.frqShopperNo, [offerId]);
      const ok = Boolean(result?.activated);
      if (!ok) logger.info({ offerId, reason: result?.reason }, 'coupon not clipped');
      return done({
        ok,
        message: ok ? null : result?.reason || GENERIC_FAILURE_MESSAGE,
        clipped: ok ? 1 : 0,
      });
    }
    if (intent === COUPON_INTENTS.clipAll) {
      const view = parseCouponView(new URLSearchParams(returnTo.split('?')[1] ?? ''), {
        signedIn: true,
      });
      const lists = await shopperCoupons(context, shopper.frqShopperNo);
      const ids = filterCoupons(lists.available, view)
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
      const target = couponViewSearch({ ...view, tab: 'clipped', show: view.show });
      session.flash('notice', clipAllNotice(clipped));
      return redirect(`/digital-coupons${target}`, {
        headers: { 'Set-Cookie': await commitSession(session, context) },
      });
    }
  } catch (error) {
    logger.warn({ err: error }, 'clip failed');
    return done({ ok: false, message: failureMessage(error), clipped: 0 });
  }
  return done({ ok: false, message: GENERIC_FAILURE_MESSAGE, clipped: 0 });
}
