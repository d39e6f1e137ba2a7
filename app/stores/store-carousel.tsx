import { useId } from 'react';
import type { StoreSlide } from '~/content/source/types';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import { CAROUSEL_INTERVAL_MS } from '~/lib/ui/carousel-logic';
import { PauseIcon, PlayIcon } from '~/lib/ui/icons';
import { fullSlideStyle, SliderFrame, slideTrackStyle, StepButtons } from '~/lib/ui/slider';
import { useCarousel } from '~/lib/ui/use-carousel';

export interface StoreCarouselProps {
  slides: StoreSlide[];
  /** The carousel's heading (and accessible name). */
  heading?: string;
  intervalMs?: number;
}

/** The images' drawn proportions (1280x600, as the content images are made). */
const IMAGE_WIDTH = 1280;
const IMAGE_HEIGHT = 600;

const styles = {
  carousel: sx({ maxW: '3xl', mx: 'auto', my: '10' }),
  toggle: sxRecipe('button', { size: 'sm', variant: 'outline' }, { colorPalette: 'brand' }),
  // Scrollable by keyboard too (it takes focus), so every slide is reachable without JavaScript.
  track: sx({
    ...slideTrackStyle,
    scrollbarWidth: 'thin',
    borderRadius: 'md',
    focusVisibleRing: 'outside',
  }),
  slide: sx({ ...fullSlideStyle, m: '0' }),
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
 * The static store carousel (docs/reference/stores.md "Store carousel": six captioned slides on the
 * brand whose `features.storeCarousel` is on). Every slide is in a horizontal scroll-snap strip, so
 * with JavaScript off each one is a scroll away and every caption is text on the page. With
 * JavaScript it advances every 6 s, pauses while hovered or focused, has a Pause toggle
 * (aria-pressed, WCAG 2.2.2) and previous/next buttons, and never moves by itself under
 * prefers-reduced-motion.
 */
export function StoreCarousel({
  slides,
  heading = 'Visit our stores',
  intervalMs = CAROUSEL_INTERVAL_MS,
}: StoreCarouselProps) {
  const id = useId();
  const count = slides.length;
  const carousel = useCarousel(count, intervalMs);
  const { hydrated, trackRef, active, step, playing, cycling } = carousel;

  if (count === 0) return null;
  const headingId = `${id}-heading`;
  const slidesId = `${id}-slides`;

  return (
    <SliderFrame
      aria-roledescription="carousel"
      titleId={headingId}
      title={heading}
      className={styles.carousel}
      {...carousel.containerProps}
      data-testid="store-carousel"
      withControls
      controlsTestId="store-carousel-controls"
      controls={
        hydrated && count > 1 ? (
          <>
            <button
              type="button"
              className={styles.toggle}
              aria-pressed={!playing}
              aria-controls={slidesId}
              onClick={carousel.togglePlaying}
            >
              {playing ? <PauseIcon /> : <PlayIcon />}
              Pause
            </button>
            <StepButtons
              controls={slidesId}
              previous="Previous store photo"
              next="Next store photo"
              onStep={step}
              look="ghost"
            />
          </>
        ) : null
      }
    >
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
        onScroll={carousel.onScroll}
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
    </SliderFrame>
  );
}
