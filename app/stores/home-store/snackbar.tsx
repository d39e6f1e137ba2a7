import { useFetcher } from '@remix-run/react';
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEventHandler,
  type MouseEventHandler,
  type ReactNode,
  type RefObject,
} from 'react';
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
import { CloseIcon } from '~/lib/ui/icons';
import { iconButtonStyle, srOnly } from '~/lib/ui/styles';
import {
  createAutoHide,
  createPendingSave,
  shouldSaveOnClose,
  type AutoHide,
  type PendingSave,
} from './snackbar-logic';
import { HomeStoreSwitch } from './switch';

const focusRing = {
  outline: '2px solid',
  outlineColor: 'white',
  outlineOffset: '2px',
} as const;

const styles = {
  // Phones: the whole width at the bottom; wider screens: a card centred at the bottom.
  box: sx({
    position: 'fixed',
    zIndex: 'toast',
    bottom: { base: '0', md: '4' },
    insetX: { base: '0', md: 'auto' },
    left: { md: '50%' },
    transform: { md: 'translateX(-50%)' },
    w: { base: 'full', md: 'auto' },
    maxW: { md: 'xl' },
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: '3',
    px: '4',
    py: '3',
    bg: 'gray.900',
    color: 'white',
    // Told apart from a dark bar under it (the cookie notice).
    borderWidth: '1px',
    borderColor: 'gray.600',
    borderTopRadius: { base: '0', md: 'l2' },
    borderBottomRadius: { base: '0', md: 'l2' },
    shadow: 'lg',
  }),
  message: sx({ flex: '1', minW: '12rem', fontWeight: 'medium', '& > span + span': { ms: '1' } }),
  error: sx({ color: 'red.200' }),
  close: sxRecipe(
    'button',
    { variant: 'ghost', size: 'sm' },
    {
      ...iconButtonStyle,
      color: 'white',
      _hover: { bg: 'whiteAlpha.200' },
      _focusVisible: focusRing,
    },
  ),
  // Without JavaScript: a plain status message under the header.
  status: sx({
    bg: 'brand.subtle',
    borderBottomWidth: '1px',
    px: '4',
    py: '3',
    textAlign: 'center',
    '& p': { m: 0 },
  }),
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
 * The store notice after a home-store post (spec §4 'Now shopping at {store}.'), rendered once by
 * the shell right after the header, so Tab from the store chooser reaches it.
 *
 * With JavaScript: a snackbar for STORE_NOTICE_MS (spec §9), announced through a polite live
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
  const box = useRef<HTMLDivElement>(null);
  const autoHide = useRef<AutoHide | null>(null);
  const hovered = useRef(false);
  /** Where the focus was before it entered the snackbar (it goes back there on closing). */
  const focusBefore = useRef<HTMLElement | null>(null);
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

  // The pending save (spec: 500 ms), sent through the fetcher (a navigation meanwhile does not
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

  const close = useCallback(() => {
    settle();
    const focused = document.activeElement;
    if (box.current && focused && box.current.contains(focused)) {
      const back = focusBefore.current;
      if (back?.isConnected) back.focus();
      else document.getElementById('main')?.focus();
    }
    focusBefore.current = null;
    setItem(null);
  }, [settle]);
  const closeRef = useRef(close);
  closeRef.current = close;

  // Each message gets its own STORE_NOTICE_MS, held while hovered or focused.
  useEffect(() => {
    if (!item) return;
    const timer = createAutoHide(STORE_NOTICE_MS, () => closeRef.current());
    if (hovered.current) timer.hold('hover');
    if (box.current?.contains(document.activeElement)) timer.hold('focus');
    timer.start();
    autoHide.current = timer;
    return () => timer.stop();
  }, [item]);

  // Escape closes it wherever the focus is, except inside a dialog (which Escape closes).
  useEffect(() => {
    if (!item) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest('[role="dialog"],[role="alertdialog"]')) return;
      closeRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [item]);

  return (
    <SnackbarView
      boxRef={box}
      item={item}
      switchOn={switchOn}
      onSwitch={setSwitchOn}
      onClose={close}
      onMouseEnter={() => {
        hovered.current = true;
        autoHide.current?.hold('hover');
      }}
      onMouseLeave={() => {
        hovered.current = false;
        autoHide.current?.release('hover');
      }}
      onFocus={(event) => {
        const from = event.relatedTarget;
        if (!(from instanceof Node && box.current?.contains(from))) {
          focusBefore.current = from instanceof HTMLElement ? from : null;
        }
        autoHide.current?.hold('focus');
      }}
      onBlur={(event) => {
        const to = event.relatedTarget;
        if (to instanceof Node && box.current?.contains(to)) return;
        autoHide.current?.release('focus');
      }}
    />
  );
}

/**
 * The snackbar as drawn for a message (or closed: null): its live region is always there, and
 * empty while closed. The handlers hold it open while hovered or focused.
 */
export function SnackbarView({
  boxRef,
  item,
  switchOn,
  onSwitch,
  onClose,
  ...handlers
}: {
  boxRef?: RefObject<HTMLDivElement>;
  item: SnackbarItem | null;
  switchOn: boolean;
  onSwitch: (on: boolean) => void;
  onClose: () => void;
  onMouseEnter?: MouseEventHandler<HTMLDivElement>;
  onMouseLeave?: MouseEventHandler<HTMLDivElement>;
  onFocus?: FocusEventHandler<HTMLDivElement>;
  onBlur?: FocusEventHandler<HTMLDivElement>;
}) {
  let message: ReactNode = null;
  if (item?.kind === 'notice') {
    message = noticeLines(item.notice).map((line) => (
      <span key={line.text} className={line.error ? styles.error : undefined}>
        {line.text}
      </span>
    ));
  } else if (item) {
    message = <span className={item.error ? styles.error : undefined}>{item.text}</span>;
  }
  return (
    <div
      ref={boxRef}
      // Closed, it keeps only the (empty) live region, out of sight.
      className={item ? styles.box : srOnly}
      data-testid="home-store-snackbar"
      data-open={item ? 'true' : undefined}
      {...handlers}
    >
      <p role="status" aria-live="polite" aria-atomic="true" className={styles.message}>
        {message}
      </p>
      {item?.kind === 'notice' && item.notice.offerSave ? (
        <SnackbarSwitch checked={switchOn} onChange={onSwitch} store={item.notice.name} />
      ) : null}
      {item ? (
        <button type="button" className={styles.close} onClick={onClose} aria-label="Close">
          <CloseIcon />
        </button>
      ) : null}
    </div>
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
