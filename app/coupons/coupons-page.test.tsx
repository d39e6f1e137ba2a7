import { describe, expect, it } from 'vitest';
import { renderServer } from '@test/render';
import { CouponsPage, type CouponsPageData } from './coupons-page';
import type { CouponCardData } from './types';
import { DEFAULT_REDEEMED_SORT } from './filter-sort';
import { DEFAULT_COUPON_VIEW } from './url-state';

// 10:00 in Denver on Saturday 21 November 2026.
const NOW = Date.parse('2026-11-21T17:00:00.000Z');

const card = (n: number, offerExpiryDate = '2026-12-31'): CouponCardData => ({
  offerId: String(200000 + n),
  offerCode: `DC${200000 + n}`,
  brandName: `Brand ${n}`,
  categoryName: 'Dairy',
  offerSummary: `Save $${n}.00`,
  offerImage1: '/images/coupons/dairy.svg',
  offerExpiryDate,
  offerValue: n,
  isPromoted: false,
  timesRedeemed: 0,
  lastRedeemed: '',
  state: 'available',
});

function pageData(items: CouponCardData[], total: number, show = 48): CouponsPageData {
  return {
    lastKnown: null,
    clipRefused: null,
    view: { ...DEFAULT_COUPON_VIEW, show },
    signedIn: false,
    loadError: null,
    notice: null,
    counts: { available: total, clipped: 0, redeemed: 0 },
    facets: { categories: [{ name: 'Dairy', count: total }], brands: [] },
    items,
    total,
    hasMore: items.length < total,
    redeemedSort: { ...DEFAULT_REDEEMED_SORT },
    clippedIds: [],
    justClipped: null,
    totals: null,
    detail: null,
    now: NOW,
  };
}

describe('coupons page', () => {
  it('anchors every card by its position, and Show More points at the first new card', async () => {
    const items = Array.from({ length: 48 }, (_, i) => card(i + 1));
    const html = await renderServer(
      <CouponsPage data={pageData(items, 200)} />,
      '/digital-coupons',
    );
    const anchors = [...html.matchAll(/<li id="(card-\d+)"/g)].map((m) => m[1]);
    expect(anchors).toEqual(items.map((_, i) => `card-${i + 1}`));
    expect(html).toMatch(/<a [^>]*href="\/digital-coupons\?show=144#card-49"[^>]*>Show More<\/a>/);
  });

  it('points a later Show More at the card after the ones shown', async () => {
    const items = Array.from({ length: 144 }, (_, i) => card(i + 1));
    const html = await renderServer(
      <CouponsPage data={pageData(items, 200, 144)} />,
      '/digital-coupons?show=144',
    );
    expect(html).toContain('id="card-144"');
    expect(html).toContain('href="/digital-coupons?show=200#card-145"');
  });

  it('has no Show More once everything is shown', async () => {
    const items = Array.from({ length: 30 }, (_, i) => card(i + 1));
    const html = await renderServer(<CouponsPage data={pageData(items, 30)} />, '/digital-coupons');
    expect(html).not.toContain('Show More');
  });

  it('writes the expiry lines in the new wording', async () => {
    const items = [
      card(1, '2026-11-21T23:59:59.000-07:00'),
      card(2, '2026-11-22T23:59:59.000-07:00'),
      card(3, '2026-11-23T23:59:59.000-07:00'),
      card(4, '2026-11-28'),
    ];
    const html = await renderServer(<CouponsPage data={pageData(items, 4)} />, '/digital-coupons');
    expect(html).toContain('>Expires today!</p>');
    expect(html).toContain('>1 day left!</p>');
    expect(html).toContain('>2 days left!</p>');
    expect(html).toContain('>Expires Nov 28</p>');
    expect(html).not.toMatch(/\b[01] days left/);
  });

  it("gives each card's action its box: the clip form is the box, other actions sit in one", async () => {
    const { couponCardStyles } = await import('./coupon-card');
    const box = couponCardStyles.action;
    const items = [
      card(1),
      { ...card(2), state: 'clipped' as const },
      { ...card(3), state: 'redeemed' as const },
    ];
    const shopper = await renderServer(
      <CouponsPage data={{ ...pageData(items, 3), signedIn: true }} />,
      '/digital-coupons',
    );
    const cards = shopper.split('data-testid="coupon-card"').slice(1);
    expect(cards).toHaveLength(3);
    // Available: a plain form post (works without JavaScript) that is the action's box.
    expect(cards[0]).toMatch(
      new RegExp(`<form method="post" action="/digital-coupons" class="${box} [^"]+">`),
    );
    expect(cards[0]).toContain('<input type="hidden" name="offerId" value="200001"/>');
    expect(cards[0]).toContain('aria-label="Clip for Brand 1">Clip</button>');
    expect(cards[0]).not.toContain(`<div class="${box}"`);
    // Clipped: the disabled button in the box; redeemed: the empty box keeps the card's layout.
    expect(cards[1]).toMatch(new RegExp(`<div class="${box}"><button type="button" [^>]*disabled`));
    expect(cards[1]).not.toContain('<form method="post" action="/digital-coupons"');
    // A clipped coupon can go on the shopping list: a plain post to /list.
    expect(cards[1]).toMatch(/<form method="post" action="\/list"[^>]*>/);
    expect(cards[1]).toContain('aria-label="Add Brand 2 to list">Add to list</button>');
    expect(cards[0]).not.toContain('action="/list"');
    expect(cards[2]).toContain(`<div class="${box}"></div>`);
    expect(cards[2]).not.toContain('<button');

    const guest = await renderServer(
      <CouponsPage data={pageData([card(1)], 1)} />,
      '/digital-coupons',
    );
    expect(guest).toMatch(
      new RegExp(
        `<div class="${box}"><a [^>]*aria-label="Log In to Clip for Brand 1"[^>]*>Log In to Clip</a></div>`,
      ),
    );
    expect(guest).not.toContain('<form method="post" action="/digital-coupons"');
  });

  it('keeps the card a plain post has just clipped in its place, with a status naming it', async () => {
    const items = [card(1), card(2), card(4)];
    const kept = { ...card(3), state: 'clipped' as const };
    const data = {
      ...pageData(items, 3),
      signedIn: true,
      clippedIds: [kept.offerId],
      justClipped: { card: kept, position: 2 },
    };
    const html = await renderServer(<CouponsPage data={data} />, '/digital-coupons');
    const cards = html.split('data-testid="coupon-card"').slice(1);
    expect(cards.map((c) => /id="coupon-(\d+)"/.exec(c)![1])).toEqual([
      '200001',
      '200002',
      '200003',
      '200004',
    ]);
    expect(cards[2]).toMatch(/<p role="status" class="[^"]+">Clipped: Brand 3<\/p>/);
    expect(cards[2]).toMatch(/<button type="button" [^>]*disabled[^>]*>Clipped<\/button>/);
    expect(html.match(/role="status"/g)).toHaveLength(1);

    // Not in the view (another tab, a filter): the page says it above the coupons.
    const elsewhere = await renderServer(
      <CouponsPage data={{ ...data, justClipped: { card: kept, position: null } }} />,
      '/digital-coupons?tab=clipped',
    );
    expect(elsewhere).toMatch(/role="status"[^>]*>(<[^>]+>)*Clipped: Brand 3/);
    expect(elsewhere.split('data-testid="coupon-card"')).toHaveLength(4);
  });
});
