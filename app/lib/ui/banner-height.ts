import { useEffect, type RefObject } from 'react';

/** Spec §4, §9: the banner's height is polled every 200 ms until it can be measured. */
export const BANNER_POLL_MS = 200;
/** Other pieces (sticky offsets, scrolling a form to its first error) read this variable. */
export const BANNER_HEIGHT_VAR = '--site-banner-height';

/**
 * Publishes the banner's height as a CSS variable on <html>: polled every 200 ms until it is
 * measurable (images may still be loading), then followed with a ResizeObserver; 0 once closed
 * or gone.
 */
export function useBannerHeight(ref: RefObject<HTMLElement | null>, closed: boolean) {
  useEffect(() => {
    const root = document.documentElement;
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
