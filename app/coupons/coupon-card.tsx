import { Link, useFetcher } from '@remix-run/react';
import { useEffect } from 'react';
import { useReportClipRefused } from './clip-refused';
import { useLoginLinkProps } from '~/accounts/login-dialog';
import { AddToListButton } from '~/list/add-to-list';
import { loginHref } from '~/lib/session/login-href';
import { CouponCardBody } from '~/lib/ui/coupon-card-body';
import { useDelegatedLinks } from '~/lib/ui/delegated-links';
import { expiryLine } from './expiry';
import { couponAnchor } from './just-clipped';
import type { CouponCardData } from './types';
import { cx, sx, sxRecipe } from '~/lib/theme/static-css';

export const couponCardStyles = {
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
  brand: sx({ fontWeight: 'bold', fontSize: 'sm', mt: '2', lineClamp: 1 }),
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
  justClipped: sx({ fontSize: 'xs', fontWeight: 'bold', color: 'green.700', lineClamp: 1 }),
};

/** The status line of a card a plain post has just clipped (and of the page, without a card). */
export const clippedStatus = (brandName: string) =>
  brandName ? `Clipped: ${brandName}` : 'Clipped';
const styles = couponCardStyles;

/** Marks a card's details link (48 plain links a page: the grid delegates their clicks). */
const DETAILS_LINK = 'data-details-link';

/**
 * Click handler for a list of cards: a plain click on a card's details link becomes an in-app
 * navigation that keeps the scroll position (opening a coupon would otherwise throw the grid
 * back to the top).
 */
export const useDetailsLinkNavigation = () =>
  useDelegatedLinks(DETAILS_LINK, { preventScrollReset: true });

/** The query string of the page with `offerCode` set (opens the coupon's details). */
export function detailsSearch(search: string, offerCode: string): string {
  const params = new URLSearchParams(search);
  params.set('offerCode', offerCode);
  return `?${params.toString()}`;
}

interface ClipAnswer {
  ok: boolean;
  message: string | null;
  /** The loyalty service could not take the clip: the page says so (clip-refused.tsx). */
  unavailable?: boolean;
}

/**
 * A coupon card, on the shared coupon card body: image, brand, summary, 'Featured'
 * badge, expiry line and the action: 'Log In to Clip' for a guest, 'Clip' for a shopper (a real
 * form post; with JavaScript a fetcher shows 'Clipped' at once and puts 'Clip' back quietly if
 * the clip fails), a disabled 'Clipped' once clipped, nothing once redeemed. The summary
 * (stretched over the card) opens the details.
 */
export function CouponCard({
  coupon,
  signedIn,
  now,
  search,
  justClipped = false,
}: {
  coupon: CouponCardData;
  signedIn: boolean;
  now: number;
  /** The page's query string ('?…' or ''): the view to come back to. */
  search: string;
  /** A plain post has just clipped it: a status line says so (the page lands on the card). */
  justClipped?: boolean;
}) {
  const line = expiryLine(coupon.offerExpiryDate, now);
  const details = `/digital-coupons${detailsSearch(search, coupon.offerCode || coupon.offerId)}`;
  return (
    <CouponCardBody
      look="coupon"
      testId="coupon-card"
      image={coupon.offerImage1}
      link={{
        id: couponAnchor(coupon.offerId),
        href: details,
        text: coupon.offerSummary,
        attribute: DETAILS_LINK,
      }}
      named
      badge={coupon.isPromoted ? <span className={styles.badge}>Featured</span> : null}
      above={<p className={styles.brand}>{coupon.brandName}</p>}
    >
      {coupon.state !== 'redeemed' && line.text ? (
        <p className={line.urgent ? styles.urgent : styles.expiry}>{line.text}</p>
      ) : null}
      {justClipped ? (
        <p role="status" className={styles.justClipped}>
          {clippedStatus(coupon.brandName)}
        </p>
      ) : null}
      <CouponAction coupon={coupon} signedIn={signedIn} search={search} frame={styles.action} />
      {signedIn && coupon.state === 'clipped' ? (
        <div className={styles.action}>
          <AddToListButton
            fields={{ kind: 'coupon', offerId: coupon.offerId }}
            name={coupon.brandName || coupon.offerSummary}
            returnTo={`/digital-coupons${search}`}
            live
          />
        </div>
      ) : null}
    </CouponCardBody>
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
  const report = useReportClipRefused();
  const answer = fetcher.data;
  useEffect(() => {
    if (answer && !answer.ok && answer.unavailable && answer.message) report(answer.message);
  }, [answer, report]);
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
