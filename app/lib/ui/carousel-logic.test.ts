import { describe, expect, it } from 'vitest';
import {
  indexFromScroll,
  rowEdges,
  rowStepDistance,
  shouldAutoCycle,
  wrapIndex,
} from './carousel-logic';

describe('carousel rules', () => {
  it('wraps around both ends', () => {
    expect(wrapIndex(0, 1, 3)).toBe(1);
    expect(wrapIndex(2, 1, 3)).toBe(0);
    expect(wrapIndex(0, -1, 3)).toBe(2);
    expect(wrapIndex(0, 1, 0)).toBe(0);
  });

  it('auto-cycles only while playing, not hovered or focused, without reduced motion', () => {
    const base = { count: 3, playing: true, hovered: false, focused: false, reducedMotion: false };
    expect(shouldAutoCycle(base)).toBe(true);
    expect(shouldAutoCycle({ ...base, hovered: true })).toBe(false);
    expect(shouldAutoCycle({ ...base, focused: true })).toBe(false);
    expect(shouldAutoCycle({ ...base, playing: false })).toBe(false);
    expect(shouldAutoCycle({ ...base, reducedMotion: true })).toBe(false);
    expect(shouldAutoCycle({ ...base, count: 1 })).toBe(false);
  });

  it('finds the slide from the scroll position', () => {
    expect(indexFromScroll(0, 800, 4)).toBe(0);
    expect(indexFromScroll(790, 800, 4)).toBe(1);
    expect(indexFromScroll(5000, 800, 4)).toBe(3);
    expect(indexFromScroll(100, 0, 4)).toBe(0);
  });
});

describe('row slider rules', () => {
  it('knows which ends of the row are in view, with 2 px of slack', () => {
    expect(rowEdges(0, 400, 1000)).toEqual({ start: true, end: false });
    expect(rowEdges(2, 400, 1000)).toEqual({ start: true, end: false });
    expect(rowEdges(300, 400, 1000)).toEqual({ start: false, end: false });
    expect(rowEdges(599, 400, 1000)).toEqual({ start: false, end: true });
    expect(rowEdges(0, 400, 400)).toEqual({ start: true, end: true });
  });

  it('steps by the whole cards in view, one at least', () => {
    expect(rowStepDistance(1000, 200, 16)).toBe(4 * 216);
    expect(rowStepDistance(431, 200, 16)).toBe(216);
    expect(rowStepDistance(100, 200, 16)).toBe(216);
  });
});
