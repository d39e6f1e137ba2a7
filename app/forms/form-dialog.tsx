import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { Link, useFetcher, useLocation } from '@remix-run/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { isSubmitting } from '~/lib/forms/submitting';
import { formPath } from '~/lib/forms/upload-limits';
import { formReply, type FormSetup } from './types';

/** The dialog's width on wider screens (the spec leaves the ad-request dialog's contents open). */
export const FORM_DIALOG_WIDTH = 560;

/*
 * The form's code (conform, zod and the field controls) is not part of every page's first
 * JavaScript: it loads when the browser is idle after hydration, or when the dialog is first
 * asked for, as the e-mail sign-up's does (app/newsletter/signup-dialog.tsx).
 */
type FormModule = typeof import('./content-form');
let formModule: FormModule | null = null;
let loading: Promise<FormModule> | null = null;

function loadFormModule(): Promise<FormModule> {
  loading ??= import('./content-form').then(
    (m) => (formModule = m),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

function preloadFormModule(): () => void {
  if (formModule) return () => undefined;
  const preload = () => void loadFormModule().catch(() => undefined);
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(preload, { timeout: 3000 });
    return () => cancelIdleCallback(id);
  }
  const timer = setTimeout(preload, 300);
  return () => clearTimeout(timer);
}

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
 * A menu item that opens a content form (the footer's "Advertise with us", spec site-shell §2
 * Footer: "An ad-request dialog opens from the footer menu"). Without JavaScript it is a link to
 * the form's own page; with JavaScript a button that loads the form (its fields and a freshly
 * signed bot check, from /forms/<slug>) and shows it in a dialog. Focus moves into the dialog
 * and back to the button; Escape and the close button close it; a sent form goes to its success
 * page, which closes the dialog.
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
  const ContentForm = formModule?.ContentForm;
  const reply = setup ? formReply(poster.data, setup.form.slug) : null;

  useEffect(() => (hydrated ? preloadFormModule() : undefined), [hydrated]);
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
    loadFormModule().then(
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
        data-testid={`form-dialog-button-${slug}`}
      >
        {children}
      </button>
      <Dialog.Root
        open={open && ContentForm !== undefined && setup !== null}
        onOpenChange={(e) => setOpen(e.open)}
        onExitComplete={() => setOpening((n) => n + 1)}
        finalFocusEl={() => button.current}
        placement={{ base: 'top', sm: 'center' }}
        scrollBehavior="inside"
        lazyMount
        unmountOnExit
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content
              maxW={{ base: 'full', sm: `${FORM_DIALOG_WIDTH}px` }}
              w="full"
              mx={{ base: '0', sm: '4' }}
              my={{ base: '0', sm: '16' }}
              // A phone gets the whole screen (the form scrolls inside it).
              minH={{ base: '100dvh', sm: 'auto' }}
              maxH={{ base: '100dvh', sm: 'calc(100% - 8rem)' }}
              borderRadius={{ base: '0', sm: 'l3' }}
              colorPalette="brand"
              data-testid={`form-dialog-${slug}`}
            >
              <Dialog.Header>
                <Dialog.Title>{setup?.form.title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body pb="6">
                {ContentForm && setup ? (
                  <ContentForm
                    setup={setup}
                    Form={poster.Form}
                    submit={poster.submit}
                    lastResult={reply?.result ?? null}
                    pending={isSubmitting(poster)}
                    idPrefix="dialog-"
                  />
                ) : null}
              </Dialog.Body>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close" />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );
}
