import { formatShopperDate } from '@common/dates';
import { Link, useNavigate } from '@remix-run/react';
import { useHydrated } from 'remix-utils/use-hydrated';
import type { CouponDetail as Detail } from './types';
import { expiryLine } from './expiry';
import { formatCurrency } from '~/lib/money';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import { LazyDialog } from '~/lib/ui/lazy-dialog';
import { CouponAction } from './coupon-card';

/** Coupon dialog width (spec §9). */
export const COUPON_DIALOG_WIDTH = 700;

const styles = {
  section: sx({
    borderWidth: '1px',
    borderRadius: 'l3',
    p: '5',
    mb: '6',
    bg: 'bg',
    shadow: 'sm',
    maxW: `${COUPON_DIALOG_WIDTH}px`,
    mx: 'auto',
  }),
  body: sx({ display: 'flex', gap: '5', flexDirection: { base: 'column', sm: 'row' } }),
  image: sx({ w: '160px', h: '160px', objectFit: 'contain', flexShrink: 0, alignSelf: 'center' }),
  title: sxRecipe('heading', { size: 'lg' }, { mb: '1' }),
  brand: sx({ fontWeight: 'bold', color: 'fg.muted', mb: '2' }),
  text: sx({ mb: '3' }),
  fine: sx({ fontSize: 'sm', color: 'fg.muted', mb: '3' }),
  facts: sx({
    fontSize: 'sm',
    mb: '3',
    '& dt': { fontWeight: 'semibold', display: 'inline' },
    '& dd': { display: 'inline', ms: '1' },
  }),
  urgent: sx({ color: 'red.700', fontWeight: 'bold' }),
  close: sxRecipe('link', { variant: 'underline' }, { color: 'brand.fg', fontWeight: 'medium' }),
  action: sx({ maxW: '240px', mt: '2' }),
};

function DetailBody({ detail, now, signedIn, search }: Props) {
  const line = expiryLine(detail.offerExpiryDate, now);
  return (
    <div className={styles.body}>
      <img
        className={styles.image}
        src={detail.offerImage1 || '/images/placeholder.svg'}
        alt=""
        width={160}
        height={160}
      />
      <div>
        <p className={styles.brand}>{detail.brandName}</p>
        <p className={styles.text}>{detail.offerDescription || detail.offerSummary}</p>
        <dl className={styles.facts}>
          <div>
            <dt>Value:</dt>
            <dd>{formatCurrency(detail.offerValue)}</dd>
          </div>
          {line.text && detail.state !== 'redeemed' ? (
            <div>
              <dt>Expires:</dt>
              <dd>
                {formatShopperDate(detail.offerExpiryDate) || line.text}
                {line.urgent ? <span className={styles.urgent}> ({line.text})</span> : null}
              </dd>
            </div>
          ) : null}
          {detail.redemptionLimit > 0 ? (
            <div>
              <dt>Limit:</dt>
              <dd>{detail.redemptionLimit}</dd>
            </div>
          ) : null}
        </dl>
        {detail.offerDisclaimer ? <p className={styles.fine}>{detail.offerDisclaimer}</p> : null}
        <div className={styles.action}>
          <CouponAction coupon={detail} signedIn={signedIn} search={search} />
        </div>
      </div>
    </div>
  );
}

interface Props {
  detail: Detail;
  now: number;
  signedIn: boolean;
  /** The page's query string without offerCode (where closing goes). */
  search: string;
}

/**
 * The coupon's details (spec §2): a 700-wide dialog with JavaScript (its code loads when it
 * first opens), opened by a card or by `?offerCode=`; without JavaScript the same address shows
 * them as a section at the top of the page, closed with a link.
 */
export function CouponDetail(props: Props) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const closeTo = `/digital-coupons${props.search}`;
  if (!hydrated) {
    return (
      <section className={styles.section} aria-labelledby="coupon-detail-title">
        <h2 id="coupon-detail-title" className={styles.title}>
          {props.detail.offerSummary}
        </h2>
        <DetailBody {...props} />
        <Link to={closeTo} className={styles.close}>
          Close details
        </Link>
      </section>
    );
  }
  return (
    <LazyDialog
      open
      onOpenChange={(open) => {
        if (!open) navigate(closeTo, { replace: true, preventScrollReset: true });
      }}
      root={{ placement: 'center' }}
      content={{
        maxW: `${COUPON_DIALOG_WIDTH}px`,
        w: 'full',
        mx: '4',
        colorPalette: 'brand',
        'data-testid': 'coupon-dialog',
      }}
      title={props.detail.offerSummary}
      body={{ pb: '6' }}
      closeLabel="Close"
    >
      <DetailBody {...props} />
    </LazyDialog>
  );
}
