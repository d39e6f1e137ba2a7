import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { isSubmitting } from '~/lib/form-kit/submitting';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import { SIGNUP_DIALOG_WIDTH, SIGNUP_TITLES } from './messages';
import { SignupForm } from './signup-form';
import { signupReply, type SignupSetup } from './types';

const styles = {
  page: sx({ maxW: `${SIGNUP_DIALOG_WIDTH + 40}px`, mx: 'auto', px: '4', py: '10' }),
  card: sx({ borderWidth: '1px', borderRadius: 'l3', p: { base: '5', md: '8' }, bg: 'bg' }),
  heading: sxRecipe('heading', { size: '2xl' }, { mb: '4' }),
};

/**
 * A sign-up form on a page of its own (/newsletter, /newsletter/ace, /newsletter/pharmacy): what
 * a shopper without JavaScript gets from the footer or a content page's link. The footer's post
 * (`intent=start`) lands here with its address filled in; the form's own post shows its result
 * here.
 */
export function SignupPage() {
  const { setup } = useLoaderData<{ setup: SignupSetup }>();
  const reply = signupReply(useActionData());
  const pending = isSubmitting(useNavigation(), { formAction: setup.action });
  const start = reply?.intent === 'start' ? reply.email : undefined;
  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="signup-heading">
        <h1 id="signup-heading" className={styles.heading}>
          {SIGNUP_TITLES[setup.variant]}
        </h1>
        <SignupForm
          // The footer's address arrives with a post: a new form with it filled in.
          key={start ?? ''}
          setup={setup}
          Form={Form}
          reply={reply?.intent === 'subscribe' ? reply : null}
          pending={pending}
          defaultEmail={start}
          idPrefix="page-"
        />
      </section>
    </div>
  );
}
