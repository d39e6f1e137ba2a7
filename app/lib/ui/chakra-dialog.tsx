import {
  CloseButton,
  Dialog,
  Portal,
  type DialogBodyProps,
  type DialogContentProps,
  type DialogRootProps,
} from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { ChakraScope } from '~/lib/theme/chakra-scope';

export interface ChakraDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Root options (placement, scrollBehavior, size…). */
  root?: Omit<DialogRootProps, 'children' | 'open' | 'onOpenChange'>;
  /** Content box props (style props, className, data-testid…). */
  content?: DialogContentProps & { 'data-testid'?: string };
  /** Before the header, inside the box (e.g. a Back button). */
  before?: ReactNode;
  title: ReactNode;
  body?: DialogBodyProps & { 'data-testid'?: string };
  children: ReactNode;
  /** A footer button that closes the dialog: its text and class. */
  footerClose?: { label: string; className: string };
  /** The corner close button's accessible name; none without it. */
  closeLabel?: string;
}

/**
 * The box of a form dialog: `width` wide from the small breakpoint up, the phone's full width
 * (square corners, no margin) below it. Placed at the top on a phone, centred above.
 */
export function responsiveDialogBox(
  width: number,
  testId: string,
): DialogContentProps & { 'data-testid': string } {
  return {
    maxW: { base: 'full', sm: `${width}px` },
    w: 'full',
    mx: { base: '0', sm: '4' },
    my: { base: '0', sm: '16' },
    borderRadius: { base: '0', sm: 'l3' },
    colorPalette: 'brand',
    'data-testid': testId,
  };
}
export const RESPONSIVE_DIALOG_PLACEMENT: DialogRootProps['placement'] = {
  base: 'top',
  sm: 'center',
};

/**
 * A Chakra dialog with a header, a body and optional footer and corner close buttons: the shape
 * of the site's page dialogs (coupon details, rewards dialogs, documents). Loaded on demand with
 * the Chakra runtime by ./lazy-dialog, never among a page's first scripts.
 */
export function ChakraDialog({
  open,
  onOpenChange,
  root,
  content,
  before,
  title,
  body,
  children,
  footerClose,
  closeLabel,
}: ChakraDialogProps) {
  return (
    <ChakraScope>
      <Dialog.Root {...root} open={open} onOpenChange={(e) => onOpenChange(e.open)}>
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content {...content}>
              {before}
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body {...body}>{children}</Dialog.Body>
              {footerClose ? (
                <Dialog.Footer>
                  <Dialog.ActionTrigger asChild>
                    <button type="button" className={footerClose.className}>
                      {footerClose.label}
                    </button>
                  </Dialog.ActionTrigger>
                </Dialog.Footer>
              ) : null}
              {closeLabel ? (
                <Dialog.CloseTrigger asChild>
                  <CloseButton size="sm" aria-label={closeLabel} />
                </Dialog.CloseTrigger>
              ) : null}
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </ChakraScope>
  );
}

export interface FormDialogShellProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After the closing animation: the opener starts the next opening afresh. */
  onExitComplete: () => void;
  /** Where focus goes back to when the dialog closes (the button that opened it). */
  finalFocusEl?: () => HTMLElement | null;
  width: number;
  title: string | undefined;
  testId: string;
  /** A phone gets the whole screen and the form scrolls inside it (a long form). */
  fullScreenOnPhone?: boolean;
  children: ReactNode;
}

/**
 * The dialog around a form opened from a page (a content form, an e-mail sign-up): `width`
 * wide, the phone's full width (responsiveDialogBox), mounted when first opened and unmounted
 * once closed so each opening starts with a fresh form; focus moves in and back to its opener,
 * and Escape and the corner button close it.
 */
export function FormDialogShell({
  open,
  onOpenChange,
  onExitComplete,
  finalFocusEl,
  width,
  title,
  testId,
  fullScreenOnPhone = false,
  children,
}: FormDialogShellProps) {
  return (
    <ChakraDialog
      open={open}
      onOpenChange={onOpenChange}
      root={{
        onExitComplete,
        finalFocusEl,
        placement: RESPONSIVE_DIALOG_PLACEMENT,
        ...(fullScreenOnPhone ? { scrollBehavior: 'inside' as const } : {}),
        lazyMount: true,
        unmountOnExit: true,
      }}
      content={{
        ...responsiveDialogBox(width, testId),
        ...(fullScreenOnPhone
          ? {
              minH: { base: '100dvh', sm: 'auto' },
              maxH: { base: '100dvh', sm: 'calc(100% - 8rem)' },
            }
          : {}),
      }}
      title={title}
      body={{ pb: '6' }}
      closeLabel="Close"
    >
      {children}
    </ChakraDialog>
  );
}
