/**
 * Attributes of the one image that is a page's largest contentful paint on a phone (the home
 * carousel's first slide, a post's cover), and of no other image: Chromium holds a low-priority
 * image request back while render-blocking requests (the stylesheet, the module scripts) are in
 * flight, so the page's main image arrived after all of its script chunks. At high priority it
 * is fetched as soon as the preload scanner sees it in the server's markup. React 18 knows no
 * `fetchPriority` prop (it warns and writes it as is): the attribute is spelled as HTML has it.
 */
export const LCP_IMAGE_ATTRIBUTES: Record<string, string> = { fetchpriority: 'high' };
