import { useFetcher, useLocation, useNavigate } from '@remix-run/react';
import { useCallback, useRef } from 'react';
import { useLoginDialog } from '~/accounts/login-dialog';
import {
  HOME_STORE_ACTION,
  HOME_STORE_FIELDS,
  HOME_STORE_INTENTS,
} from '~/stores/home-store/home-store';
import { loginHref } from '~/lib/session/login-href';
import { sx } from '~/lib/theme/static-css';
import { storeForPage, type AdViewerMessage } from './ad-messages';
import { WEEKLY_AD_PATH } from './preview';
import type { WeeklyAdPageData } from './page-data';
import { useAdViewerMessages } from './use-ad-viewer-messages';
import { AD_VIEWER_UNAVAILABLE_MESSAGE } from './weekly-ad-messages';

/** Where a store chosen in the frame brings the page: the ad of the (new) home store. */
export { WEEKLY_AD_PATH };

/**
 * Whether a browser can show a closed <details>' content (`::details-content`): where it can, wide
 * screens show the frame always and hide the disclosure's button; elsewhere the button stays.
 */
export const DETAILS_CONTENT = '@supports selector(::details-content)';

const styles = {
  // Phones: a disclosure whose button opens the frame (the text version is the phone's main
  // view, so a swipe never gets caught in the frame's own scrolling). Wide screens: always open,
  // and as tall as the text column beside it, so the frame can stay in view (sticky) while the
  // shopper reads down the text: no blank column under it.
  disclosure: sx({
    minW: '0',
    alignSelf: { base: 'start', lg: 'stretch' },
    [DETAILS_CONTENT]: {
      lg: {
        '&::details-content': { contentVisibility: 'visible', display: 'block', height: 'full' },
        '& > summary': { display: 'none' },
      },
    },
  }),
  summary: sx({
    display: 'flex',
    alignItems: 'center',
    gap: '2',
    cursor: 'pointer',
    px: '4',
    py: '3',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'l2',
    bg: 'bg.subtle',
    fontWeight: 'medium',
    color: 'brand.fg',
    _focusVisible: { outline: '2px solid', outlineColor: 'brand.solid', outlineOffset: '2px' },
  }),
  summaryHint: sx({ fontWeight: 'normal', fontSize: 'sm', color: 'fg.muted' }),
  // Phones: edge to edge (the page's padding given back), below the disclosure's button.
  slot: sx({
    mx: { base: '-4', md: '0' },
    mt: { base: '3', lg: '0' },
    minW: '0',
    position: { lg: 'sticky' },
    top: { lg: '4' },
  }),
  frame: sx({
    display: 'block',
    w: 'full',
    // Phones: shorter than the screen, so the page around it can always be scrolled.
    h: { base: '75vh', lg: 'calc(100vh - 2rem)' },
    minH: { lg: '600px' },
    borderWidth: { base: '0', md: '1px' },
    borderYWidth: '1px',
    borderColor: 'border',
    borderRadius: { base: '0', md: 'l2' },
    bg: 'bg',
  }),
  unavailable: sx({
    px: '4',
    py: '6',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'l2',
    bg: 'bg.subtle',
  }),
};

/**
 * The ad viewer's page in a frame (docs/reference/weekly-ad.md "`/weekly-ad`"): on a phone behind
 * a disclosure ('See the ad page by page', a <details>, no script needed) under which the text
 * version is the main view; on a wide screen always shown, beside the text version, as tall as
 * the window and kept in view while the text scrolls. Its two messages (a sign-in, a store
 * change), honoured only from the ad viewer's origin and this frame:
 * - store-changed: the store whose ad page it names becomes the home store through the
 *   /home-store action (the same rules as everywhere: 'Now shopping at {store}.' and the 'Make
 *   this my home store' switch), and the page then shows that store's ad;
 * - sign-in: a guest is asked to log in (the login dialog, else /login) and comes back here,
 *   where the frame then carries the shopper's token.
 * The frame is a new element for each address, so a change of store adds no entry to the
 * browser's history (changing an iframe's src would).
 */
export function AdFrame({ data }: { data: WeeklyAdPageData }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const onMessage = useAdViewerActions(data);
  useAdViewerMessages(frame, data.viewerOrigin, onMessage);
  if (!data.frame) {
    return (
      <p className={styles.unavailable} data-testid="ad-viewer-unavailable">
        {AD_VIEWER_UNAVAILABLE_MESSAGE}
      </p>
    );
  }
  return (
    <details className={styles.disclosure} data-testid="ad-viewer">
      <summary className={styles.summary} data-testid="ad-viewer-toggle">
        See the ad page by page <span className={styles.summaryHint}>(the flyer)</span>
      </summary>
      <div className={styles.slot}>
        <iframe
          key={data.frame.src}
          ref={frame}
          src={data.frame.src}
          title={data.frame.title}
          className={styles.frame}
          data-testid="ad-viewer-frame"
          // Not fetched until shown (a phone's closed disclosure never fetches it), and on a wide
          // screen not until the page has rendered with its stylesheet, which gives the frame
          // its size (no layout shift): fetched from the markup, the viewer's small page could
          // arrive first and be laid out in a frame not sized yet, then reflow when the frame got
          // its size, a shift that Lighthouse counts in the page's CLS. Without JavaScript
          // browsers load it at once.
          loading="lazy"
          // The viewer's own scripts and forms, nothing over our page (no top navigation).
          sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox"
          referrerPolicy="strict-origin-when-cross-origin"
        />
      </div>
    </details>
  );
}

/** What the page does with each message the frame may send. */
function useAdViewerActions(data: WeeklyAdPageData) {
  const fetcher = useFetcher({ key: 'weekly-ad-store' });
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLoginDialog();
  const { stores, store: shown, homeStoreNumber, signedIn } = data;
  const submit = fetcher.submit;

  return useCallback(
    (message: AdViewerMessage) => {
      if (message.type === 'sign-in') {
        // A shopper is signed in already (a viewer without their token asks anyway): nothing.
        if (signedIn) return;
        if (login) login.open();
        else navigate(loginHref(location.pathname + location.search));
        return;
      }
      const store = storeForPage(stores, message.page);
      if (!store) return;
      if (store.storeNumber === homeStoreNumber) {
        // Unchanged (skipped); show its ad if another store's is on the page.
        if (shown?.storeNumber !== store.storeNumber) navigate(WEEKLY_AD_PATH);
        return;
      }
      if (!store.canChoose) {
        // Not a store the home selector offers: show its ad, the home store stays.
        navigate(`${WEEKLY_AD_PATH}?location=${encodeURIComponent(store.storeNumber)}`);
        return;
      }
      // The action answers with a redirect here, which the fetcher follows: the page, the
      // header and the snackbar then show the new home store.
      submit(
        {
          [HOME_STORE_FIELDS.intent]: HOME_STORE_INTENTS.choose,
          [HOME_STORE_FIELDS.storeNumber]: store.storeNumber,
          [HOME_STORE_FIELDS.redirectTo]: WEEKLY_AD_PATH,
        },
        { method: 'post', action: HOME_STORE_ACTION },
      );
    },
    [stores, shown, homeStoreNumber, signedIn, login, navigate, location, submit],
  );
}
