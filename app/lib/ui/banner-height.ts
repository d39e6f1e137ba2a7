import { useEffect, type RefObject } from 'react';

/** The banner's height is polled every 200 ms until it can be measured. */
export const BANNER_POLL_MS = 200;
/** Other pieces (sticky offsets, scrolling a form to its first error) read this variable. */
export const BANNER_HEIGHT_VAR = '--site-banner-height';

/**
 * Only scripts read the variable (no style uses it), so it is registered as not inherited: set
 * on <html>, an inherited custom property would restyle every element of the page (25 ms on a
 * throttled phone's home page, one long task after hydration); registered, it restyles <html>
 * alone. Registering twice throws (the page's second banner, a remount): the first one holds.
 */
export function registerBannerHeight(css: { registerProperty?: (p: PropertyDefinition) => void }) {
  try {
    css.registerProperty?.({
      name: BANNER_HEIGHT_VAR,
      syntax: '<length>',
      inherits: false,
      initialValue: '0px',
    });
  } catch {
    // Already registered.
  }
}

/**
 * Publishes the banner's height as a CSS variable on <html>: polled every 200 ms until it is
 * measurable (images may still be loading), then followed with a ResizeObserver; 0 once closed
 * or gone.
 */
export function useBannerHeight(ref: RefObject<HTMLElement | null>, closed: boolean) {
  useEffect(() => {
    const root = document.documentElement;
    if (typeof CSS !== 'undefined') registerBannerHeight(CSS);
    const publish = (px: number) => root.style.setProperty(BANNER_HEIGHT_VAR, `${px}px`);
    if (closed || !ref.current) {
      publish(0);
      return;
    }
    const el = ref.current;
    let observer: ResizeObserver | undefined;
    const timer = window.setInterval(() => {
      const height = el.offsetHeight;
      if (height <= 0) return;
      window.clearInterval(timer);
      publish(height);
      if (typeof ResizeObserver !== 'undefined') {
        observer = new ResizeObserver(() => publish(el.offsetHeight));
        observer.observe(el);
      }
    }, BANNER_POLL_MS);
    return () => {
      window.clearInterval(timer);
      observer?.disconnect();
      publish(0);
    };
  }, [ref, closed]);
}
