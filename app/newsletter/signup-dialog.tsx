import { useFetcher } from '@remix-run/react';
import { useState } from 'react';
import { isSubmitting } from '~/lib/form-kit/submitting';
import { lazyModule } from '~/lib/ui/lazy-module';
import { PHARMACY_DIALOG_WIDTH, SIGNUP_DIALOG_WIDTH, SIGNUP_TITLES } from './messages';
import { signupReply, type SignupSetup } from './types';

/*
 * The dialog's code (Chakra's dialog, and the form with conform, zod and the field controls) is
 * not among the page's first scripts: it loads when the shopper heads for the button that opens
 * it (a pointer over it, or focus on it or on the footer's field), or at the latest when the
 * dialog is asked for, and the dialog opens once it is there, with its fields in place.
 */
const view = lazyModule(() => import('./signup-dialog-view'));

/** Loads the dialog's module once; a failed load may be tried again. */
export function loadSignupForm(): Promise<unknown> {
  return view.load();
}

/** Starts loading the dialog's module (on a sign of intent); errors wait for the real open. */
export function preloadSignupForm(): void {
  void view.load().catch(() => undefined);
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
 * A sign-up form in a dialog (docs/reference/newsletter.md "What the shopper sees"): 500 wide for
 * the footer's, 450 for the pharmacy's, the whole width of a phone. Its form posts to the site's
 * action with a fetcher and shows the answer in place. Focus moves into the dialog and back to its
 * opener; Escape and the close button close it. Each opening starts afresh: a new form, and a new
 * fetcher (so the last opening's answer is not shown again).
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
  const View = view.current?.SignupDialogView;
  if (!View) return null;

  return (
    <View
      open={open}
      onOpenChange={onOpenChange}
      onExitComplete={() => setOpening((n) => n + 1)}
      finalFocusEl={finalFocusEl}
      width={width}
      title={SIGNUP_TITLES[setup.variant]}
      testId={`newsletter-dialog-${setup.variant}`}
      form={{
        setup,
        Form: fetcher.Form,
        reply: reply?.intent === 'subscribe' ? reply : null,
        pending: isSubmitting(fetcher),
        defaultEmail,
        idPrefix: 'dialog-',
      }}
    />
  );
}
