import { getFormProps } from '@conform-to/react';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { accountPageStyles as styles } from '~/accounts/account-page-styles';
import { WAIT_MESSAGES, WaitDialog } from '~/accounts/wait-dialog';
import { ClientOnly } from 'remix-utils/client-only';
import { CheckboxField } from '~/lib/form-kit/checkbox-field';
import { FormAlert } from '~/lib/form-kit/form-alert';
import { SubmitButton } from '~/lib/form-kit/submit-button';
import { isSubmitting } from '~/lib/form-kit/submitting';
import { useSchemaForm } from '~/lib/form-kit/use-schema-form';
import { dataPreferencesSchema } from '~/accounts/schemas';
import { dataPreferencesAction, dataPreferencesLoader } from '~/accounts/data-preferences.server';
import { pageMeta } from '~/lib/meta';

export async function loader({ request, context }: LoaderFunctionArgs) {
  return dataPreferencesLoader(request, context);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return dataPreferencesAction(request, context);
}

export { headers } from '~/lib/http/cache.server';

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, 'Data Preferences');

export default function DataPreferencesPage() {
  const { optOut, loadError, notice } = useLoaderData<typeof loader>();
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>Data Preferences</h1>
      {notice ? <FormAlert status="success" errors={[notice]} /> : null}
      {loadError ? (
        <FormAlert errors={[loadError]} />
      ) : (
        <PreferencesForm key={String(optOut)} optOut={Boolean(optOut)} />
      )}
      <p>
        <Link to="/account" className={styles.back}>
          Back to My Account
        </Link>
      </p>
    </div>
  );
}

function PreferencesForm({ optOut }: { optOut: boolean }) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const submitting = isSubmitting(navigation, { formAction: '/account/data-preferences' });
  const [form, fields] = useSchemaForm(dataPreferencesSchema, {
    id: 'data-preferences',
    lastResult: actionData?.result,
    defaultValue: optOut ? { optOutDataSharing: 'on' } : undefined,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onSubmit',
  });
  return (
    <section className={styles.card} aria-labelledby="data-sharing-heading">
      <h2 id="data-sharing-heading" className={styles.heading}>
        Sharing your data
      </h2>
      <p className={styles.muted}>
        We use your purchase history to run the rewards program and to choose the offers we send
        you. We may also share it with trusted partners, such as manufacturers whose coupons you
        clip. You can ask us not to share it; your rewards keep working either way.
      </p>
      <Form method="post" {...getFormProps(form)} className={styles.stack}>
        <FormAlert id={form.errorId} errors={form.errors} />
        <CheckboxField meta={fields.optOutDataSharing} label="Do not share my data with partners" />
        <SubmitButton className={styles.submit} pending={submitting} pendingLabel="Saving…">
          Save Preferences
        </SubmitButton>
      </Form>
      <ClientOnly>
        {() => <WaitDialog open={submitting} message={WAIT_MESSAGES.account} />}
      </ClientOnly>
    </section>
  );
}
