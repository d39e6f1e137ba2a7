import { Link, useFetcher, useLocation } from '@remix-run/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { isSubmitting } from '~/lib/form-kit/submitting';
import { formPath } from '~/lib/form-kit/upload-limits';
import { lazyModule } from '~/lib/ui/lazy-module';
import { formReply, type FormSetup } from './types';

/** The dialog's width on wider screens (the ad-request dialog's contents are the form's own). */
export const FORM_DIALOG_WIDTH = 560;

/*
 * The dialog's code (Chakra's dialog, and the form with conform, zod and the field controls) is
 * not among the page's first scripts: it loads when a pointer or focus reaches the button that
 * opens it, or at the latest when the dialog is asked for, as the e-mail sign-up's does
 * (app/newsletter/signup-dialog.tsx).
 */
const view = lazyModule(() => import('./form-dialog-view'));
const preloadView = () => void view.load().catch(() => undefined);

function setupOf(value: unknown): FormSetup | null {
  const setup = (value as { setup?: FormSetup } | null | undefined)?.setup;
  return setup && typeof setup === 'object' && 'form' in setup ? setup : null;
}

export interface FormDialogLinkProps {
  /** The form's slug (the menu item's `form`). */
  slug: string;
  /** Where the link goes without JavaScript, and when the form's code fails to load. */
  to: string;
  className?: string;
  children: ReactNode;
}

/**
 * A menu item that opens a content form (the footer's "Advertise with us": an ad-request dialog
 * opens from the footer menu, docs/reference/shell.md "Footer"). Without
 * JavaScript it is a link to the form's own page; with JavaScript a button that loads the form (its
 * fields and a freshly signed bot check, from /forms/<slug>) and shows it in a dialog. Focus moves
 * into the dialog and back to the button; Escape and the close button close it; a sent form goes to
 * its success page, which closes the dialog.
 */
export function FormDialogLink({ slug, to, className, children }: FormDialogLinkProps) {
  const hydrated = useHydrated();
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [opening, setOpening] = useState(0);
  const loader = useFetcher({ key: `form-dialog-load-${slug}` });
  const poster = useFetcher({ key: `form-dialog-post-${slug}-${opening}` });
  const location = useLocation();
  const setup = setupOf(loader.data);
  const View = view.current?.FormDialogView;
  const reply = setup ? formReply(poster.data, setup.form.slug) : null;

  // A sent form lands on its success page: the dialog has done its work.
  useEffect(() => setOpen(false), [location.key]);

  if (!hydrated) {
    return (
      <Link to={to} className={className}>
        {children}
      </Link>
    );
  }

  const onOpen = () => {
    // The form's own page's data; a fresh bot-check stamp for every opening.
    loader.load(formPath(slug));
    view.load().then(
      () => setOpen(true),
      () => window.location.assign(to),
    );
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        className={className}
        aria-haspopup="dialog"
        onClick={onOpen}
        onPointerEnter={preloadView}
        onFocus={preloadView}
        data-testid={`form-dialog-button-${slug}`}
      >
        {children}
      </button>
      {View ? (
        <View
          open={open && setup !== null}
          onOpenChange={setOpen}
          onExitComplete={() => setOpening((n) => n + 1)}
          finalFocusEl={() => button.current}
          width={FORM_DIALOG_WIDTH}
          title={setup?.form.title}
          testId={`form-dialog-${slug}`}
          form={
            setup
              ? {
                  setup,
                  Form: poster.Form,
                  submit: poster.submit,
                  lastResult: reply?.result ?? null,
                  pending: isSubmitting(poster),
                  idPrefix: 'dialog-',
                }
              : null
          }
        />
      ) : null}
    </>
  );
}
