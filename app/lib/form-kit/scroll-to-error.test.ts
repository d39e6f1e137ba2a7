import { describe, expect, it } from 'vitest';
import { cssPx, firstErrorTarget, scrollDeltaWithin } from './scroll-to-error';

describe('scroll to the first error', () => {
  it('reads CSS lengths', () => {
    expect(cssPx('72px')).toBe(72);
    expect(cssPx(' 40.5px')).toBe(40.5);
    expect(cssPx('')).toBe(0);
    expect(cssPx(undefined)).toBe(0);
  });

  const el = (invalid: boolean, wrapper: unknown = null) => ({
    getAttribute: (name: string) => (name === 'aria-invalid' && invalid ? 'true' : null),
    closest: () => wrapper,
    focus: () => {},
    getBoundingClientRect: () => ({ top: 0 }) as DOMRect,
  });

  it('finds the first invalid control and its field wrapper, else the form alert', () => {
    const wrapper = el(false);
    const second = el(true, wrapper);
    const target = firstErrorTarget({
      elements: [el(false), second, el(true)],
      querySelector: () => null,
    });
    expect(target?.focus).toBe(second);
    expect(target?.scroll).toBe(wrapper);
    const alert = el(false);
    expect(
      firstErrorTarget({ elements: [el(false)], querySelector: () => alert as unknown as Element })
        ?.focus,
    ).toBe(alert);
    expect(firstErrorTarget({ elements: [], querySelector: () => null })).toBeNull();
  });

  it('scrolls a dialog only when the field does not show whole, to just below its top', () => {
    const dialog = { top: 0, bottom: 800 };
    expect(scrollDeltaWithin({ top: 100, bottom: 160 }, dialog)).toBe(0);
    // Above the dialog's view (scrolled down to the button): back up, 8 px of room.
    expect(scrollDeltaWithin({ top: -600, bottom: -540 }, dialog, 8)).toBe(-608);
    // Below it, or cut by its bottom edge.
    expect(scrollDeltaWithin({ top: 780, bottom: 840 }, dialog, 8)).toBe(772);
  });
});
