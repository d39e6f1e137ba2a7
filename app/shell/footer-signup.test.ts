import { describe, expect, it } from 'vitest';
import { footerSignupVisible } from './footer-signup';

const tenant = {
  hiddenElements: [] as string[],
  footerSignupHiddenOn: ['contact-us', 'customer-service', 'privacy', 'pharmacy'],
};

describe('footerSignupVisible', () => {
  it('shows on ordinary pages', () => {
    expect(footerSignupVisible('/', tenant)).toBe(true);
    expect(footerSignupVisible('/weekly-ad', tenant)).toBe(true);
    expect(footerSignupVisible('/posts/recipes/privacy', tenant)).toBe(true);
  });

  it('hides when the first path segment is listed', () => {
    expect(footerSignupVisible('/privacy', tenant)).toBe(false);
    expect(footerSignupVisible('/customer-service/', tenant)).toBe(false);
    expect(footerSignupVisible('/pharmacy/refills', tenant)).toBe(false);
    expect(footerSignupVisible('/Contact-Us', tenant)).toBe(false);
  });

  it('hides on the sign-up pages themselves', () => {
    expect(footerSignupVisible('/newsletter', tenant)).toBe(false);
    expect(footerSignupVisible('/newsletter/pharmacy', tenant)).toBe(false);
  });

  it('does not match a segment that only starts with a listed one', () => {
    expect(footerSignupVisible('/privacy-practices', tenant)).toBe(true);
  });

  it("hides everywhere when the tenant hides 'footer-signup'", () => {
    expect(footerSignupVisible('/', { ...tenant, hiddenElements: ['footer-signup'] })).toBe(false);
  });
});
