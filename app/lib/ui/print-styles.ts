import type { SystemStyleObject } from '@chakra-ui/react';

/**
 * For a page's root under `@media print`: printing hides everything around the page's <main>
 * (system and sticky bars, header, banners, footer, notices, dialogs) and every button. The
 * selector reaches outside the page through `body:has(&)`; Chakra's types only know selectors
 * that start or end with '&', hence the cast.
 */
export const hideShellWhenPrinting = {
  'body:has(&) :has(> #main) > :not(#main), body:has(&) > :not(:has(#main)), body:has(&) :is(header, nav, footer, button, [role="dialog"])':
    { display: 'none !important' },
} as SystemStyleObject;
