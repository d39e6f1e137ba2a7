import { useCallback, useEffect, useRef, useState, type FocusEvent } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import {
  CAROUSEL_INTERVAL_MS,
  indexFromScroll,
  shouldAutoCycle,
  wrapIndex,
} from './carousel-logic';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/**
 * The state of a carousel of full-width slides in a horizontal scroll-snap strip (the post
 * carousel and the store carousel): the current slide, play/pause, and the pauses the reference and
 * WCAG 2.2.2 want. It advances every `intervalMs` only after hydration, with several slides,
 * while playing, not hovered, not focused, and never under prefers-reduced-motion (which also
 * starts it paused). A swipe or scroll by hand moves the current slide along.
 *
 * The carousel element takes `containerProps`; the strip takes `trackRef` and `onScroll`.
 */
export function useCarousel(count: number, intervalMs = CAROUSEL_INTERVAL_MS) {
  const hydrated = useHydrated();
  const trackRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const [playing, setPlaying] = useState(true);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [reducedMotion, setReducedMotion] = useState(false);

  useEffect(() => {
    const query = window.matchMedia?.(REDUCED_MOTION);
    if (!query) return;
    const update = () => {
      setReducedMotion(query.matches);
      if (query.matches) setPlaying(false);
    };
    update();
    query.addEventListener?.('change', update);
    return () => query.removeEventListener?.('change', update);
  }, []);

  const goTo = useCallback(
    (index: number) => {
      setActive(index);
      const strip = trackRef.current;
      if (strip) {
        strip.scrollTo({
          left: index * strip.clientWidth,
          behavior: reducedMotion ? 'auto' : 'smooth',
        });
      }
    },
    [reducedMotion],
  );

  const cycling = hydrated && shouldAutoCycle({ count, playing, hovered, focused, reducedMotion });
  useEffect(() => {
    if (!cycling) return;
    const timer = setTimeout(() => goTo(wrapIndex(active, 1, count)), intervalMs);
    return () => clearTimeout(timer);
  }, [cycling, active, count, intervalMs, goTo]);

  const scrollTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (scrollTimer.current && clearTimeout(scrollTimer.current)), []);
  const onScroll = useCallback(() => {
    if (scrollTimer.current) clearTimeout(scrollTimer.current);
    scrollTimer.current = setTimeout(() => {
      const strip = trackRef.current;
      if (strip) setActive(indexFromScroll(strip.scrollLeft, strip.clientWidth, count));
    }, 120);
  }, [count]);

  const containerProps = {
    onMouseEnter: () => setHovered(true),
    onMouseLeave: () => setHovered(false),
    onFocus: () => setFocused(true),
    onBlur: (e: FocusEvent<HTMLElement>) => {
      if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
    },
  };

  return {
    hydrated,
    trackRef,
    active,
    goTo,
    /** Moves by `step` slides, wrapping at both ends. */
    step: (step: number) => goTo(wrapIndex(active, step, count)),
    playing,
    togglePlaying: () => setPlaying((p) => !p),
    cycling,
    onScroll: hydrated ? onScroll : undefined,
    containerProps,
  };
}
