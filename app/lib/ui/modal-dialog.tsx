import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import type { SystemStyleObject } from '@chakra-ui/react';
import { sxRecipe, sxSlotRecipe } from '~/lib/theme/static-css';
import { iconButtonStyle } from './styles';

/** Chakra's centred medium dialog (its recipe's slots), on the browser's own <dialog>. */
const variants = {
  size: 'md',
  placement: 'center',
  scrollBehavior: 'outside',
  motionPreset: 'scale',
};

type Slot = 'positioner' | 'content' | 'header' | 'title' | 'body' | 'footer';

/**
 * A class for one part of the dialog, the recipe's styles merged with `styles` (which win, as
 * Chakra's style props do over its recipe). Declare it at module level, like any static style.
 */
export function dialogSlot(slot: Slot, styles?: SystemStyleObject): string {
  return sxSlotRecipe('dialog', slot, variants, styles);
}

export const modalDialogStyles = {
  /** The <dialog> element is the positioner; its ::backdrop is Chakra's backdrop. */
  positioner: dialogSlot('positioner', {
    maxW: 'none',
    maxH: 'none',
    m: '0',
    p: '0',
    borderWidth: '0',
    bg: 'transparent',
    color: 'inherit',
    // The recipe's display: flex would otherwise show the closed <dialog> (author styles win).
    '&:not([open])': { display: 'none' },
    '&::backdrop': { bg: 'blackAlpha.500', animationName: 'fade-in', animationDuration: 'slow' },
  }),
  content: dialogSlot('content'),
  header: dialogSlot('header'),
  title: dialogSlot('title'),
  body: dialogSlot('body'),
  footer: dialogSlot('footer'),
  /** Chakra's small <CloseButton> (a ghost icon button) where its close trigger sits. */
  closeTrigger: sxRecipe(
    'button',
    { variant: 'ghost', size: 'sm' },
    { ...iconButtonStyle, pos: 'absolute', top: '2', insetEnd: '2' },
  ),
};

/** Locks the page's scrolling under the dialog, keeping the scrollbar's room (no shift). */
function lockScroll(): () => void {
  const body = document.body;
  const gap = window.innerWidth - document.documentElement.clientWidth;
  const before = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
  body.style.overflow = 'hidden';
  if (gap > 0) body.style.paddingRight = `${gap}px`;
  return () => {
    body.style.overflow = before.overflow;
    body.style.paddingRight = before.paddingRight;
  };
}

/**
 * A modal dialog on the browser's <dialog> (showModal), for a piece that opens by itself on page
 * load (the popup post), where loading Chakra's dialog would put its runtime among the page's
 * first work. The browser gives what Chakra's dialog gives: the rest of the page inert, focus
 * moved to the first control inside and returned on close, Escape to close, the dialog role
 * (named by `labelledBy`); a press on the backdrop closes it too, and the page under it does
 * not scroll. Renders its content only while open; needs JavaScript (render it once hydrated).
 */
export function ModalDialog({
  open,
  onOpenChange,
  labelledBy,
  className,
  testId,
  role,
  dismissible = true,
  children,
}: {
  open: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Id of the dialog's title. */
  labelledBy: string;
  /** The content box's class (dialogSlot('content', …)); the recipe's own by default. */
  className?: string;
  testId?: string;
  role?: 'alertdialog';
  /**
   * false: neither Escape nor the backdrop closes it (a wait that ends with what it waits for);
   * the owner closes it.
   */
  dismissible?: boolean;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useShownWhileOpen(ref, open);
  useDismissal(ref, { open, onOpenChange, dismissible });

  return (
    <dialog
      ref={ref}
      className={modalDialogStyles.positioner}
      aria-labelledby={labelledBy}
      role={role}
    >
      {open ? (
        <div
          className={className ?? modalDialogStyles.content}
          data-state="open"
          data-testid={testId}
        >
          {children}
        </div>
      ) : null}
    </dialog>
  );
}

/** Shows the <dialog> as a modal (page scroll locked) while `open`, and closes it after. */
function useShownWhileOpen(ref: RefObject<HTMLDialogElement>, open: boolean) {
  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const unlock = lockScroll();
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    return () => {
      if (dialog.open) dialog.close();
      unlock();
    };
  }, [ref, open]);
}

/**
 * Escape, the browser closing it and a press on the backdrop: the owner is told (dismissible),
 * or the dialog stays. Reads the latest props, so the listeners are added once.
 */
function useDismissal(
  ref: RefObject<HTMLDialogElement>,
  props: { open: boolean; onOpenChange?: (open: boolean) => void; dismissible: boolean },
) {
  const latest = useRef(props);
  latest.current = props;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // Escape (or the browser) closed it while the page still has it open: tell the owner, or
    // (not dismissible) show it again.
    const onClose = () => {
      const { open, dismissible, onOpenChange } = latest.current;
      if (!open) return;
      if (dismissible) onOpenChange?.(false);
      else if (typeof dialog.showModal === 'function') dialog.showModal();
    };
    const onCancel = (event: Event) => {
      if (!latest.current.dismissible) event.preventDefault();
    };
    // The <dialog> fills the screen around the content: a press on it is one on the backdrop.
    const onPointerDown = (event: PointerEvent) => {
      if (event.target === dialog && latest.current.dismissible)
        latest.current.onOpenChange?.(false);
    };
    dialog.addEventListener('close', onClose);
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('pointerdown', onPointerDown);
    return () => {
      dialog.removeEventListener('close', onClose);
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('pointerdown', onPointerDown);
    };
  }, [ref]);
}
