import { describe, expect, it } from 'vitest';
import { renderServer } from '@test/render';
import type { CouponCardData } from './types';
import { CouponPreview, NO_PREVIEW_COUPONS_MESSAGE } from './coupon-preview';

const coupon = (n: number): CouponCardData => ({
  offerId: String(n),
  offerCode: `C${n}`,
  brandName: `Brand ${n}`,
  categoryName: 'Dairy',
  offerSummary: `Save $${n}.00`,
  offerImage1: '/images/coupons/dairy.svg',
  offerExpiryDate: '2026-12-31',
  offerValue: n,
  isPromoted: n === 1,
  timesRedeemed: 0,
  lastRedeemed: '',
  state: 'available',
});

describe('coupon preview slider', () => {
  it('shows the cards it is given, each opening its details on the coupons page', async () => {
    const html = await renderServer(
      <CouponPreview
        coupons={[coupon(1), coupon(2)]}
        signedIn={false}
        now={Date.UTC(2026, 10, 21)}
      />,
    );
    expect(html.match(/data-testid="coupon-card"/g)?.length).toBe(2);
    expect(html).toContain('href="/digital-coupons?offerCode=C1"');
    expect(html).toContain('Log In to Clip');
    expect(html).toContain('Featured');
  });

  it("shows the spec's message when there are no coupons", async () => {
    const html = await renderServer(<CouponPreview coupons={[]} signedIn={false} now={0} />);
    expect(html).toContain(NO_PREVIEW_COUPONS_MESSAGE);
    expect(html).not.toContain('data-testid="coupon-card"');
  });
});
