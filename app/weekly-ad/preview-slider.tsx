import { Link, useFetchers, useNavigation } from '@remix-run/react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import {
  HOME_STORE_ACTION,
  HOME_STORE_FIELDS,
  HOME_STORE_INTENTS,
} from '~/stores/home-store/home-store';
import { useNonce } from '~/lib/theme/emotion';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import { useDelegatedLinks } from '~/lib/ui/delegated-links';
import { ChevronLeftIcon, ChevronRightIcon } from '~/lib/ui/icons';
import { hstackStyle, iconButtonStyle, srOnly } from '~/lib/ui/styles';
import { AdCardSkeleton, AdCardView, EXTERNAL_LINK_NOTE } from './preview-card';
import {
  AD_CARD_WIDTH,
  NO_WEEKLY_ADS_MESSAGE,
  previewDataHref,
  type PreviewCardsReply,
  type PreviewLink,
  type WeeklyAdPreviewData,
} from './preview';

/** Space between cards (the track's gap, 4 = 1rem). */
const GAP_PX = 16;
/** Skeleton cards while loading: a desktop row's worth. */
const SKELETONS = 6;

const row = {
  display: 'flex',
  gap: '4',
  listStyleType: 'none',
  p: '1',
  pb: '3',
} as const;

const styles = {
  section: sx({ my: '10' }),
  header: sx({
    display: 'flex',
    flexWrap: 'wrap',
    justifyContent: 'space-between',
    alignItems: 'center',
    gap: '3',
    mb: '4',
  }),
  title: sxRecipe('heading', { size: 'xl' }),
  aside: sx({ ...hstackStyle, gap: '3' }),
  all: sxRecipe('link', { variant: 'underline' }, { color: 'brand.fg', fontWeight: 'semibold' }),
  controls: sx({ ...hstackStyle, gap: '1' }),
  control: sxRecipe(
    'button',
    { size: 'sm', variant: 'outline' },
    { ...iconButtonStyle, color: 'brand.fg' },
  ),
  track: sx({
    ...row,
    overflowX: 'auto',
    scrollSnapType: 'x mandatory',
    // Cards snap inside the padding (else the row starts scrolled by it).
    scrollPaddingInline: '1',
    scrollbarWidth: 'thin',
    transition: 'opacity 0.2s',
    _focusVisible: { outline: '2px solid', outlineColor: 'brand.solid' },
    '&[aria-busy=true]': { opacity: 0.5 },
  }),
  item: sx({ flex: `0 0 ${AD_CARD_WIDTH}px`, scrollSnapAlign: 'start' }),
  skeletons: sx({ ...row, overflowX: 'hidden' }),
  empty: sx({ color: 'fg.muted' }),
};

/**
 * Without JavaScript (a style only a browser without scripts applies):
 * - an image's box shows the png and, behind it, the jpg (its custom properties) instead of the
 *   img, so a jpg-only product still shows its picture (spec §7's fallback needs no script);
 * - skeleton cards give way to the link beside them (no script will fetch the cards).
 */
const NO_SCRIPT_CSS =
  '[data-ad-image]{background:var(--ad-png) center/contain no-repeat,' +
  'var(--ad-jpg) center/contain no-repeat}' +
  '[data-ad-image] img{visibility:hidden}' +
  '[data-ad-skeletons]{display:none}';

/** The cards of a page that came without them, fetched once per ad page; null until they come. */
function useFetchedCards(page: string | null): PreviewCardsReply | null {
  const [reply, setReply] = useState<{ page: string; data: PreviewCardsReply } | null>(null);
  useEffect(() => {
    if (!page) return;
    const controller = new AbortController();
    const none: PreviewCardsReply = { cards: [], imageBase: '' };
    fetch(previewDataHref(page), {
      signal: controller.signal,
      headers: { accept: 'application/json' },
    })
      .then(async (res) => {
        const data = res.ok ? ((await res.json()) as Partial<PreviewCardsReply>) : null;
        return Array.isArray(data?.cards) && typeof data?.imageBase === 'string'
          ? (data as PreviewCardsReply)
          : none;
      })
      // An ad viewer or a network that fails says what the spec says for no ads.
      .catch(() => none)
      .then((data) => {
        if (!controller.signal.aborted) setReply({ page, data });
      });
    return () => controller.abort();
  }, [page]);
  return page && reply?.page === page ? reply.data : null;
}

type Submission = { formAction?: string; formData?: FormData; state: string };
const choosesStore = (s: Submission) =>
  s.state !== 'idle' &&
  s.formAction?.split('?')[0] === HOME_STORE_ACTION &&
  s.formData?.get(HOME_STORE_FIELDS.intent) === HOME_STORE_INTENTS.choose;

/** True while a home store chosen on this page is saved and the page's data reloads. */
function useChangingStore(): boolean {
  const fetchers = useFetchers();
  const navigation = useNavigation();
  return fetchers.some(choosesStore) || choosesStore(navigation);
}

