import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { useFetcher } from '@remix-run/react';
import { useState } from 'react';
import { isSubmitting } from '~/lib/forms/submitting';
import { PHARMACY_DIALOG_WIDTH, SIGNUP_DIALOG_WIDTH, SIGNUP_TITLES } from './messages';
import { signupReply, type SignupSetup } from './types';

/*
 * The form (conform, zod and the field controls) is not part of the page's first JavaScript: it
 * loads when the browser is idle after hydration, or when a dialog is first asked for, and the
 * dialog opens once it is there (at once in practice), with its fields in place.
 */
type FormModule = typeof import('./signup-form');
let formModule: FormModule | null = null;
let loading: Promise<FormModule> | null = null;

/** Loads the form's module once; a failed load may be tried again. */
export function loadSignupForm(): Promise<FormModule> {
  loading ??= import('./signup-form').then(
    (m) => (formModule = m),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Preloads the form when the browser is idle (call from an effect once hydrated). */
export function preloadSignupForm(): () => void {
  if (formModule) return () => undefined;
  const preload = () => void loadSignupForm().catch(() => undefined);
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(preload, { timeout: 3000 });
    return () => cancelIdleCallback(id);
  }
  const timer = setTimeout(preload, 300);
  return () => clearTimeout(timer);
}

export interface SignupDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  setup: SignupSetup;
  /** The address the footer carried over. */
  defaultEmail?: string;
  /** Where focus goes back to when the dialog closes (the button that opened it). */
  finalFocusEl?: () => HTMLElement | null;
}

/**
 * A sign-up form in a dialog (spec §2 Newsletter dialogs, §9): 500 wide for the footer's, 450 for
 * the pharmacy's, the whole width of a phone. Its form posts to the site's action with a fetcher
 * and shows the answer in place. Focus moves into the dialog and back to its opener; Escape and
 * the close button close it. Each opening starts afresh: a new form, and a new fetcher (so the
 * last opening's answer is not shown again).
 */
export function SignupDialog({
  open,
  onOpenChange,
  setup,
  defaultEmail,
  finalFocusEl,
}: SignupDialogProps) {
  const [opening, setOpening] = useState(0);
  const fetcher = useFetcher({ key: `newsletter-${setup.variant}-${opening}` });
  const reply = signupReply(fetcher.data);
  const width = setup.variant === 'pharmacy' ? PHARMACY_DIALOG_WIDTH : SIGNUP_DIALOG_WIDTH;
  const SignupForm = formModule?.SignupForm;

  return (
    <Dialog.Root
      open={open && SignupForm !== undefined}
      onOpenChange={(e) => onOpenChange(e.open)}
      onExitComplete={() => setOpening((n) => n + 1)}
      finalFocusEl={finalFocusEl}
      placement={{ base: 'top', sm: 'center' }}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content
            maxW={{ base: 'full', sm: `${width}px` }}
            w="full"
            mx={{ base: '0', sm: '4' }}
            my={{ base: '0', sm: '16' }}
            borderRadius={{ base: '0', sm: 'l3' }}
            colorPalette="brand"
            data-testid={`newsletter-dialog-${setup.variant}`}
          >
            <Dialog.Header>
              <Dialog.Title>{SIGNUP_TITLES[setup.variant]}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="6">
              {SignupForm ? (
                <SignupForm
                  setup={setup}
                  Form={fetcher.Form}
                  reply={reply?.intent === 'subscribe' ? reply : null}
                  pending={isSubmitting(fetcher)}
                  defaultEmail={defaultEmail}
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
  );
}
