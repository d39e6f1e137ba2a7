import { getFormProps } from '@conform-to/react';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import type { ReactNode } from 'react';
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
import { AuthCard } from '~/accounts/auth-card';
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

/**
 * A form of this page: it posts its intent back to the very address of the page, whose query
 * holds the token and the address.
 */
function IntentForm({
  intent,
  formProps,
  submit,
  children,
}: {
  intent: string;
  formProps?: ReturnType<typeof getFormProps>;
  submit: { label: string; pendingLabel: string };
  children?: ReactNode;
}) {
  const location = useLocation();
  const navigation = useNavigation();
  return (
    <Form
      method="post"
      action={`${location.pathname}${location.search}`}
      {...formProps}
      className={styles.stack}
    >
      <input type="hidden" name="intent" value={intent} />
      {children}
      <SubmitButton
        className={styles.submit}
        pending={isSubmitting(navigation, { intent })}
        pendingLabel={submit.pendingLabel}
      >
        {submit.label}
      </SubmitButton>
    </Form>
  );
}

export default function ResetPasswordPage() {
  const { valid, address } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const lastResult =
    actionData?.intent === RESET_PASSWORD_INTENTS.reset ? actionData.result : undefined;
  const [form, fields] = useSchemaForm(resetPasswordSchema, { id: 'reset-password', lastResult });

  return (
    <AuthCard headingId="reset-heading" title="Reset your password">
      {valid ? (
        <>
          {address ? <p className={styles.address}>for {address}</p> : null}
          <IntentForm
            intent={RESET_PASSWORD_INTENTS.reset}
            formProps={getFormProps(form)}
            submit={{ label: 'Reset Password', pendingLabel: 'Saving…' }}
          >
            <FormAlert id={form.errorId} errors={form.errors} />
            <NewPasswordFields
              password={fields.password}
              confirmation={fields.confirmPassword}
              label="New Password"
            />
          </IntentForm>
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
            <IntentForm
              intent={RESET_PASSWORD_INTENTS.resend}
              submit={{ label: 'Resubmit Request', pendingLabel: 'Sending…' }}
            />
          ) : (
            <Link className={styles.link} to="/login?pane=reset">
              Request a new password reset
            </Link>
          )}
        </>
      )}
    </AuthCard>
  );
}
