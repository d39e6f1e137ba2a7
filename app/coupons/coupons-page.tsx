import type { SerializeFrom } from '@remix-run/node';
import { ClipRefusedProvider } from './clip-refused';
import { LastKnownNotice } from '~/lib/ui/last-known-notice';
import { Form, Link, useLocation, useNavigation, useNavigationType } from '@remix-run/react';
import { useEffect, useRef, type RefObject } from 'react';
import { ClientOnly } from 'remix-utils/client-only';
import { FormAlert } from '~/lib/form-kit/form-alert';
import { isSubmitting } from '~/lib/form-kit/submitting';
import { formatCurrency } from '~/lib/money';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import { couponGridStyle } from '~/lib/ui/coupon-card-body';
import { clippedStatus, CouponCard, useDetailsLinkNavigation } from './coupon-card';
import { CouponDetail } from './coupon-detail';
import { preloadDialog } from '~/lib/ui/lazy-dialog';
import { CouponToolbar } from './coupon-toolbar';
import type { couponsLoader } from './page.server';
import type { CouponCardData } from './types';
import { RedeemedTable } from './redeemed-table';
import { withJustClipped } from './just-clipped';
import { CouponScrollHelpers } from './scroll-helpers';
import { cardAnchor, COUPON_INTENTS, NO_COUPONS_MESSAGE, showMoreHref } from './url-state';

/** What the page gets from its loader (see page.server.ts). */
export type CouponsPageData = SerializeFrom<typeof couponsLoader>;

const styles = {
  page: sx({ maxW: '1280px', mx: 'auto', px: '4', py: { base: '6', md: '8' } }),
  header: sx({
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'baseline',
    justifyContent: 'space-between',
    gap: '3',
    mb: '4',
  }),
  heading: sxRecipe('heading', { size: '2xl' }),
  links: sx({ display: 'flex', gap: '4', fontSize: 'sm' }),
  link: sxRecipe('link', { variant: 'underline' }, { color: 'brand.fg', fontWeight: 'medium' }),
  totals: sx({
    display: 'flex',
    flexWrap: 'wrap',
    gap: '6',
    mb: '4',
    p: '3',
    bg: 'bg.muted',
    borderRadius: 'l2',
    fontSize: 'sm',
    '& strong': { fontSize: 'md' },
  }),
  summary: sx({
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'space-between',
    alignItems: 'center',
    gap: '3',
    mb: '3',
    fontSize: 'sm',
    color: 'fg.muted',
  }),
  grid: sx(couponGridStyle),
  // Show More lands on a card by its anchor: clear of a sticky bar at the top of the window.
  item: sx({ scrollMarginTop: '16' }),
  empty: sx({ py: '10', textAlign: 'center', fontSize: 'lg' }),
  more: sx({ display: 'flex', justifyContent: 'center', mt: '6' }),
  moreLink: sxRecipe('button', { variant: 'outline', size: 'lg' }, { colorPalette: 'brand' }),
  clipAll: sxRecipe('button', { variant: 'solid', size: 'sm' }, { colorPalette: 'brand' }),
};

/**
 * The cards of the grid. A coupon clipped on this page leaves the available list when the data
 * reloads; until the shopper moves to another view its card stays where it was, reading
 * 'Clipped' (only a card whose coupon is now among the shopper's clipped ones), so the grid
 * does not jump under the pointer and the clip is visibly confirmed.
 */
function useCardsKeptInPlace(
  items: CouponCardData[],
  clippedIds: readonly string[],
  viewKey: string,
): CouponCardData[] {
  const previous = useRef<{ key: string; cards: CouponCardData[] }>({ key: viewKey, cards: items });
  const fresh = new Map(items.map((c) => [c.offerId, c]));
  const clipped = new Set(clippedIds);
  let cards = items;
  if (previous.current.key === viewKey) {
    const kept = previous.current.cards.flatMap((c) => {
      const now = fresh.get(c.offerId);
      if (now) return [now];
      return clipped.has(c.offerId) ? [{ ...c, state: 'clipped' as const }] : [];
    });
    const keptIds = new Set(kept.map((c) => c.offerId));
    cards = [...kept, ...items.filter((c) => !keptIds.has(c.offerId))];
  }
  useEffect(() => {
    previous.current = { key: viewKey, cards };
  });
  return cards;
}

/**
 * After Show More (a navigation to `…#card-49`), keyboard focus moves to the first new card's
 * details link, so Tab goes on from the new cards rather than from the Show More link below
 * them. The router has already scrolled the card into view; focus does not scroll again. Only
 * for the page's own navigations: not on the first load (the browser's fragment handling sets
 * the keyboard starting point there) nor on back and forward.
 */
function useFocusOnFirstNewCard(grid: RefObject<HTMLUListElement>) {
  const location = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType === 'POP' || !location.hash) return;
    const card = document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (!card || card.parentElement !== grid.current) return;
    card.querySelector<HTMLElement>('a[data-details-link]')?.focus({ preventScroll: true });
  }, [grid, location.key, location.hash, navigationType]);
}

