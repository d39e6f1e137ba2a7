import { useFetcher, useLocation, useNavigate } from '@remix-run/react';
import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { CLIP_LOGIN_MESSAGE } from './messages';
import { loginHref, type LoginReason } from '~/lib/session/login-href';

export { loginHref, type LoginReason };
import { LOGIN_INTENTS } from './intents';
import { isSubmitting } from '~/lib/form-kit/submitting';
import { keepFocusOnPress, loginPaneStyles } from './login-pane-styles';
import type { LoginActionData, LoginPane } from './login-panes';
import { lazyModule } from '~/lib/ui/lazy-module';

/*
 * The dialog's code (Chakra's dialog, and the panes with their forms, conform and zod) is not
 * among the page's first scripts: it loads when a pointer or the keyboard reaches a Log In link
 * (the dialog is for wide screens, where that comes before the click) or at the latest when the
 * dialog is asked for, and the dialog opens once it is there, with its title and fields in place.
 */
const view = lazyModule(() => import('./login-dialog-view'));

/**
 * The header's login dialog (docs/reference/accounts.md "Log in"): 475 wide, the same three panes
 * as /login, posting to the /login action with a fetcher and staying on the page (the action
 * redirects back to it, which reloads the shell with the shopper). On narrow screens and without
 * JavaScript the header's Log In is a plain link to /login instead.
 */

/** Dialog width and the narrowest viewport that gets the dialog instead of /login. */
export const LOGIN_DIALOG_WIDTH = 475;
export const LOGIN_DIALOG_MIN_VIEWPORT = 600;
/** Delay before a closed dialog forgets its pane, values and message. */
export const LOGIN_DIALOG_RESET_MS = 200;

export interface OpenLoginOptions {
  /** Why the shopper is asked to log in ('clip': 'You must log in to clip coupons.'). */
  reason?: LoginReason;
}

interface LoginDialogApi {
  /**
   * Opens the dialog, or (narrow screen, or no dialog on this page) goes to /login with the
   * reason and the current page to come back to.
   */
  open(options?: OpenLoginOptions): void;
  /** Whether a click on a /login link should open the dialog instead. */
  usesDialog(): boolean;
  /** Starts loading the dialog's code (a pointer or focus on a Log In link): it opens at once. */
  preload(): void;
}

const LoginDialogContext = createContext<LoginDialogApi | null>(null);

/** The login dialog of the shell; null outside it (e.g. an error page without the shell). */
export function useLoginDialog(): LoginDialogApi | null {
  return useContext(LoginDialogContext);
}

function wideEnough(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.matchMedia(`(min-width: ${LOGIN_DIALOG_MIN_VIEWPORT}px)`).matches
  );
}

/** Pages whose own form is the login form: the header links there instead of opening a dialog. */
function isAuthPath(pathname: string): boolean {
  return /\/(login|register|reset-password)(\/|$)/.test(pathname);
}

