import { getFormProps } from '@conform-to/react';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useLocation,
  useNavigation,
} from '@remix-run/react';
import { RESET_EXPIRED_MESSAGE, RESET_RESENT_MESSAGE } from '~/accounts/messages';
import { resetPasswordAction, resetPasswordLoader } from '~/accounts/reset-password.server';
import { FormAlert } from '~/lib/form-kit/form-alert';
import { SubmitButton } from '~/lib/form-kit/submit-button';
import { isSubmitting } from '~/lib/form-kit/submitting';
import { useSchemaForm } from '~/lib/form-kit/use-schema-form';
import { RESET_PASSWORD_INTENTS, resetPasswordSchema } from '~/accounts/schemas';
import { authCardStyles } from '~/accounts/auth-card-styles';
import { NewPasswordFields } from '~/accounts/new-password-fields';
import { pageMeta } from '~/lib/meta';
import { sx, sxRecipe } from '~/lib/theme/static-css';

export async function loader({ request, context }: LoaderFunctionArgs) {
  return resetPasswordLoader(request, context);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return resetPasswordAction(request, context);
}

export { headers } from '~/lib/http/cache.server';

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, 'Reset Password');

const styles = {
  ...authCardStyles,
  address: sx({ color: 'fg.muted', mb: '4' }),
  link: sxRecipe(
    'link',
    { variant: 'underline' },
    { color: 'brand.fg', mt: '4', display: 'inline-block' },
  ),
};

export default function ResetPasswordPage() {
  const { valid, address } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  // The token and address live in the query string; both forms post back to this very URL.
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const lastResult =
    actionData?.intent === RESET_PASSWORD_INTENTS.reset ? actionData.result : undefined;
  const [form, fields] = useSchemaForm(resetPasswordSchema, { id: 'reset-password', lastResult });

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="reset-heading">
        <h1 id="reset-heading" className={styles.heading}>
          Reset your password
        </h1>
        {valid ? (
          <>
            {address ? <p className={styles.address}>for {address}</p> : null}
            <Form method="post" action={here} {...getFormProps(form)} className={styles.stack}>
              <input type="hidden" name="intent" value={RESET_PASSWORD_INTENTS.reset} />
              <FormAlert id={form.errorId} errors={form.errors} />
              <NewPasswordFields
                password={fields.password}
                confirmation={fields.confirmPassword}
                label="New Password"
              />
              <SubmitButton
                className={styles.submit}
                pending={isSubmitting(navigation, { intent: RESET_PASSWORD_INTENTS.reset })}
                pendingLabel="Saving…"
              >
                Reset Password
              </SubmitButton>
            </Form>
          </>
        ) : actionData?.done ? (
          <FormAlert status="success" errors={[RESET_RESENT_MESSAGE]} />
        ) : (
          <>
            <FormAlert status="info" errors={[RESET_EXPIRED_MESSAGE]} />
            {actionData?.intent === RESET_PASSWORD_INTENTS.resend && actionData.result.error ? (
              <FormAlert errors={actionData.result.error[''] ?? []} />
            ) : null}
            {address ? (
              <Form method="post" action={here} className={styles.stack}>
                <input type="hidden" name="intent" value={RESET_PASSWORD_INTENTS.resend} />
                <SubmitButton
                  className={styles.submit}
                  pending={isSubmitting(navigation, { intent: RESET_PASSWORD_INTENTS.resend })}
                  pendingLabel="Sending…"
                >
                  Resubmit Request
                </SubmitButton>
              </Form>
            ) : (
              <Link className={styles.link} to="/login?pane=reset">
                Request a new password reset
              </Link>
            )}
          </>
        )}
      </section>
    </div>
  );
}
