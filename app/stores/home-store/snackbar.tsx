import { useFetcher } from '@remix-run/react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import {
  HOME_STORE_ACTION,
  HOME_STORE_FIELDS,
  HOME_STORE_INTENTS,
  HOME_STORE_REPLY_DATA,
  HOME_STORE_REPLY_FIELD,
  nowHomeStoreMessage,
  nowShoppingAtMessage,
  STORE_NOTICE_MS,
  type HomeStoreSaveReply,
  type StoreNotice,
} from '~/stores/home-store/home-store';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import {
  snackbarErrorText,
  SnackbarView as SnackbarBox,
  useSnackbar,
  type SnackbarBoxProps,
} from '~/lib/ui/snackbar';
import { noticeBarStyle, srOnly } from '~/lib/ui/styles';
import { shouldSaveOnSwitch } from './snackbar-logic';
import { HomeStoreSwitch } from './switch';

const styles = {
  // Without JavaScript: a plain status message under the header.
  status: sx(noticeBarStyle),
  statusError: sx({ color: 'fg.error', fontWeight: 'semibold' }),
  statusForm: sx({ mt: '2' }),
  statusButton: sxRecipe('button', { variant: 'outline', size: 'xs' }),
};

/** The lines of a notice: where the shopper now shops, then the save's result. */
function noticeLines(notice: StoreNotice): { text: string; error?: boolean }[] {
  return [
    { text: nowShoppingAtMessage(notice.name) },
    ...(notice.saved ? [{ text: nowHomeStoreMessage(notice.name) }] : []),
    ...(notice.error ? [{ text: notice.error, error: true }] : []),
  ];
}

/**
 * The store notice after a home-store post ('Now shopping at {store}.'), rendered once by
 * the shell right after the header, so Tab from the store chooser reaches it.
 *
 * With JavaScript: a snackbar for STORE_NOTICE_MS (3000 ms), announced through a polite live
 * region that is in the page before any message arrives. It stays while the pointer is over it
 * or the focus is in it, and Escape or its close button closes it. For a shopper whose saved
 * store differs (offerSave) it holds the 'Make this my home store' switch; turning it on saves
 * the store at once (a fetcher post; skipped when empty or unchanged), so a reload or a typed
 * address right after already shows it, and the snackbar then says the result. Closing the
 * snackbar saves nothing.
 *
 * Without JavaScript: the same words as a plain status message in the page, with a button that
 * saves the store when the switch would be offered.
 */
export function HomeStoreSnackbar(props: {
  notice: StoreNotice | null;
  /** The signed-in shopper's saved store (null: none, or a guest). */
  savedStoreNumber: string | null;
  /** Current path and search: where a save without JavaScript returns to. */
  redirectTo: string;
}) {
  const hydrated = useHydrated();
  if (hydrated) return <Snackbar {...props} />;
  if (!props.notice) return null;
  // Only a browser without JavaScript shows it: with JavaScript the snackbar takes over.
  return (
    <noscript>
      <StoreNoticeStatus notice={props.notice} redirectTo={props.redirectTo} />
    </noscript>
  );
}

/** The notice as a status message in the page (no timer): the page without JavaScript. */
export function StoreNoticeStatus({
  notice,
  redirectTo,
}: {
  notice: StoreNotice;
  redirectTo: string;
}) {
  return (
    <div className={styles.status} data-testid="store-notice">
      <div role="status">
        {noticeLines(notice).map((line) => (
          <p key={line.text} className={line.error ? styles.statusError : undefined}>
            {line.text}
          </p>
        ))}
      </div>
      {notice.offerSave ? (
        <form method="post" action={HOME_STORE_ACTION} className={styles.statusForm}>
          <input type="hidden" name={HOME_STORE_FIELDS.intent} value={HOME_STORE_INTENTS.save} />
          <input type="hidden" name={HOME_STORE_FIELDS.storeNumber} value={notice.storeNumber} />
          <input type="hidden" name={HOME_STORE_FIELDS.redirectTo} value={redirectTo} />
          <button type="submit" className={styles.statusButton}>
            Make this my home store
            <span className={srOnly}>: {notice.name}</span>
          </button>
        </form>
      ) : null}
    </div>
  );
}

/** What the snackbar shows: a store notice, or the result of a save. */
export type SnackbarItem =
  | { kind: 'notice'; notice: StoreNotice }
  | { kind: 'result'; text: string; error: boolean };