export function LoginDialogProvider({
  enabled,
  messageHtml,
  subtitle,
  children,
}: {
  /** A guest with JavaScript: the dialog exists. */
  enabled: boolean;
  messageHtml: string | null;
  subtitle: string | null;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<LoginReason | undefined>(undefined);
  const location = useLocation();
  const navigate = useNavigate();
  const returnTo = location.pathname + location.search;
  const dialogAvailable = enabled && !isAuthPath(location.pathname);

  // Logged in (or the dialog left the page): closed, so a later logout does not reopen it.
  useEffect(() => {
    if (!dialogAvailable) setOpen(false);
  }, [dialogAvailable]);

  // One api object for the page's life: consumers (every coupon card's Log In link) do not
  // re-render when the dialog becomes available at hydration, so the page's markup, hydrated
  // after the shell (site-shell.tsx), is not forced to hydrate at once by a context change.
  const latest = useRef({ dialogAvailable, navigate, returnTo });
  latest.current = { dialogAvailable, navigate, returnTo };
  const api = useMemo<LoginDialogApi>(() => {
    const usesDialog = () => latest.current.dialogAvailable && wideEnough();
    return {
      usesDialog,
      preload() {
        if (usesDialog()) void view.load().catch(() => undefined);
      },
      open(options = {}) {
        const { navigate, returnTo } = latest.current;
        if (usesDialog()) {
          const show = () => {
            setReason(options.reason);
            setOpen(true);
          };
          // Not loaded (yet, or the network failed): open when it is, or use /login.
          if (view.current) show();
          else view.load().then(show, () => navigate(loginHref(returnTo, options.reason)));
        } else {
          navigate(loginHref(returnTo, options.reason));
        }
      },
    };
  }, []);

  return (
    <LoginDialogContext.Provider value={api}>
      {children}
      {dialogAvailable ? (
        <LoginDialog
          open={open}
          onOpenChange={setOpen}
          reason={reason}
          onReasonCleared={() => setReason(undefined)}
          messageHtml={messageHtml}
          subtitle={subtitle}
          returnTo={returnTo}
        />
      ) : null}
    </LoginDialogContext.Provider>
  );
}

function LoginDialog({
  open,
  onOpenChange,
  reason,
  onReasonCleared,
  messageHtml,
  subtitle,
  returnTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  reason: LoginReason | undefined;
  onReasonCleared: () => void;
  messageHtml: string | null;
  subtitle: string | null;
  returnTo: string;
}) {
  const fetcher = useFetcher<LoginActionData>({ key: 'login-dialog' });
  const [pane, setPane] = useState<LoginPane>('login');
  // Bumped to remount the panes with empty values; answers older than the reset are ignored.
  const [generation, setGeneration] = useState(0);
  const staleData = useRef<unknown>(undefined);
  const data = fetcher.data !== staleData.current ? fetcher.data : undefined;

  useEffect(() => {
    if (data?.done && data.intent === LOGIN_INTENTS.resetRequest) setPane('sent');
  }, [data]);

  // Closing: after 200 ms the form is reset, errors cleared and the pane returns to 1; the message
  // is cleared too, so a reopened dialog starts clean.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open || !wasOpen.current) {
      wasOpen.current = open;
      return;
    }
    wasOpen.current = false;
    const timer = setTimeout(() => {
      staleData.current = fetcher.data;
      setPane('login');
      setGeneration((g) => g + 1);
      onReasonCleared();
    }, LOGIN_DIALOG_RESET_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the dialog closes
  }, [open]);

  const styles = loginPaneStyles;
  const View = view.current?.LoginDialogView;
  const switchTo = (next: LoginPane) => () => setPane(next);
  if (!View) return null;

  return (
    <View
      open={open}
      onOpenChange={onOpenChange}
      width={LOGIN_DIALOG_WIDTH}
      panesKey={generation}
      panes={{
        pane,
        Form: fetcher.Form,
        idPrefix: 'dialog-',
        actionData: data,
        pending: {
          login: isSubmitting(fetcher, { intent: LOGIN_INTENTS.login }),
          reset: isSubmitting(fetcher, { intent: LOGIN_INTENTS.resetRequest }),
        },
        address: '',
        redirectTo: returnTo,
        reason: reason === 'clip' ? CLIP_LOGIN_MESSAGE : null,
        messageHtml,
        subtitle,
        notice: null,
        nav: {
          forgot: (
            <button
              type="button"
              className={styles.link}
              onClick={switchTo('reset')}
              {...keepFocusOnPress}
            >
              Forgot Password?
            </button>
          ),
          back: (
            <button
              type="button"
              className={styles.link}
              onClick={switchTo('login')}
              {...keepFocusOnPress}
            >
              Back
            </button>
          ),
        },
      }}
    />
  );
}

/**
 * Props for a /login link that opens the dialog where it can (wide screen, JavaScript); without
 * JavaScript, or on a narrow screen, it is a plain link.
 */
export function useLoginLinkProps(reason?: LoginReason) {
  const dialog = useLoginDialog();
  const preload = () => dialog?.preload();
  return {
    onPointerEnter: preload,
    onFocus: preload,
    onClick(event: { preventDefault(): void; metaKey?: boolean; ctrlKey?: boolean }) {
      if (!dialog || event.metaKey || event.ctrlKey || !dialog.usesDialog()) return;
      event.preventDefault();
      dialog.open({ reason });
    },
  };
}
