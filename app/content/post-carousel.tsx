import { Link } from '@remix-run/react';
import { useId, type CSSProperties } from 'react';
import { cx, sx, sxRecipe } from '~/lib/theme/static-css';
import { CAROUSEL_ASPECT_RATIO, CAROUSEL_INTERVAL_MS } from '~/lib/ui/carousel-logic';
import { LCP_IMAGE_ATTRIBUTES } from '~/lib/ui/image-priority';
import { withJs } from '~/lib/browser/js-mark';
import { PauseIcon, PlayIcon } from '~/lib/ui/icons';
import { fullSlideStyle, sliderIconButton, slideTrackStyle, StepButtons } from '~/lib/ui/slider';
import { hstackStyle } from '~/lib/ui/styles';
import { useCarousel } from '~/lib/ui/use-carousel';

export interface CarouselPost {
  slug: string;
  path: string;
  title: string;
  description: string | null;
  coverImage: string | null;
  altText: string | null;
  link: { label: string; to: string } | null;
  hideOverlay: boolean;
}

export interface PostCarouselProps {
  posts: CarouselPost[];
  /** Accessible name of the carousel. */
  label?: string;
  aspectRatio?: number;
  intervalMs?: number;
  headingLevel?: 'h2' | 'h3';
  /**
   * The carousel is the top of its page: its first image, the page's largest paint, is fetched
   * at high priority (only that one; the other slides load lazily).
   */
  prioritizeFirstImage?: boolean;
}

const track = slideTrackStyle;
const dot = {
  display: 'block',
  boxSize: '2.5',
  borderRadius: 'full',
  borderWidth: '2px',
  borderColor: 'brand.solid',
} as const;

/** The controls' row: a small button (2.25rem) with 0.5rem above and below. */
const CONTROLS_HEIGHT = '3.25rem';
const hiddenScrollbar = { '&::-webkit-scrollbar': { display: 'none' }, scrollbarWidth: 'none' };

const styles = {
  carousel: sx({ position: 'relative' }),
  // The controls come with hydration; where scripts run their row is kept free from the first
  // paint (no layout shift), and they take it without moving the page.
  withControls: sx(withJs({ pb: CONTROLS_HEIGHT })),
  // With JavaScript the buttons and dots replace the scroll bar (hidden from the first paint).
  track: sx({ ...track, ...hiddenScrollbar }),
  trackStatic: sx({ ...track, scrollbarWidth: 'thin', ...withJs(hiddenScrollbar) }),
  controls: sx({
    ...hstackStyle,
    justifyContent: 'center',
    gap: '1',
    position: 'absolute',
    insetX: '0',
    bottom: '0',
    h: CONTROLS_HEIGHT,
  }),
  dots: sx({ ...hstackStyle, listStyleType: 'none', gap: '0' }),
  dotButton: sxRecipe('button', { size: 'sm', variant: 'ghost' }, { minW: '8', px: '0' }),
  dot: sx({ ...dot, bg: 'transparent' }),
  dotActive: sx({ ...dot, bg: 'brand.solid' }),
  slide: sx({ ...fullSlideStyle, position: 'relative' }),
  // The carousel sets --carousel-aspect-ratio (its aspectRatio prop).
  image: sx({
    display: 'block',
    w: 'full',
    h: 'auto',
    aspectRatio: 'var(--carousel-aspect-ratio)',
    objectFit: 'cover',
  }),
  placeholder: sx({ w: 'full', aspectRatio: 'var(--carousel-aspect-ratio)', bg: 'brand.subtle' }),
  imageLink: sx({ display: 'block', focusVisibleRing: 'inside' }),
  overlay: sx({
    position: { base: 'static', lg: 'absolute' },
    insetStart: { lg: '8' },
    bottom: { lg: '8' },
    maxW: { lg: 'lg' },
    bg: { base: 'brand.subtle', lg: 'bg/90' },
    color: 'fg',
    p: { base: '4', lg: '6' },
    borderRadius: { lg: 'lg' },
    shadow: { lg: 'lg' },
  }),
  heading: sxRecipe('heading', { size: 'lg' }, { md: { textStyle: 'xl' }, lineClamp: 2 }),
  titleLink: sx({
    color: 'inherit',
    _hover: { textDecoration: 'underline' },
    focusVisibleRing: 'outside',
  }),
  description: sx({
    mt: '1',
    color: 'fg.muted',
    lineClamp: 2,
    display: { base: 'none', sm: '-webkit-box' },
  }),
  action: sxRecipe('button', { size: 'sm', variant: 'solid' }, { mt: '3', colorPalette: 'brand' }),
};

