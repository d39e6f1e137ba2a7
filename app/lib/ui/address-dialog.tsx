import { Link, useNavigate } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import type { ChakraDialogProps } from './chakra-dialog';
import { LazyDialog } from './lazy-dialog';

export interface AddressDialogProps {
  title: string;
  /** Where closing goes: the page's address without the dialog's query parameter. */
  closeTo: string;
  /** After closing (with JavaScript): e.g. the focus back on the link that opened it. */
  onClosed?: () => void;
  /** The dialog (with JavaScript): its box, placement and close buttons (./chakra-dialog). */
  dialog: Omit<ChakraDialogProps, 'open' | 'onOpenChange' | 'title' | 'children' | 'before'>;
  /** Before the dialog's header (e.g. a Back button), given the dialog's own close. */
  before?: (close: () => void) => ReactNode;
  /** The section (without JavaScript): its classes, heading id, test id and close link's text. */
  section: {
    className: string;
    titleId: string;
    titleClassName: string;
    testId?: string;
    closeText: string;
    closeClassName: string;
  };
  /** What the dialog shows. */
  children: ReactNode;
  /** What the section shows instead, where it differs (links in place of tabs). */
  staticChildren?: ReactNode;
}

/**
 * A dialog that the page's address opens (`?offerCode=`, `?coupon=`, `?details=`), so a link,
 * a reload and the back button all work. With JavaScript: a dialog whose code loads when it
 * first opens; closing it (Escape, its buttons, the backdrop) replaces the address with
 * `closeTo` without moving the page. Without JavaScript: the same address shows the contents as
 * a section with a heading and a link that closes it.
 */
export function AddressDialog({
  title,
  closeTo,
  onClosed,
  dialog,
  before,
  section,
  children,
  staticChildren = children,
}: AddressDialogProps) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  if (!hydrated) {
    return (
      <section
        className={section.className}
        aria-labelledby={section.titleId}
        data-testid={section.testId}
      >
        <h2 id={section.titleId} className={section.titleClassName}>
          {title}
        </h2>
        {staticChildren}
        <Link to={closeTo} className={section.closeClassName}>
          {section.closeText}
        </Link>
      </section>
    );
  }
  const close = () => {
    navigate(closeTo, { replace: true, preventScrollReset: true });
    onClosed?.();
  };
  return (
    <LazyDialog
      {...dialog}
      open
      onOpenChange={(open) => {
        if (!open) close();
      }}
      title={title}
      before={before?.(close)}
    >
      {children}
    </LazyDialog>
  );
}
