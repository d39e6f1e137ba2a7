import {
  forwardRef,
  useCallback,
  useEffect,
  useRef,
  useState,
  type HTMLAttributes,
  type MouseEventHandler,
  type ReactNode,
  type UIEventHandler,
} from 'react';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import { rowEdges, rowStepDistance } from './carousel-logic';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';
import { hstackStyle, iconButtonStyle } from './styles';

/**
 * The site's horizontal sliders: the store carousel and the post carousel (full-width slides,
 * ./use-carousel), and the home page's weekly-ad and coupon previews (rows of cards). Each is a
 * horizontal scroll-snap strip, so without JavaScript every item is a swipe or a scroll away
 * (and the strip takes focus, so the keyboard scrolls it too); the buttons come with JavaScript.
 */

/** A strip of full-width slides (a carousel's track). */
export const slideTrackStyle = {
  display: 'flex',
  overflowX: 'auto',
  scrollSnapType: 'x mandatory',
} as const;
/** A slide of such a strip: the strip's whole width. */
export const fullSlideStyle = { flex: '0 0 100%', scrollSnapAlign: 'start' } as const;

/** The gap between the cards of a row (the track's gap, 4 = 1rem). */
const CARD_ROW_GAP_PX = 16;
/** A row of cards, scrolled or not (the skeleton cards' row does not scroll). */
export const cardRowStyle = {
  display: 'flex',
  gap: '4',
  listStyleType: 'none',
  p: '1',
  pb: '3',
} as const;

/** A card's slot in a row: `width` wide, snapping at its start (declare its class at module level). */
export const cardSlotStyle = (width: number) =>
  ({ flex: `0 0 ${width}px`, scrollSnapAlign: 'start' }) as const;

const iconButton = (variant: 'ghost' | 'outline') =>
  sxRecipe('button', { size: 'sm', variant }, { ...iconButtonStyle, color: 'brand.fg' });
const steps = { ghost: iconButton('ghost'), outline: iconButton('outline') };
/** A slider's icon button (its steps, a carousel's play/pause). */
export const sliderIconButton = steps.ghost;

/** The link beside a slider's title (to the whole list). */
export const sliderLink = sxRecipe(
  'link',
  { variant: 'underline' },
  { color: 'brand.fg', fontWeight: 'semibold' },
);

const header = { display: 'flex', justifyContent: 'space-between', gap: '3', mb: '4' } as const;

const styles = {
  title: sxRecipe('heading', { size: 'xl' }),
  header: sx({ ...header, alignItems: 'baseline' }),
  headerWithControls: sx({ ...header, flexWrap: 'wrap', alignItems: 'center' }),
  aside: sx({ ...hstackStyle, gap: '3' }),
  controls: sx({ ...hstackStyle, gap: '1' }),
  cardRow: sx({
    ...cardRowStyle,
    overflowX: 'auto',
    scrollSnapType: 'x mandatory',
    // Cards snap inside the padding (else the row starts scrolled by it).
    scrollPaddingInline: '1',
    scrollbarWidth: 'thin',
    transition: 'opacity 0.2s',
    _focusVisible: { outline: '2px solid', outlineColor: 'brand.solid' },
    '&[aria-busy=true]': { opacity: 0.5 },
  }),
};

/**
 * The previous and next buttons of a slider, named for what they move ('Next store photo'),
 * each controlling the strip. `between` goes between the two (a carousel's dots).
 */
export function StepButtons({
  controls,
  previous,
  next,
  onStep,
  atStart,
  atEnd,
  look,
  between,
}: {
  /** The strip's id. */
  controls: string;
  previous: string;
  next: string;
  onStep: (direction: 1 | -1) => void;
  /** A row that does not wrap around: which of its ends is in view (its button is disabled). */
  atStart?: boolean;
  atEnd?: boolean;
  look: keyof typeof steps;
  between?: ReactNode;
}) {
  const button = (direction: 1 | -1, label: string, disabled: boolean | undefined) => (
    <button
      type="button"
      className={steps[look]}
      aria-label={label}
      aria-controls={controls}
      disabled={disabled}
      onClick={() => onStep(direction)}
    >
      {direction < 0 ? <ChevronLeftIcon /> : <ChevronRightIcon />}
    </button>
  );
  return (
    <>
      {button(-1, previous, atStart)}
      {between}
      {button(1, next, atEnd)}
    </>
  );
}