/**
 * Post carousel (docs/reference/content.md "What the shopper sees", "Constants"). All slides are
 * rendered in a horizontal scroll-snap strip, so without JavaScript the first slide shows and the
 * others are a swipe or scroll away. With JavaScript it cycles every 6 s, pauses on hover and
 * keyboard focus, has a pause/play button (WCAG 2.2.2), previous/next buttons and dots, and never
 * cycles under reduced motion.
 */
export function PostCarousel({
  posts,
  label = 'Featured',
  aspectRatio = CAROUSEL_ASPECT_RATIO,
  intervalMs = CAROUSEL_INTERVAL_MS,
  headingLevel = 'h2',
  prioritizeFirstImage = false,
}: PostCarouselProps) {
  const id = useId();
  const count = posts.length;
  const carousel = useCarousel(count, intervalMs);
  const { hydrated, trackRef, active, cycling } = carousel;
  if (count === 0) return null;

  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      className={cx(styles.carousel, count > 1 && styles.withControls)}
      style={{ '--carousel-aspect-ratio': String(aspectRatio) } as CSSProperties}
      {...carousel.containerProps}
      data-testid="post-carousel"
    >
      <div
        ref={trackRef}
        id={`${id}-slides`}
        className={hydrated ? styles.track : styles.trackStatic}
        aria-live={cycling ? 'off' : 'polite'}
        onScroll={carousel.onScroll}
      >
        {posts.map((post, i) => (
          <Slide
            key={post.slug}
            post={post}
            index={i}
            count={count}
            headingLevel={headingLevel}
            current={i === active}
            prioritized={prioritizeFirstImage && i === 0}
          />
        ))}
      </div>
      {hydrated && count > 1 ? (
        <CarouselControls posts={posts} slidesId={`${id}-slides`} carousel={carousel} />
      ) : null}
    </section>
  );
}

/** Play/pause, previous/next and one dot per slide: shown once the page runs its JavaScript. */
function CarouselControls({
  posts,
  slidesId,
  carousel,
}: {
  posts: PostCarouselProps['posts'];
  slidesId: string;
  carousel: ReturnType<typeof useCarousel>;
}) {
  const { active, goTo, step, playing } = carousel;
  const count = posts.length;
  return (
    <div className={styles.controls} data-testid="carousel-controls">
      <button
        type="button"
        className={sliderIconButton}
        aria-label={playing ? 'Pause slide show' : 'Play slide show'}
        onClick={carousel.togglePlaying}
        data-testid="carousel-play-pause"
      >
        {playing ? <PauseIcon /> : <PlayIcon />}
      </button>
      <StepButtons
        controls={slidesId}
        previous="Previous slide"
        next="Next slide"
        onStep={step}
        look="ghost"
        between={
          <ul className={styles.dots}>
            {posts.map((post, i) => (
              <li key={post.slug}>
                <button
                  type="button"
                  className={styles.dotButton}
                  aria-label={`Slide ${i + 1} of ${count}: ${post.title}`}
                  aria-current={i === active ? 'true' : undefined}
                  aria-controls={slidesId}
                  onClick={() => goTo(i)}
                >
                  <span className={i === active ? styles.dotActive : styles.dot} />
                </button>
              </li>
            ))}
          </ul>
        }
      />
    </div>
  );
}

function Slide({
  post,
  index,
  count,
  headingLevel,
  current,
  prioritized,
}: {
  post: CarouselPost;
  index: number;
  count: number;
  headingLevel: 'h2' | 'h3';
  current: boolean;
  prioritized: boolean;
}) {
  const target = post.link?.to ?? post.path;
  const Heading = headingLevel;
  const image = post.coverImage ? (
    <img
      src={post.coverImage}
      alt={post.hideOverlay ? post.altText || post.title : (post.altText ?? '')}
      className={styles.image}
      loading={index === 0 ? 'eager' : 'lazy'}
      {...(prioritized ? LCP_IMAGE_ATTRIBUTES : {})}
    />
  ) : (
    <div className={styles.placeholder} />
  );
  return (
    <div
      role="group"
      aria-roledescription="slide"
      aria-label={`${index + 1} of ${count}`}
      className={styles.slide}
      data-current={current ? '' : undefined}
    >
      {post.hideOverlay ? (
        <Link to={target} className={styles.imageLink}>
          {image}
        </Link>
      ) : (
        <>
          {image}
          <div className={styles.overlay}>
            <Heading className={styles.heading}>
              <Link to={post.path} className={styles.titleLink}>
                {post.title}
              </Link>
            </Heading>
            {post.description ? <p className={styles.description}>{post.description}</p> : null}
            {post.link ? (
              <Link to={post.link.to} className={styles.action}>
                {post.link.label}
              </Link>
            ) : null}
          </div>
        </>
      )}
    </div>
  );
}