function WeeklyAdLink({ link, className, children }: { link: PreviewLink } & LinkText) {
  return link.external ? (
    <a href={link.href} className={className}>
      {children}
      <span className={srOnly}> {EXTERNAL_LINK_NOTE}</span>
    </a>
  ) : (
    <Link to={link.href} className={className}>
      {children}
    </Link>
  );
}
type LinkText = { className?: string; children: string };

/**
 * A row that scrolls sideways, and which of its ends it is at (after hydration; before, both
 * buttons are absent anyway). `step` moves it by the whole cards that fit in view.
 */
function useRowScroller(content: unknown) {
  const trackRef = useRef<HTMLUListElement>(null);
  const [edges, setEdges] = useState({ start: true, end: false });
  const measure = useCallback(() => {
    const track = trackRef.current;
    if (!track) return;
    const start = track.scrollLeft <= 2;
    const end = track.scrollLeft + track.clientWidth >= track.scrollWidth - 2;
    setEdges((e) => (e.start === start && e.end === end ? e : { start, end }));
  }, []);
  useEffect(() => {
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [measure, content]);
  const step = (direction: 1 | -1) => {
    const track = trackRef.current;
    if (!track) return;
    const perCard = AD_CARD_WIDTH + GAP_PX;
    const cards = Math.max(1, Math.floor(track.clientWidth / perCard));
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    track.scrollBy({ left: direction * cards * perCard, behavior: reduced ? 'auto' : 'smooth' });
  };
  return { trackRef, edges, measure, step };
}

/**
 * The home page's weekly-ad preview slider (spec §2 "Weekly ad" preview, §8, §9): this week's ad
 * cards of the home store's ad page in a row that scrolls sideways (keyboard too: the list is
 * focusable; without JavaScript a plain scrollable row), previous/next buttons with JavaScript,
 * skeleton cards while the cards load, the spec's message when there are none.
 */
export function WeeklyAdPreview({ preview }: { preview: WeeklyAdPreviewData }) {
  const id = useId();
  const nonce = useNonce();
  const hydrated = useHydrated();
  const fetched = useFetchedCards(preview.state === 'loading' ? preview.page : null);
  const changing = useChangingStore();
  const shown = preview.state === 'ready' ? preview : fetched;
  const row = useRowScroller(shown);
  // A card's internal link opens in the app (one handler for the row, not a Link per card).
  const openLink = useDelegatedLinks('data-internal-link');
  const trackId = `${id}-cards`;
  return (
    <section
      className={styles.section}
      aria-labelledby="weekly-ad-preview-title"
      data-testid="weekly-ad-preview"
      data-state={shown ? 'ready' : 'loading'}
    >
      <div className={styles.header}>
        <h2 id="weekly-ad-preview-title" className={styles.title}>
          Weekly Ad
        </h2>
        <div className={styles.aside}>
          <WeeklyAdLink link={preview.link} className={styles.all}>
            See the full weekly ad
          </WeeklyAdLink>
          {hydrated && shown?.cards.length ? (
            <div className={styles.controls} data-testid="weekly-ad-preview-controls">
              <button
                type="button"
                className={styles.control}
                aria-label="Previous weekly ad items"
                aria-controls={trackId}
                disabled={row.edges.start}
                onClick={() => row.step(-1)}
              >
                <ChevronLeftIcon />
              </button>
              <button
                type="button"
                className={styles.control}
                aria-label="Next weekly ad items"
                aria-controls={trackId}
                disabled={row.edges.end}
                onClick={() => row.step(1)}
              >
                <ChevronRightIcon />
              </button>
            </div>
          ) : null}
        </div>
      </div>
      {!shown ? (
        <>
          <div className={styles.skeletons} data-ad-skeletons="" aria-busy="true">
            <p className={srOnly} role="status">
              Loading the weekly ad…
            </p>
            {Array.from({ length: SKELETONS }, (_, i) => (
              <AdCardSkeleton key={i} />
            ))}
          </div>
          <noscript>
            <p>
              <WeeklyAdLink link={preview.link}>See this week&apos;s ad</WeeklyAdLink>
            </p>
          </noscript>
        </>
      ) : shown.cards.length === 0 ? (
        <p className={styles.empty}>{NO_WEEKLY_ADS_MESSAGE}</p>
      ) : (
        // Clicks of the links inside are delegated (keyboard activation of a link is a click).
        // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
        <ul
          ref={row.trackRef}
          id={trackId}
          className={styles.track}
          // A scrollable list must be reachable by keyboard (arrow keys scroll it).
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          aria-label="This week's weekly ad items"
          // Dimmed while a newly chosen home store's cards load.
          aria-busy={changing || undefined}
          onScroll={hydrated ? row.measure : undefined}
          onClick={openLink}
        >
          {shown.cards.map((card, i) => (
            <li key={`${i}-${card.id}`} className={styles.item}>
              <AdCardView card={card} imageBase={shown.imageBase} link={preview.link} />
            </li>
          ))}
        </ul>
      )}
      <noscript>
        <style nonce={nonce} dangerouslySetInnerHTML={{ __html: NO_SCRIPT_CSS }} />
      </noscript>
    </section>
  );
}
