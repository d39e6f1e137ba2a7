import { formatShopperDate } from '@common/dates';
import type { CouponDetail as Detail } from './types';
import { expiryLine } from './expiry';
import { formatCurrency } from '~/lib/money';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import { AddressDialog } from '~/lib/ui/address-dialog';
import {
  COUPON_DIALOG_WIDTH,
  CouponDetailBody,
  couponDialogSection,
  CouponFacts,
} from '~/lib/ui/coupon-card-body';
import { AddToListButton } from '~/list/add-to-list';
import { CouponAction } from './coupon-card';

const styles = {
  title: sxRecipe('heading', { size: 'lg' }, { mb: '1' }),
  brand: sx({ fontWeight: 'bold', color: 'fg.muted', mb: '2' }),
  text: sx({ mb: '3' }),
  fine: sx({ fontSize: 'sm', color: 'fg.muted', mb: '3' }),
  facts: sx({ mb: '3' }),
  urgent: sx({ color: 'red.700', fontWeight: 'bold' }),
  close: sxRecipe('link', { variant: 'underline' }, { color: 'brand.fg', fontWeight: 'medium' }),
  action: sx({ maxW: '240px', mt: '2' }),
  addToList: sx({ mt: '2' }),
};

function DetailBody({ detail, now, signedIn, search }: Props) {
  const line = expiryLine(detail.offerExpiryDate, now);
  return (
    <CouponDetailBody image={detail.offerImage1}>
      <p className={styles.brand}>{detail.brandName}</p>
      <p className={styles.text}>{detail.offerDescription || detail.offerSummary}</p>
      <CouponFacts
        className={styles.facts}
        facts={[
          { term: 'Value:', value: formatCurrency(detail.offerValue) },
          {
            term: 'Expires:',
            value:
              line.text && detail.state !== 'redeemed' ? (
                <>
                  {formatShopperDate(detail.offerExpiryDate) || line.text}
                  {line.urgent ? <span className={styles.urgent}> ({line.text})</span> : null}
                </>
              ) : null,
          },
          { term: 'Limit:', value: detail.redemptionLimit > 0 ? detail.redemptionLimit : null },
        ]}
      />
      {detail.offerDisclaimer ? <p className={styles.fine}>{detail.offerDisclaimer}</p> : null}
      <div className={styles.action}>
        <CouponAction coupon={detail} signedIn={signedIn} search={search} />
        {signedIn && detail.state === 'clipped' ? (
          <div className={styles.addToList}>
            <AddToListButton
              fields={{ kind: 'coupon', offerId: detail.offerId }}
              name={detail.brandName || detail.offerSummary}
              returnTo={`/digital-coupons${search}`}
              live
            />
          </div>
        ) : null}
      </div>
    </CouponDetailBody>
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
 * The coupon's details: a 700-wide dialog with JavaScript (its code loads when it
 * first opens), opened by a card or by `?offerCode=`; without JavaScript the same address shows
 * them as a section at the top of the page, closed with a link.
 */
export function CouponDetail(props: Props) {
  return (
    <AddressDialog
      title={props.detail.offerSummary}
      closeTo={`/digital-coupons${props.search}`}
      dialog={{
        root: { placement: 'center' },
        content: {
          maxW: `${COUPON_DIALOG_WIDTH}px`,
          w: 'full',
          mx: '4',
          colorPalette: 'brand',
          'data-testid': 'coupon-dialog',
        },
        body: { pb: '6' },
        closeLabel: 'Close',
      }}
      section={{
        className: couponDialogSection,
        titleId: 'coupon-detail-title',
        titleClassName: styles.title,
        closeText: 'Close details',
        closeClassName: styles.close,
      }}
    >
      <DetailBody {...props} />
    </AddressDialog>
  );
}
