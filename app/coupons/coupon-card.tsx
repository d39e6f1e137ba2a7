import { Link, useFetcher, useNavigate } from '@remix-run/react';
import type { MouseEvent } from 'react';
import { useLoginLinkProps } from '~/accounts/login-dialog';
import { loginHref } from '~/lib/session/login-href';
import { expiryLine } from './expiry';
import type { CouponCardData } from './types';
import { cx, sx, sxRecipe } from '~/lib/theme/static-css';

/** Card height (spec §9). */
export const COUPON_CARD_HEIGHT = 350;

export const couponCardStyles = {
  card: sx({
    position: 'relative',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    textAlign: 'center',
    h: `${COUPON_CARD_HEIGHT}px`,
    p: '4',
    gap: '1',
    borderWidth: '1px',
    borderRadius: 'l3',
    bg: 'bg',
    shadow: 'xs',
    overflow: 'hidden',
  }),
  badge: sx({
    position: 'absolute',
    top: '2',
    insetStart: '2',
    px: '2',
    py: '0.5',
    borderRadius: 'l1',
    fontSize: 'xs',
    fontWeight: 'bold',
    bg: 'accent.solid',
    color: 'accent.contrast',
  }),
  image: sx({ w: '120px', h: '120px', objectFit: 'contain', mt: '2' }),
  brand: sx({ fontWeight: 'bold', fontSize: 'sm', mt: '2', lineClamp: 1 }),
  summary: sx({
    fontSize: 'sm',
    color: 'fg',
    lineClamp: 3,
    textDecoration: 'none',
    _hover: { textDecoration: 'underline' },
    _focusVisible: { outline: '2px solid', outlineColor: 'brand.solid', outlineOffset: '2px' },
    // The whole card opens the details (one link per card: the image is part of it).
    _after: { content: '""', position: 'absolute', inset: '0', borderRadius: 'l3' },
  }),
  expiry: sx({ fontSize: 'xs', color: 'fg.muted', mt: 'auto' }),
  urgent: sx({ fontSize: 'xs', color: 'red.700', fontWeight: 'bold', mt: 'auto' }),
  action: sx({
    w: 'full',
    minH: '10',
    display: 'flex',
    alignItems: 'end',
    position: 'relative',
    zIndex: '1',
  }),
  form: sx({ w: 'full' }),
  clip: sxRecipe('button', { variant: 'solid', size: 'md' }, { w: 'full', colorPalette: 'brand' }),
  login: sxRecipe(
    'button',
    { variant: 'outline', size: 'md' },
    { w: 'full', colorPalette: 'brand', color: 'brand.fg' },
  ),
  clipped: sxRecipe('button', { variant: 'subtle', size: 'md' }, { w: 'full' }),
};
const styles = couponCardStyles;

/**
 * Click handler for a list of cards: a plain click on a card's details link (`data-details-link`)
 * becomes an in-app navigation that keeps the scroll position, like a Remix Link, without
 * rendering a Link component per card. Not remix-utils' `useDelegatedAnchors`: it navigates
 * without `preventScrollReset` (opening a coupon would throw the grid back to the top), and it
 * takes every same-origin link in the list from a native listener that runs before React's, so
 * a card's 'Log In to Clip' link would go to /login even as its own handler opens the dialog.
 */
export function useDetailsLinkNavigation() {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element).closest?.('a[data-details-link]');
    if (!(link instanceof HTMLAnchorElement)) return;
    event.preventDefault();
    navigate(link.getAttribute('href') ?? '', { preventScrollReset: true });
  };
}

/** The query string of the page with `offerCode` set (opens the coupon's details). */
export function detailsSearch(search: string, offerCode: string): string {
  const params = new URLSearchParams(search);
  params.set('offerCode', offerCode);
  return `?${params.toString()}`;
}

interface ClipAnswer {
  ok: boolean;
  message: string | null;
}

/**
 * A coupon card (spec §2): image, brand, summary, 'Featured' badge, expiry line and the action:
 * 'Log In to Clip' for a guest, 'Clip' for a shopper (a real form post; with JavaScript a
 * fetcher shows 'Clipped' at once and puts 'Clip' back quietly if the clip fails), a disabled
 * 'Clipped' once clipped, nothing once redeemed. The summary (stretched over the card) opens the details.
 */