export interface SliderFrameProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  titleId: string;
  title: ReactNode;
  /** Beside the title: a link to the whole list. */
  link?: ReactNode;
  /**
   * The slider's buttons (null before hydration, where they would do nothing): first in reading
   * order after the title, so a moving slider can be stopped before its slides are reached.
   */
  controls?: ReactNode;
  controlsTestId?: string;
  /**
   * The slider has buttons once hydrated: its header wraps, the title centred with them, from
   * the first paint (so it does not move when they come). Without, a title and a link sit on one
   * text line.
   */
  withControls: boolean;
  'data-testid'?: string;
  'data-state'?: string;
  children: ReactNode;
}

/**
 * A slider's section: named by its heading, the title with its link and buttons above the
 * strip (or what stands in for it: skeleton cards, a message).
 */
export function SliderFrame({
  titleId,
  title,
  link,
  controls,
  controlsTestId,
  withControls,
  className,
  children,
  ...section
}: SliderFrameProps) {
  const buttons = controls ? (
    <div className={styles.controls} data-testid={controlsTestId}>
      {controls}
    </div>
  ) : null;
  return (
    <section aria-labelledby={titleId} className={className} {...section}>
      <div className={withControls ? styles.headerWithControls : styles.header}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {link ? (
          <div className={styles.aside}>
            {link}
            {buttons}
          </div>
        ) : (
          buttons
        )}
      </div>
      {children}
    </section>
  );
}

export interface CardRowProps {
  id?: string;
  /** The list's accessible name. */
  label: string;
  /** The class of a card's slot (sx(cardSlotStyle(width)), declared at module level). */
  slotClassName: string;
  items: { key: string; card: ReactNode }[];
  /** Dimmed while the cards are about to change. */
  busy?: boolean;
  onScroll?: UIEventHandler<HTMLUListElement>;
  /** One handler for the links inside (useDelegatedLinks). */
  onClick?: MouseEventHandler<HTMLUListElement>;
}

/** A list of cards side by side in a strip that scrolls sideways. */
export const CardRow = forwardRef<HTMLUListElement, CardRowProps>(function CardRow(
  { id, label, slotClassName, items, busy, onScroll, onClick },
  ref,
) {
  return (
    // Clicks of the links inside are delegated (keyboard activation of a link is a click).
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <ul
      ref={ref}
      id={id}
      className={styles.cardRow}
      // A scrollable list must be reachable by keyboard (arrow keys scroll it).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      aria-label={label}
      aria-busy={busy || undefined}
      onScroll={onScroll}
      onClick={onClick}
    >
      {items.map(({ key, card }) => (
        <li key={key} className={slotClassName}>
          {card}
        </li>
      ))}
    </ul>
  );
});

/**
 * A row that scrolls sideways, and which of its ends is in view (measured after hydration, on
 * scroll and on resize, and again when `content` changes). `step` moves it by the whole cards in
 * view, smoothly unless the shopper prefers reduced motion.
 */
export function useRowScroller(itemWidth: number, content: unknown) {
  const trackRef = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ start: true, end: false });
  const measure = useCallback(() => {
    const track = trackRef.current;
    if (!track) return;
    const now = rowEdges(track.scrollLeft, track.clientWidth, track.scrollWidth);
    setEdges((e) => (e.start === now.start && e.end === now.end ? e : now));
  }, []);
  useEffect(() => {
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [measure, content]);
  const step = (direction: 1 | -1) => {
    const track = trackRef.current;
    if (!track) return;
    const distance = rowStepDistance(track.clientWidth, itemWidth, CARD_ROW_GAP_PX);
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    track.scrollBy({ left: direction * distance, behavior: reduced ? 'auto' : 'smooth' });
  };
  return { trackRef, edges, measure, step };
}
