import { describe, expect, it } from 'vitest';
import { isPlainClick } from './delegated-links';

const click = {
  defaultPrevented: false,
  button: 0,
  metaKey: false,
  ctrlKey: false,
  shiftKey: false,
  altKey: false,
};

describe('isPlainClick (what a list of cards turns into an in-app navigation)', () => {
  it('takes a plain primary click', () => {
    expect(isPlainClick(click)).toBe(true);
  });

  it('leaves a click with a modifier, another button, or one already handled to the browser', () => {
    expect(isPlainClick({ ...click, metaKey: true })).toBe(false);
    expect(isPlainClick({ ...click, ctrlKey: true })).toBe(false);
    expect(isPlainClick({ ...click, shiftKey: true })).toBe(false);
    expect(isPlainClick({ ...click, altKey: true })).toBe(false);
    expect(isPlainClick({ ...click, button: 1 })).toBe(false);
    expect(isPlainClick({ ...click, defaultPrevented: true })).toBe(false);
  });
});
