import { getFormProps } from '@conform-to/react';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { loginHref } from '~/lib/session/login-href';
import { accountPageStyles as styles } from '~/accounts/account-page-styles';
import { WAIT_MESSAGES, WaitDialog } from '~/accounts/wait-dialog';
import { PostBody } from '~/content/post-body';
import { ClientOnly } from 'remix-utils/client-only';
import { termsAction, termsLoader } from '~/accounts/terms.server';
import { CheckboxField } from '~/lib/form-kit/checkbox-field';
import { FormAlert } from '~/lib/form-kit/form-alert';
import { SubmitButton } from '~/lib/form-kit/submit-button';
import { isSubmitting } from '~/lib/form-kit/submitting';
import { useSchemaForm } from '~/lib/form-kit/use-schema-form';
import { termsSchema } from '~/accounts/schemas';
import { pageMeta } from '~/lib/meta';

export async function loader({ context }: LoaderFunctionArgs) {
  return termsLoader(context);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return termsAction(request, context);
}

export { headers } from '~/lib/http/cache.server';

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  pageMeta(matches, data?.document?.title ?? 'Terms and Conditions');

export default function AccountTermsPage() {
  const { document, signedIn, pending, notice } = useLoaderData<typeof loader>();
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{document?.title ?? 'Terms and Conditions'}</h1>
      {notice ? <FormAlert status="success" errors={[notice]} /> : null}
      {document ? (
        <section className={styles.card} aria-label="Terms and conditions text">
          {/* Scrollable: focusable so it can be scrolled with the keyboard (axe scrollable-region-focusable). */}
          {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
          <div className={styles.document} tabIndex={0}>
            <PostBody html={document.html} />
          </div>
        </section>
      ) : null}
      {signedIn ? (
        // Remounted when the state changes, so the checkbox starts from the new state.
        <TermsForm key={pending ? 'pending' : 'accepted'} pending={pending} />
      ) : (
        <p className={styles.muted}>
          <Link to={loginHref('/account/terms')} className={styles.back}>
            Log in to accept the terms for your account
          </Link>
        </p>
      )}
    </div>
  );
}

function TermsForm({ pending }: { pending: boolean }) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const submitting = isSubmitting(navigation, { formAction: '/account/terms' });
  const [form, fields] = useSchemaForm(termsSchema, {
    id: 'terms',
    lastResult: actionData?.result,
    defaultValue: pending ? undefined : { acceptTerms: 'on' },
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
  });
  return (
    <section className={styles.card} aria-labelledby="terms-accept-heading">
      <h2 id="terms-accept-heading" className={styles.muted}>
        {pending
          ? 'Please review and accept the current terms.'
          : 'You have accepted the current terms.'}
      </h2>
      <Form method="post" {...getFormProps(form)} className={styles.stack}>
        <FormAlert id={form.errorId} errors={form.errors} />
        <CheckboxField
          meta={fields.acceptTerms}
          label={
            <>
              I agree to the <a href="/account/terms">terms and conditions</a> and the{' '}
              <a href="/account/privacy">privacy policy</a>.
            </>
          }
          inputProps={pending ? undefined : { disabled: true }}
        />
        <SubmitButton
          className={styles.submit}
          pending={submitting}
          disabled={!pending}
          pendingLabel="Updating…"
        >
          Update Terms Conditions &gt;
        </SubmitButton>
      </Form>
      <ClientOnly>
        {() => <WaitDialog open={submitting} message={WAIT_MESSAGES.terms} />}
      </ClientOnly>
    </section>
  );
}
