import { Link, useFetchers, useNavigation } from '@remix-run/react';
import { useEffect, useId, useState } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import {
  HOME_STORE_ACTION,
  HOME_STORE_FIELDS,
  HOME_STORE_INTENTS,
} from '~/stores/home-store/home-store';
import { useNonce } from '~/lib/theme/emotion';
import { sx } from '~/lib/theme/static-css';
import { useDelegatedLinks } from '~/lib/ui/delegated-links';
import {
  CardRow,
  cardRowStyle,
  cardSlotStyle,
  SliderFrame,
  sliderLink,
  StepButtons,
  useRowScroller,
} from '~/lib/ui/slider';
import { srOnly } from '~/lib/ui/styles';
import { AdCardSkeleton, AdCardView, EXTERNAL_LINK_NOTE } from './preview-card';
import {
  AD_CARD_WIDTH,
  NO_WEEKLY_ADS_MESSAGE,
  previewDataHref,
  type PreviewCardsReply,
  type PreviewLink,
  type WeeklyAdPreviewData,
} from './preview';

/** Skeleton cards while loading: a desktop row's worth. */
const SKELETONS = 6;

const styles = {
  section: sx({ my: '10' }),
  item: sx(cardSlotStyle(AD_CARD_WIDTH)),
  skeletons: sx({ ...cardRowStyle, overflowX: 'hidden' }),
  empty: sx({ color: 'fg.muted' }),
  whose: sx({ mt: '-2', mb: '3', fontSize: 'sm', color: 'fg.muted' }),
};

/**
 * Without JavaScript (a style only a browser without scripts applies):
 * - an image's box shows the png and, behind it, the jpg (its custom properties) instead of the
 *   img, so a jpg-only product still shows its picture (the jpg fallback needs no script);
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
      // An ad viewer or a network that fails says what the page says for no ads.
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
 * The home page's weekly-ad preview slider (docs/reference/weekly-ad.md "Home page preview"): this
 * week's ad cards of the home store's ad page in a row that scrolls sideways (keyboard too: the
 * list is focusable; without JavaScript a plain scrollable row), previous/next buttons with
 * JavaScript, skeleton cards while the cards load, the "no weekly ads" message when there are none.
 */
export function WeeklyAdPreview({ preview }: { preview: WeeklyAdPreviewData }) {
  const id = useId();
  const nonce = useNonce();
  const hydrated = useHydrated();
  const fetched = useFetchedCards(preview.state === 'loading' ? preview.page : null);
  const changing = useChangingStore();
  const shown = preview.state === 'ready' ? preview : fetched;
  const row = useRowScroller(AD_CARD_WIDTH, shown);
  // The ad's dates: the first card's (this week's cards share them).
  const dates = shown?.cards.find((c) => c.dates)?.dates ?? '';
  // A card's internal link opens in the app (one handler for the row, not a Link per card).
  const openLink = useDelegatedLinks('data-internal-link');
  const trackId = `${id}-cards`;
  return (
    <SliderFrame
      className={styles.section}
      titleId="weekly-ad-preview-title"
      title="Weekly Ad"
      link={
        <WeeklyAdLink link={preview.link} className={sliderLink}>
          See the full weekly ad
        </WeeklyAdLink>
      }
      controls={
        hydrated && shown?.cards.length ? (
          <StepButtons
            controls={trackId}
            previous="Previous weekly ad items"
            next="Next weekly ad items"
            onStep={row.step}
            atStart={row.edges.start}
            atEnd={row.edges.end}
            look="outline"
          />
        ) : null
      }
      controlsTestId="weekly-ad-preview-controls"
      withControls
      data-testid="weekly-ad-preview"
      data-state={shown ? 'ready' : 'loading'}
    >
      {preview.store || dates ? (
        <p className={styles.whose} data-testid="weekly-ad-preview-store">
          {preview.store ? `This week’s ad at ${preview.store.name}` : null}
          {preview.store && dates ? ' · ' : null}
          {dates}
        </p>
      ) : null}
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
        <CardRow
          ref={row.trackRef}
          id={trackId}
          label="This week's weekly ad items"
          slotClassName={styles.item}
          items={shown.cards.map((card, i) => ({
            key: `${i}-${card.id}`,
            card: (
              <AdCardView
                card={card}
                imageBase={shown.imageBase}
                link={preview.link}
                store={preview.store?.name ?? null}
              />
            ),
          }))}
          // Dimmed while a newly chosen home store's cards load.
          busy={changing}
          onScroll={hydrated ? row.measure : undefined}
          onClick={openLink}
        />
      )}
      <noscript>
        <style nonce={nonce} dangerouslySetInnerHTML={{ __html: NO_SCRIPT_CSS }} />
      </noscript>
    </SliderFrame>
  );
}