export function CouponsPage({ data }: { data: CouponsPageData }) {
  return (
    <ClipRefusedProvider>
      <CouponsView data={data} />
    </ClipRefusedProvider>
  );
}

function CouponsView({ data }: { data: CouponsPageData }) {
  const location = useLocation();
  const navigation = useNavigation();
  const { view } = data;
  // The view's own address (without offerCode): what cards, sorting and closing go back to.
  const params = new URLSearchParams(location.search);
  params.delete('offerCode');
  const search = params.toString() ? `?${params.toString()}` : '';
  const clippingAll = isSubmitting(navigation, { intent: COUPON_INTENTS.clipAll });
  const openDetails = useDetailsLinkNavigation();
  const cardsShown = useCardsKeptInPlace(
    withJustClipped(data.items, data.justClipped),
    data.clippedIds,
    search,
  );
  const justClipped = data.justClipped;
  const grid = useRef<HTMLUListElement>(null);
  useFocusOnFirstNewCard(grid);

  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <h1 className={styles.heading}>Digital Coupons</h1>
        <div className={styles.links}>
          <Link to="/digital-coupons/help" className={styles.link}>
            How digital coupons work
          </Link>
          {data.signedIn ? (
            <Link to="/digital-coupons/print" className={styles.link}>
              Print my clipped coupons
            </Link>
          ) : null}
        </div>
      </div>

      {data.notice ? <FormAlert status="success" errors={[data.notice]} /> : null}
      {justClipped && justClipped.position === null ? (
        <FormAlert status="success" errors={[clippedStatus(justClipped.card.brandName)]} />
      ) : null}
      {data.loadError ? <FormAlert errors={[data.loadError]} /> : null}
      {data.clipRefused ? <FormAlert errors={[data.clipRefused]} /> : null}
      <LastKnownNotice label={data.lastKnown} />
      {data.detail ? (
        <CouponDetail
          detail={data.detail}
          now={data.now}
          signedIn={data.signedIn}
          search={search}
        />
      ) : null}

      {data.totals ? (
        <dl className={styles.totals} data-testid="coupon-totals">
          <div>
            <dt>Clipped value</dt>
            <dd>
              <strong>{formatCurrency(data.totals.clippedValue)}</strong>
            </dd>
          </div>
          <div>
            <dt>Redeemed value</dt>
            <dd>
              <strong>{formatCurrency(data.totals.redeemedValue)}</strong>
            </dd>
          </div>
        </dl>
      ) : null}

      <CouponToolbar
        view={view}
        counts={data.counts}
        facets={data.facets}
        signedIn={data.signedIn}
      />

      <div className={styles.summary}>
        <p aria-live="polite">
          {data.total === 0
            ? ''
            : view.tab === 'redeemed'
              ? `${data.total} redeemed ${data.total === 1 ? 'coupon' : 'coupons'}`
              : `Showing ${data.items.length} of ${data.total} ${data.total === 1 ? 'coupon' : 'coupons'}`}
        </p>
        {data.signedIn && view.tab === 'available' && data.total > 0 ? (
          <Form method="post" action="/digital-coupons">
            <input type="hidden" name="intent" value={COUPON_INTENTS.clipAll} />
            <input type="hidden" name="returnTo" value={search} />
            <button type="submit" className={styles.clipAll} disabled={clippingAll}>
              {clippingAll
                ? 'Clipping…'
                : `Clip all ${data.total} ${data.total === 1 ? 'coupon' : 'coupons'}`}
            </button>
          </Form>
        ) : null}
      </div>

      {data.items.length === 0 ? (
        <p className={styles.empty}>{data.loadError ? '' : NO_COUPONS_MESSAGE}</p>
      ) : view.tab === 'redeemed' ? (
        <RedeemedTable items={data.items} sort={data.redeemedSort} search={search} />
      ) : (
        // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- delegates clicks of the links inside (keyboard activation of a link is a click)
        <ul
          className={styles.grid}
          aria-label="Coupons"
          onClick={openDetails}
          // Heading for a card: the details dialog's code loads before the click.
          onPointerOver={preloadDialog}
          onFocus={preloadDialog}
          ref={grid}
        >
          {cardsShown.map((coupon, index) => (
            <li key={coupon.offerId} id={cardAnchor(index + 1)} className={styles.item}>
              <CouponCard
                coupon={coupon}
                signedIn={data.signedIn}
                now={data.now}
                search={search}
                justClipped={coupon.offerId === justClipped?.card.offerId}
              />
            </li>
          ))}
        </ul>
      )}

      {data.hasMore ? (
        <div className={styles.more}>
          {/* The address ends with the first new card's anchor: the browser (or, with JavaScript,
              the router's scroll restoration) lands there instead of at the top of the page. */}
          <Link to={showMoreHref(view, data.total)} preventScrollReset className={styles.moreLink}>
            Show More
          </Link>
        </div>
      ) : null}
      <ClientOnly>{() => <CouponScrollHelpers />}</ClientOnly>
    </div>
  );
}