function Snackbar({
  notice,
  savedStoreNumber,
  redirectTo,
}: {
  notice: StoreNotice | null;
  savedStoreNumber: string | null;
  redirectTo: string;
}) {
  const [item, setItem] = useState<SnackbarItem | null>(null);
  const [switchOn, setSwitchOn] = useState(false);
  const fetcher = useFetcher<HomeStoreSaveReply>();
  const busy = fetcher.state !== 'idle';

  // A notice from the root loader (the document, or the data after a post) opens it once, with
  // the switch off.
  useEffect(() => {
    if (!notice) return;
    setItem({ kind: 'notice', notice });
    setSwitchOn(false);
  }, [notice]);

  // The save's result, once it is back: it replaces the notice and its switch.
  const reply = fetcher.state === 'idle' ? fetcher.data : undefined;
  useEffect(() => {
    if (!reply || reply.status === 'skipped') return;
    setItem(
      reply.status === 'failed'
        ? { kind: 'result', text: reply.message, error: true }
        : { kind: 'result', text: nowHomeStoreMessage(reply.name), error: false },
    );
  }, [reply]);

  /** Turning the switch on saves the notice's store now (once: it stays on while pending). */
  const onSwitch = (on: boolean) => {
    if (busy || item?.kind !== 'notice') return;
    setSwitchOn(on);
    const storeNumber = item.notice.storeNumber;
    if (!shouldSaveOnSwitch(on, storeNumber, savedStoreNumber)) return;
    fetcher.submit(
      {
        [HOME_STORE_FIELDS.intent]: HOME_STORE_INTENTS.save,
        [HOME_STORE_FIELDS.storeNumber]: storeNumber,
        [HOME_STORE_FIELDS.redirectTo]: redirectTo,
        [HOME_STORE_REPLY_FIELD]: HOME_STORE_REPLY_DATA,
      },
      { method: 'post', action: HOME_STORE_ACTION },
    );
  };

  // Each message gets its own STORE_NOTICE_MS (the shared snackbar's timer and keys).
  const { close, box } = useSnackbar(item, {
    durationMs: STORE_NOTICE_MS,
    onClose: () => setItem(null),
  });

  return (
    <SnackbarView
      item={item}
      switchOn={switchOn || busy}
      busy={busy}
      onSwitch={onSwitch}
      onClose={close}
      box={box}
    />
  );
}

/**
 * The snackbar as drawn for a message (or closed: null): its live region is always there, and
 * empty while closed. `box` (useSnackbar's) holds it open while hovered or focused.
 */
export function SnackbarView({
  item,
  switchOn,
  busy = false,
  onSwitch,
  onClose,
  box,
}: {
  item: SnackbarItem | null;
  switchOn: boolean;
  /** The save is on its way: the switch stays on and cannot be turned off. */
  busy?: boolean;
  onSwitch: (on: boolean) => void;
  onClose: () => void;
  box?: Partial<SnackbarBoxProps>;
}) {
  let message: ReactNode = null;
  if (item?.kind === 'notice') {
    message = noticeLines(item.notice).map((line) => (
      <span key={line.text} className={line.error ? snackbarErrorText : undefined}>
        {line.text}
      </span>
    ));
  } else if (item) {
    message = <span className={item.error ? snackbarErrorText : undefined}>{item.text}</span>;
  }
  return (
    <SnackbarBox
      open={item !== null}
      message={message}
      actions={
        item?.kind === 'notice' && item.notice.offerSave ? (
          <SnackbarSwitch
            checked={switchOn}
            busy={busy}
            onChange={onSwitch}
            store={item.notice.name}
          />
        ) : null
      }
      onClose={onClose}
      testId="home-store-snackbar"
      box={box}
    />
  );
}

function SnackbarSwitch({
  checked,
  busy,
  onChange,
  store,
}: {
  checked: boolean;
  busy: boolean;
  onChange: (on: boolean) => void;
  store: string;
}) {
  const id = useId();
  return (
    <span aria-busy={busy || undefined} data-testid="home-store-snackbar-switch">
      <HomeStoreSwitch
        id={id}
        checked={checked}
        locked={busy}
        onChange={(event) => onChange(event.currentTarget.checked)}
        tone="dark"
        description={`Saves ${store} as your home store.`}
      />
      {busy ? <span className={srOnly}>Saving</span> : null}
    </span>
  );
}
