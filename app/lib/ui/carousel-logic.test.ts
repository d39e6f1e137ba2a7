import { describe, expect, it } from 'vitest';
import { indexFromScroll, shouldAutoCycle, wrapIndex } from './carousel-logic';

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
