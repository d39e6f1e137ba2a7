/**
 * Tenant helpers safe for the browser bundle (no zod, no secrets): the schema lives in
 * schema.ts, the public projection of a tenant in public.server.ts.
 */
export const hiddenElementValues = [
  'system-bar',
  'sticky-bar',
  'search',
  'home-store-chooser',
  'my-rewards-button',
  'footer-signup',
  'social-links',
  'customer-service-card',
  'survey',
  'ad-tracking-pixel',
  'post-carousel',
  'wallet-credit-column',
  'digital-coupon-savings-column',
  'reward-offers',
  'weekly-ad-preview',
] as const;
export type HiddenElement = (typeof hiddenElementValues)[number];

export function isHidden(t: { hiddenElements: readonly string[] }, el: HiddenElement) {
  return t.hiddenElements.includes(el);
}

/**
 * The shopper's rewards page as the header button and the page title name it: 'My Perks' for a
 * Perks-branded brand, else 'My Rewards'.
 */
export function myRewardsLabel(t: { rewards: { perksWording: boolean } }): string {
  return t.rewards.perksWording ? 'My Perks' : 'My Rewards';
}
