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
import type { WeeklyAdPageData } from './page-data';
import { useAdViewerMessages } from './use-ad-viewer-messages';
import { AD_VIEWER_UNAVAILABLE_MESSAGE } from './weekly-ad-messages';

/** Where a store chosen in the frame brings the page: the ad of the (new) home store. */
export const WEEKLY_AD_PATH = '/weekly-ad';

const styles = {
  // Phones: edge to edge (the page's padding given back); wider: a framed box.
  slot: sx({ mx: { base: '-4', md: '0' }, minW: '0' }),
  frame: sx({
    display: 'block',
    w: 'full',
    h: '80vh',
    minH: '600px',
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
 * The ad viewer's page in a frame (docs/reference/weekly-ad.md "`/weekly-ad`"), tall (80vh, at
 * least 600 px) and the width of the page. Its two messages (a sign-in, a store change), honoured
 * only from the ad viewer's origin and this frame:
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
    <div className={styles.slot}>
      <iframe
        key={data.frame.src}
        ref={frame}
        src={data.frame.src}
        title={data.frame.title}
        className={styles.frame}
        data-testid="ad-viewer-frame"
        // Not fetched until the page has rendered with its stylesheet, which gives the frame its
        // size (no layout shift). Fetched from the markup, the viewer's small page could
        // arrive first and be laid out in a frame not sized yet (0×0, or 300×150 when the page is
        // laid out before its stylesheet comes), then reflow when the frame got its size: a shift
        // inside the frame, which Lighthouse counts in the page's CLS. The frame is on screen, so
        // it still loads right after the first paint; without JavaScript browsers load it at once.
        loading="lazy"
        // The viewer's own scripts and forms, nothing over our page (no top navigation).
        sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox"
        referrerPolicy="strict-origin-when-cross-origin"
      />
    </div>
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
