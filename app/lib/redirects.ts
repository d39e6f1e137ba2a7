/** Permanent redirects (docs/reference/shell.md "Redirects"). Keys: lower-case, no trailing `/`. */
export const REDIRECTS: Readonly<Record<string, string>> = {
  '/about-rewards': '/about-perks',
  '/careers': '/jobs',
  '/employment': '/jobs',
  '/contact-us': '/customer-service',
  '/cut': '/cookable-produce',
  '/producerecipes': '/cookable-produce',
  '/online': '/anywhere',
  '/skip': '/posts/recipes/shop-with-skip',
  '/weddingcake': '/posts/recipes/wedding-cake',
  '/weeklyad': '/weekly-ad',
  '/in-store/exclusive-brands': '/exclusive-brands',
};

/**
 * The redirect target for a path (query string kept), or null. Matching ignores case and a
 * trailing slash, since shoppers type these from print ads.
 */
export function redirectFor(pathname: string, search = ''): string | null {
  let key = pathname.toLowerCase();
  if (key.length > 1 && key.endsWith('/')) key = key.slice(0, -1);
  const to = REDIRECTS[key];
  return to ? `${to}${search}` : null;
}
