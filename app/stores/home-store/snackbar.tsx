import { useFetcher } from '@remix-run/react';
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import {
  HOME_STORE_ACTION,
  HOME_STORE_FIELDS,
  HOME_STORE_INTENTS,
  HOME_STORE_REPLY_DATA,
  HOME_STORE_REPLY_FIELD,
  nowHomeStoreMessage,
  nowShoppingAtMessage,
  SAVE_HOME_STORE_DELAY_MS,
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
import { createPendingSave, shouldSaveOnClose, type PendingSave } from './snackbar-logic';
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
 * store differs (offerSave) it holds the 'Make this my home store' switch; closing with the
 * switch on saves the store SAVE_HOME_STORE_DELAY_MS later, skipped when empty or unchanged,
 * and the snackbar then says the result.
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
  const submit = useRef(fetcher.submit);
  submit.current = fetcher.submit;
  const pending = useRef<PendingSave | null>(null);
  const returnTo = useRef(redirectTo);
  returnTo.current = redirectTo;

  // A notice from the root loader (the document, or the data after a post) opens it once. One
  // it replaces counts as closed: its switch, if on, still saves.
  useEffect(() => {
    if (!notice) return;
    settleRef.current();
    setItem({ kind: 'notice', notice });
    setSwitchOn(false);
  }, [notice]);

  // The pending save (500 ms), sent through the fetcher (a navigation meanwhile does not
  // cancel it); cancelled only when the shell goes.
  useEffect(() => {
    const save = createPendingSave(SAVE_HOME_STORE_DELAY_MS, (storeNumber) =>
      submit.current(
        {
          [HOME_STORE_FIELDS.intent]: HOME_STORE_INTENTS.save,
          [HOME_STORE_FIELDS.storeNumber]: storeNumber,
          [HOME_STORE_FIELDS.redirectTo]: returnTo.current,
          [HOME_STORE_REPLY_FIELD]: HOME_STORE_REPLY_DATA,
        },
        { method: 'post', action: HOME_STORE_ACTION },
      ),
    );
    pending.current = save;
    return () => save.cancel();
  }, []);

  // The save's result, once it is back.
  const reply = fetcher.state === 'idle' ? fetcher.data : undefined;
  useEffect(() => {
    if (!reply || reply.status === 'skipped') return;
    setItem(
      reply.status === 'failed'
        ? { kind: 'result', text: reply.message, error: true }
        : { kind: 'result', text: nowHomeStoreMessage(reply.name), error: false },
    );
  }, [reply]);

  /** A notice closing with the switch on saves its store (after the pending delay). */
  const settle = useCallback(() => {
    if (
      item?.kind === 'notice' &&
      shouldSaveOnClose(switchOn, item.notice.storeNumber, savedStoreNumber)
    ) {
      pending.current?.schedule(item.notice.storeNumber);
    }
  }, [item, switchOn, savedStoreNumber]);
  const settleRef = useRef(settle);
  settleRef.current = settle;

  // Each message gets its own STORE_NOTICE_MS (the shared snackbar's timer and keys).
  const { close, box } = useSnackbar(item, {
    durationMs: STORE_NOTICE_MS,
    onClose: () => {
      settle();
      setItem(null);
    },
  });

  return (
    <SnackbarView
      item={item}
      switchOn={switchOn}
      onSwitch={setSwitchOn}
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
  onSwitch,
  onClose,
  box,
}: {
  item: SnackbarItem | null;
  switchOn: boolean;
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
          <SnackbarSwitch checked={switchOn} onChange={onSwitch} store={item.notice.name} />
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
  onChange,
  store,
}: {
  checked: boolean;
  onChange: (on: boolean) => void;
  store: string;
}) {
  const id = useId();
  return (
    <HomeStoreSwitch
      id={id}
      checked={checked}
      onChange={(event) => onChange(event.currentTarget.checked)}
      tone="dark"
      description={`Saves ${store} as your home store when this message closes.`}
    />
  );
}
