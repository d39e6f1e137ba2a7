import {
  useCallback,
  useEffect,
  useRef,
  type FocusEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import { CloseIcon } from './icons';
import { createAutoHide, type AutoHide } from './snackbar-logic';
import { iconButtonStyle, srOnly } from './styles';

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
    borderRadius: { base: '0', md: 'l2' },
    shadow: 'lg',
  }),
  // A message of several sentences (one span each) reads as one paragraph.
  message: sx({ flex: '1', minW: '12rem', fontWeight: 'medium', '& > span + span': { ms: '1' } }),
  close: sxRecipe(
    'button',
    { variant: 'ghost', size: 'sm' },
    {
      ...iconButtonStyle,
      color: 'white',
      _hover: { bg: 'whiteAlpha.200' },
      _focusVisible: { outline: '2px solid', outlineColor: 'white', outlineOffset: '2px' },
    },
  ),
};

/** Text on the snackbar's dark box that says something went wrong. */
export const snackbarErrorText = sx({ color: 'red.200' });

/** What the snackbar's box listens to: the pointer and the focus hold it open. */
export interface SnackbarBoxProps {
  boxRef: RefObject<HTMLDivElement>;
  onMouseEnter: () => void;
  onMouseLeave: () => void;
  onFocus: (event: FocusEvent<HTMLDivElement>) => void;
  onBlur: (event: FocusEvent<HTMLDivElement>) => void;
}

/**
 * The behaviour of a snackbar showing `item` (null: closed). Each new item gets its own
 * `durationMs`, held while the pointer is over the box or the focus is in it (it never vanishes
 * while focused), and counted on from where it paused. Escape closes it wherever the focus is,
 * except inside a dialog (which Escape closes instead). Closing with the focus inside sends the
 * focus back where it came from (or to the page's main region), then calls `onClose`, whose
 * latest version is used.
 */
export function useSnackbar(
  item: unknown,
  { durationMs, onClose }: { durationMs: number; onClose: () => void },
): { close: () => void; box: SnackbarBoxProps } {
  const boxRef = useRef<HTMLDivElement>(null);
  const autoHide = useRef<AutoHide | null>(null);
  const hovered = useRef(false);
  /** Where the focus was before it entered the snackbar (it goes back there on closing). */
  const focusBefore = useRef<HTMLElement | null>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  const close = useCallback(() => {
    const focused = document.activeElement;
    if (boxRef.current && focused && boxRef.current.contains(focused)) {
      const back = focusBefore.current;
      if (back?.isConnected) back.focus();
      else document.getElementById('main')?.focus();
    }
    focusBefore.current = null;
    onCloseRef.current();
  }, []);

  useEffect(() => {
    if (!item) return;
    const timer = createAutoHide(durationMs, close);
    if (hovered.current) timer.hold('hover');
    if (boxRef.current?.contains(document.activeElement)) timer.hold('focus');
    timer.start();
    autoHide.current = timer;
    return () => timer.stop();
  }, [item, durationMs, close]);

  useEffect(() => {
    if (!item) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest('[role="dialog"],[role="alertdialog"]')) return;
      close();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [item, close]);

  return {
    close,
    box: {
      boxRef,
      onMouseEnter: () => {
        hovered.current = true;
        autoHide.current?.hold('hover');
      },
      onMouseLeave: () => {
        hovered.current = false;
        autoHide.current?.release('hover');
      },
      onFocus: (event) => {
        const from = event.relatedTarget;
        if (!(from instanceof Node && boxRef.current?.contains(from))) {
          focusBefore.current = from instanceof HTMLElement ? from : null;
        }
        autoHide.current?.hold('focus');
      },
      onBlur: (event) => {
        const to = event.relatedTarget;
        if (to instanceof Node && boxRef.current?.contains(to)) return;
        autoHide.current?.release('focus');
      },
    },
  };
}

/**
 * A snackbar as drawn: a dark box at the bottom with the message, the caller's own controls
 * (`actions`) and a close button. Its polite live region is in the page before any message
 * arrives (so the first one is announced) and stays, empty and out of sight, while closed.
 */
export function SnackbarView({
  open,
  message,
  actions,
  onClose,
  testId,
  box,
}: {
  open: boolean;
  message: ReactNode;
  /** Controls between the message and the close button (shown only while open). */
  actions?: ReactNode;
  onClose: () => void;
  testId: string;
  /** useSnackbar's `box`; a server render or a test may leave it out. */
  box?: Partial<SnackbarBoxProps>;
}) {
  const { boxRef, ...handlers } = box ?? {};
  return (
    <div
      ref={boxRef}
      // Closed, it keeps only the (empty) live region, out of sight.
      className={open ? styles.box : srOnly}
      data-testid={testId}
      data-open={open ? 'true' : undefined}
      {...handlers}
    >
      <p role="status" aria-live="polite" aria-atomic="true" className={styles.message}>
        {open ? message : null}
      </p>
      {open ? actions : null}
      {open ? (
        <button type="button" className={styles.close} onClick={onClose} aria-label="Close">
          <CloseIcon />
        </button>
      ) : null}
    </div>
  );
}
