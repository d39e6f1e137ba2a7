import { useRef, useState, type FormEvent } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import { columnThenRowStyle } from '~/lib/ui/styles';
import { SIGNUP_ACTIONS, START_INTENT } from './messages';
import { loadSignupForm, preloadSignupForm, SignupDialog } from './signup-dialog';
import type { SignupSetup } from './types';

const styles = {
  section: sx({
    ...columnThenRowStyle('stretch', 'flex-end'),
    justifyContent: 'space-between',
    gap: '4',
    pb: '8',
    mb: '8',
    borderBottomWidth: '1px',
    borderColor: 'currentColor/30',
  }),
  heading: sxRecipe('heading', { size: 'md' }, { mb: '1' }),
  lead: sx({ fontSize: 'sm' }),
  form: sx({
    display: 'flex',
    flexDirection: 'column',
    gap: '1',
    w: { base: 'full', md: '28rem' },
  }),
  label: sx({ fontSize: 'sm', fontWeight: 'medium' }),
  row: sx({ display: 'flex', gap: '2' }),
  input: sxRecipe(
    'input',
    { size: 'md', variant: 'outline' },
    { bg: 'white', color: 'gray.900', borderColor: 'white', flex: '1', minW: '0' },
  ),
  button: sxRecipe(
    'button',
    { size: 'md', variant: 'outline' },
    {
      color: 'inherit',
      borderColor: 'currentColor',
      flexShrink: 0,
      _hover: { bg: 'white/15' },
      focusRingColor: 'currentColor',
    },
  ),
};

/**
 * The footer's e-mail sign-up (docs/reference/newsletter.md "What the shopper sees"): an address
 * and a button. With JavaScript the button opens the sign-up dialog with the address carried over,
 * and the footer's field is cleared once the dialog closes. Without JavaScript it posts the address
 * to the sign-up page, which answers with the whole form filled in (the address never goes into a
 * URL).
 */
export function FooterSignup({ setup }: { setup: SignupSetup | null }) {
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const dialog = hydrated && setup !== null;

  const preload = dialog ? preloadSignupForm : undefined;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!dialog) return;
    event.preventDefault();
    const form = event.currentTarget;
    const value = input.current?.value.trim() ?? '';
    loadSignupForm().then(
      () => {
        setEmail(value);
        setOpen(true);
      },
      // The form's code did not load (offline): the page without a dialog does the same.
      () => form.submit(),
    );
  };

  return (
    // Not a labelled region: the footer is the landmark, the heading names this part.
    <div className={styles.section}>
      <div>
        <h2 className={styles.heading}>Sign Up for Email Offers</h2>
        <p className={styles.lead}>Weekly deals, new coupons and recipes in your inbox.</p>
      </div>
      <form
        method="post"
        action={setup?.action ?? SIGNUP_ACTIONS.standard}
        className={styles.form}
        onSubmit={onSubmit}
        noValidate
        data-testid="footer-signup-form"
      >
        <input type="hidden" name="intent" value={START_INTENT} />
        <label htmlFor="footer-signup-email" className={styles.label}>
          E-mail address
        </label>
        <div className={styles.row}>
          <input
            ref={input}
            id="footer-signup-email"
            name="email"
            type="email"
            autoComplete="email"
            maxLength={254}
            className={styles.input}
            onFocus={preload}
          />
          <button
            ref={button}
            type="submit"
            className={styles.button}
            aria-haspopup={dialog ? 'dialog' : undefined}
            onPointerEnter={preload}
            onFocus={preload}
          >
            Sign Up
          </button>
        </div>
      </form>
      {dialog ? (
        <SignupDialog
          open={open}
          onOpenChange={(next) => {
            setOpen(next);
            if (!next && input.current) input.current.value = '';
          }}
          setup={setup}
          defaultEmail={email}
          finalFocusEl={() => button.current}
        />
      ) : null}
    </div>
  );
}
