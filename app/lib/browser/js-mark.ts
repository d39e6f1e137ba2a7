import type { SystemStyleObject } from '@chakra-ui/react';
import { JS_ATTRIBUTE } from './inline/js-attribute';

/**
 * No layout shift on hydration (a Lighthouse target, CLS at most 0.02: README.md "Tests"): markup
 * that differs with and without JavaScript (the home-store chooser's Choose button, the banner's
 * close button, the menu list above the footer) must have its JavaScript layout from the first
 * paint when scripts will run, not from hydration, seconds later on a phone. An inline script in
 * <head> marks <html data-js> before the body is parsed; static styles key on that mark. A page
 * served without scripts (or a browser without JavaScript) never gets it and keeps the plain
 * layout.
 */
export { JS_ATTRIBUTE };

/** Runs before the body is parsed (inline in <head>). */
export const JS_MARK_SCRIPT = `document.documentElement.setAttribute(${JSON.stringify(JS_ATTRIBUTE)},'');`;

/** Styles that apply only on a page where scripts run (from the first paint on). */
export function withJs(styles: SystemStyleObject): SystemStyleObject {
  return { [`html[${JS_ATTRIBUTE}] &`]: styles };
}

/** For what only a page without scripts shows: hidden from the first paint where they run. */
export const hiddenWithJs: SystemStyleObject = withJs({ display: 'none' });

/**
 * For what only a page with scripts shows (a button whose handler is client code): in the
 * server's markup from the start, so it takes its place at the first paint instead of moving the
 * page when hydration adds it; hidden where scripts do not run. `display` is its shown display.
 */
export function shownWithJs(display: string): SystemStyleObject {
  return { display: 'none', ...withJs({ display }) };
}
