import { Link } from '@remix-run/react';
import { useRef, useState } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import { loadSignupForm, preloadSignupForm, SignupDialog } from './signup-dialog';
import type { PageSignup as PageSignupKind } from '~/content/source/types';
import type { SignupSetup } from './types';

const styles = {
  box: sx({
    borderWidth: '1px',
    borderRadius: 'l3',
    p: '5',
    my: '8',
    bg: 'brand.subtle',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: '3',
  }),
  heading: sxRecipe('heading', { size: 'md' }),
  button: sxRecipe('button', { size: 'md', variant: 'solid' }, { colorPalette: 'brand' }),
};

const WORDING = {
  pharmacy: {
    heading: 'Pharmacy updates by e-mail',
    lead: 'Health tips, immunization clinics and pharmacy news, now and then. Choose your store and age range.',
    button: 'Sign Up for Pharmacy Updates',
  },
  ace: {
    heading: 'Hardware offers by e-mail',
    lead: 'Seasonal offers, new arrivals and workshop dates from the hardware counter at your store.',
    button: 'Sign Up for Email Offers',
  },
} as const;

/**
 * The sign-up a content page hosts (front matter `signup: pharmacy | ace`): a button opening the
 * dialog with JavaScript, a link to the same form on its own page without (carrying the
 * pre-selected store).
 */
export function PageSignup({ setup }: { setup: SignupSetup & { variant: PageSignupKind } }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const words = WORDING[setup.variant];

  const href = setup.selectedStore
    ? `${setup.action}?${new URLSearchParams({ store: setup.selectedStore })}`
    : setup.action;
  return (
    <section className={styles.box} aria-labelledby="page-signup-heading">
      <h2 id="page-signup-heading" className={styles.heading}>
        {words.heading}
      </h2>
      <p>{words.lead}</p>
      {hydrated ? (
        <>
          <button
            ref={button}
            type="button"
            className={styles.button}
            aria-haspopup="dialog"
            onPointerEnter={preloadSignupForm}
            onFocus={preloadSignupForm}
            onClick={() =>
              void loadSignupForm().then(
                () => setOpen(true),
                // The form's code did not load (offline): its own page instead.
                () => window.location.assign(href),
              )
            }
          >
            {words.button}
          </button>
          <SignupDialog
            open={open}
            onOpenChange={setOpen}
            setup={setup}
            finalFocusEl={() => button.current}
          />
        </>
      ) : (
        <Link to={href} className={styles.button}>
          {words.button}
        </Link>
      )}
    </section>
  );
}
