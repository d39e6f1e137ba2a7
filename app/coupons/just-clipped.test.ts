import { describe, expect, it } from 'vitest';
import { couponAnchor, keptPosition, withJustClipped } from './just-clipped';
import type { CouponCardData } from './types';

const card = (offerId: string, state: CouponCardData['state'] = 'available') =>
  ({ offerId, state }) as CouponCardData;
const ids = (list: { offerId: string }[]) => list.map((c) => c.offerId);

describe('the card a plain post has just clipped', () => {
  it('is anchored by its summary link id', () => {
    expect(couponAnchor('100042')).toBe('coupon-100042');
  });

  it('has a place when it was among the cards shown', () => {
    const ordered = ['a', 'b', 'c', 'd'].map((offerId) => ({ offerId }));
    expect(keptPosition(ordered, 'a', 48)).toBe(0);
    expect(keptPosition(ordered, 'c', 48)).toBe(2);
    expect(keptPosition(ordered, 'c', 3)).toBe(2);
    // Beyond Show More, or not in the view at all.
    expect(keptPosition(ordered, 'd', 3)).toBeNull();
    expect(keptPosition(ordered, 'x', 48)).toBeNull();
  });

  it('goes back into the grid at its place, once', () => {
    const items = [card('a'), card('b'), card('d')];
    const kept = card('c', 'clipped');
    expect(ids(withJustClipped(items, { card: kept, position: 2 }))).toEqual(['a', 'b', 'c', 'd']);
    expect(ids(withJustClipped(items, { card: kept, position: 0 }))).toEqual(['c', 'a', 'b', 'd']);
    // The last card of the list: after the others.
    expect(ids(withJustClipped(items, { card: kept, position: 9 }))).toEqual(['a', 'b', 'd', 'c']);
    expect(withJustClipped(items, { card: kept, position: null })).toBe(items);
    expect(withJustClipped(items, null)).toBe(items);
    expect(ids(withJustClipped([...items, kept], { card: kept, position: 1 }))).toEqual([
      'a',
      'b',
      'd',
      'c',
    ]);
  });
});
