import { describe, expect, it, vi } from 'vitest';
import { BANNER_HEIGHT_VAR, registerBannerHeight } from './banner-height';

describe('the banner height variable', () => {
  it('is registered as a length that is not inherited', () => {
    const registerProperty = vi.fn();
    registerBannerHeight({ registerProperty });
    expect(registerProperty).toHaveBeenCalledWith({
      name: BANNER_HEIGHT_VAR,
      syntax: '<length>',
      inherits: false,
      initialValue: '0px',
    });
  });

  it('keeps the first registration, and does without where the browser cannot register', () => {
    const registerProperty = vi.fn(() => {
      throw new DOMException('already registered', 'InvalidModificationError');
    });
    expect(() => registerBannerHeight({ registerProperty })).not.toThrow();
    expect(() => registerBannerHeight({})).not.toThrow();
  });
});