export function CouponCard({
  coupon,
  signedIn,
  now,
  search,
}: {
  coupon: CouponCardData;
  signedIn: boolean;
  now: number;
  /** The page's query string ('?…' or ''): the view to come back to. */
  search: string;
}) {
  const line = expiryLine(coupon.offerExpiryDate, now);
  const titleId = `coupon-${coupon.offerId}`;
  const details = `/digital-coupons${detailsSearch(search, coupon.offerCode || coupon.offerId)}`;
  return (
    <article className={styles.card} aria-labelledby={titleId} data-testid="coupon-card">
      {coupon.isPromoted ? <span className={styles.badge}>Featured</span> : null}
      <img
        className={styles.image}
        src={coupon.offerImage1 || '/images/placeholder.svg'}
        alt=""
        width={120}
        height={120}
        loading="lazy"
        decoding="async"
      />
      <p className={styles.brand}>{coupon.brandName}</p>
      {/* A plain link (48 per page): the grid turns its clicks into in-app navigations. */}
      <a href={details} className={styles.summary} id={titleId} data-details-link="">
        {coupon.offerSummary}
      </a>
      {coupon.state !== 'redeemed' && line.text ? (
        <p className={line.urgent ? styles.urgent : styles.expiry}>{line.text}</p>
      ) : null}
      <CouponAction coupon={coupon} signedIn={signedIn} search={search} frame={styles.action} />
    </article>
  );
}

/**
 * The card's action for its shopper (or guest). Guests' and shoppers' actions are separate
 * components so a card runs only the hooks its own action needs: 48 cards a page, rendered per
 * request for a shopper, had each set up a login dialog link and a fetcher, one of them unused.
 */
export function CouponAction({
  coupon,
  signedIn,
  search,
  frame,
}: {
  coupon: Pick<CouponCardData, 'offerId' | 'state' | 'brandName'>;
  signedIn: boolean;
  search: string;
  /**
   * The class of the box the action sits in, if any: the clip form is that box itself (one
   * element less per card, 48 a page), the other actions (and none, once redeemed) get a div.
   */
  frame?: string;
}) {
  if (coupon.state === 'redeemed') return frame ? <div className={frame} /> : null;
  if (signedIn) return <ClipAction coupon={coupon} search={search} frame={frame} />;
  const login = <LogInToClip brandName={coupon.brandName} search={search} />;
  return frame ? <div className={frame}>{login}</div> : login;
}

function LogInToClip({ brandName, search }: { brandName: string; search: string }) {
  const loginLink = useLoginLinkProps('clip');
  return (
    <Link
      to={loginHref(`/digital-coupons${search}`, 'clip')}
      className={styles.login}
      {...loginLink}
      aria-label={`Log In to Clip for ${brandName}`}
    >
      Log In to Clip
    </Link>
  );
}

function ClipAction({
  coupon,
  search,
  frame,
}: {
  coupon: Pick<CouponCardData, 'offerId' | 'state' | 'brandName'>;
  search: string;
  /** See CouponAction: the form takes the box's class, the Clipped button gets the box. */
  frame?: string;
}) {
  const fetcher = useFetcher<ClipAnswer>({ key: `clip-${coupon.offerId}` });
  const clipping = fetcher.state !== 'idle';
  const clipped = coupon.state === 'clipped' || clipping || fetcher.data?.ok === true;
  if (clipped) {
    const button = (
      <button type="button" className={styles.clipped} disabled aria-busy={clipping || undefined}>
        Clipped
      </button>
    );
    return frame ? <div className={frame}>{button}</div> : button;
  }
  return (
    <form
      method="post"
      action="/digital-coupons"
      className={cx(frame, styles.form)}
      onSubmit={(event) => {
        // With JavaScript the card posts through its fetcher (no navigation); without, the
        // plain form post reloads the same view.
        event.preventDefault();
        void fetcher.submit(event.currentTarget);
      }}
    >
      <input type="hidden" name="intent" value="clip" />
      <input type="hidden" name="offerId" value={coupon.offerId} />
      <input type="hidden" name="returnTo" value={search} />
      <button type="submit" className={styles.clip} aria-label={`Clip for ${coupon.brandName}`}>
        Clip
      </button>
    </form>
  );
}
