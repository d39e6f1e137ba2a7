import { useCallback, useEffect, useId, useRef, useState, type FocusEvent } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import {
  CAROUSEL_INTERVAL_MS,
  indexFromScroll,
  shouldAutoCycle,
  wrapIndex,
} from '~/content/carousel-logic';
import type { StoreSlide } from '~/lib/content/types';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from '~/lib/ui/icons';
import { hstackStyle, iconButtonStyle } from '~/lib/ui/styles';

export interface StoreCarouselProps {
  slides: StoreSlide[];
  /** The carousel's heading (and accessible name). */
  heading?: string;
  intervalMs?: number;
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
/** The images' drawn proportions (1280x600, as the content images are made). */
const IMAGE_WIDTH = 1280;
const IMAGE_HEIGHT = 600;

const track = { display: 'flex', overflowX: 'auto', scrollSnapType: 'x mandatory' } as const;

const styles = {
  carousel: sx({ maxW: '3xl', mx: 'auto', my: '10' }),
  header: sx({ ...hstackStyle, justifyContent: 'space-between', flexWrap: 'wrap', mb: '3' }),
  heading: sxRecipe('heading', { size: 'xl' }),
  controls: sx({ ...hstackStyle, gap: '1' }),
  toggle: sxRecipe('button', { size: 'sm', variant: 'outline' }, { colorPalette: 'brand' }),
  step: sxRecipe(
    'button',
    { size: 'sm', variant: 'ghost' },
    { ...iconButtonStyle, color: 'brand.fg' },
  ),
  // Scrollable by keyboard too (it takes focus), so every slide is reachable without JavaScript.
  track: sx({
    ...track,
    scrollbarWidth: 'thin',
    borderRadius: 'md',
    focusVisibleRing: 'outside',
  }),
  slide: sx({ flex: '0 0 100%', scrollSnapAlign: 'start', m: '0' }),
  image: sx({
    display: 'block',
    w: 'full',
    h: 'auto',
    aspectRatio: `${IMAGE_WIDTH} / ${IMAGE_HEIGHT}`,
    objectFit: 'cover',
    bg: 'brand.subtle',
  }),
  caption: sx({ bg: 'brand.subtle', color: 'fg', px: '4', py: '3', textStyle: 'sm' }),
};

/**
 * The static store carousel (spec site-shell §2: six captioned slides on the brand whose
 * `features.storeCarousel` is on). Every slide is in a horizontal scroll-snap strip, so with
 * JavaScript off each one is a scroll away and every caption is text on the page. With
 * JavaScript it advances every 6 s, pauses while hovered or focused, has a Pause toggle
 * (aria-pressed, WCAG 2.2.2) and previous/next buttons, and never moves by itself under
 * prefers-reduced-motion.
 */
export function StoreCarousel({
  slides,
  heading = 'Visit our stores',
  intervalMs = CAROUSEL_INTERVAL_MS,
}: StoreCarouselProps) {
  const hydrated = useHydrated();
  const id = useId();
  const trackRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const [playing, setPlaying] = useState(true);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [reducedMotion, setReducedMotion] = useState(false);
  const count = slides.length;

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

  // A swipe or scroll by hand moves the current slide along.
  const scrollTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (scrollTimer.current && clearTimeout(scrollTimer.current)), []);
  function onScroll() {
    if (scrollTimer.current) clearTimeout(scrollTimer.current);
    scrollTimer.current = setTimeout(() => {
      const strip = trackRef.current;
      if (strip) setActive(indexFromScroll(strip.scrollLeft, strip.clientWidth, count));
    }, 120);
  }

  function onBlur(e: FocusEvent<HTMLElement>) {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
  }

  if (count === 0) return null;
  const headingId = `${id}-heading`;
  const slidesId = `${id}-slides`;

  return (
    <section
      aria-roledescription="carousel"
      aria-labelledby={headingId}
      className={styles.carousel}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
      data-testid="store-carousel"
    >
      <div className={styles.header}>
        <h2 id={headingId} className={styles.heading}>
          {heading}
        </h2>
        {hydrated && count > 1 ? (
          // First in reading order: the rotation can be stopped before reaching the slides.
          <div className={styles.controls} data-testid="store-carousel-controls">
            <button
              type="button"
              className={styles.toggle}
              aria-pressed={!playing}
              aria-controls={slidesId}
              onClick={() => setPlaying((p) => !p)}
            >
              {playing ? <PauseIcon /> : <PlayIcon />}
              Pause
            </button>
            <button
              type="button"
              className={styles.step}
              aria-label="Previous store photo"
              aria-controls={slidesId}
              onClick={() => goTo(wrapIndex(active, -1, count))}
            >
              <ChevronLeftIcon />
            </button>
            <button
              type="button"
              className={styles.step}
              aria-label="Next store photo"
              aria-controls={slidesId}
              onClick={() => goTo(wrapIndex(active, 1, count))}
            >
              <ChevronRightIcon />
            </button>
          </div>
        ) : null}
      </div>
      <div
        ref={trackRef}
        id={slidesId}
        className={styles.track}
        // A scroll container takes focus so it scrolls by keyboard (no slide holds a link).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        aria-label={`${heading}: photos`}
        role="region"
        aria-live={cycling ? 'off' : 'polite'}
        onScroll={hydrated ? onScroll : undefined}
      >
        {slides.map((slide, i) => (
          <figure
            key={`${i}-${slide.src}`}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}`}
            className={styles.slide}
            data-current={i === active ? '' : undefined}
          >
            <img
              src={slide.src}
              alt={slide.alt}
              width={IMAGE_WIDTH}
              height={IMAGE_HEIGHT}
              className={styles.image}
              loading={i === 0 ? 'eager' : 'lazy'}
              decoding="async"
            />
            <figcaption className={styles.caption}>{slide.caption}</figcaption>
          </figure>
        ))}
      </div>
    </section>
  );
}
