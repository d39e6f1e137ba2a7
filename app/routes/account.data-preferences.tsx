import { getFormProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { accountPageStyles as styles } from '~/accounts/account-page-styles';
import { WAIT_MESSAGES, WaitDialog } from '~/accounts/wait-dialog';
import { useHydrated } from '~/lib/ui/use-hydrated';
import { requireShopper, signOut } from '~/lib/session/shopper.server';
import { CheckboxField, FormAlert, isSubmitting, SubmitButton } from '~/lib/forms/components';
import { formFailure } from '~/lib/forms/reply.server';
import { dataPreferencesSchema } from '~/lib/forms/schemas';
import { logger } from '@common/logger.server';
import { loyaltyFor } from '~/lib/loyalty/context.server';
import { GENERIC_FAILURE_MESSAGE, LoyaltyError } from '~/lib/loyalty/errors';
import { pageMeta } from '~/lib/meta';
import { commitSession, getSession } from '~/lib/session/session.server';

/** Shown after saving (the spec names no text). */
export const DATA_PREFERENCES_SAVED = 'Your data preferences have been updated.';

/**
 * Data preferences (spec accounts-loyalty §2, §8): one choice, optOutDataSharing. Guests go to
 * /login; a shopper whose record is gone is signed out and goes to /login too. A failure shows
 * the service's message, else the generic one.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const shopper = await requireShopper(request, context);
  const session = await getSession(request, context);
  const notice = session.get('notice') ?? null;
  let optOut: boolean | null = null;
  let loadError: string | null = null;
  try {
    const customer = await loyaltyFor(context).getCustomer({ frqShopperNo: shopper.frqShopperNo });
    if (!customer) {
      signOut(session);
      throw redirect('/login', {
        headers: { 'Set-Cookie': await commitSession(session, context) },
      });
    }
    optOut = customer.optOutDataSharing;
  } catch (error) {
    if (error instanceof Response) throw error;
    logger.warn({ err: error }, 'data preferences load failed');
    loadError = GENERIC_FAILURE_MESSAGE;
  }
  return data(
    { optOut, loadError, notice },
    notice ? { headers: { 'Set-Cookie': await commitSession(session, context) } } : undefined,
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const shopper = await requireShopper(request, context);
  const submission = parseWithZod(await request.formData(), { schema: dataPreferencesSchema });
  if (submission.status !== 'success') return formFailure(submission, 'data-preferences');
  try {
    await loyaltyFor(context).updateCustomer(shopper.frqShopperNo, {
      optOutDataSharing: submission.value.optOutDataSharing,
    });
  } catch (error) {
    logger.warn({ err: error }, 'data preferences update failed');
    return formFailure(
      submission,
      'data-preferences',
      error instanceof LoyaltyError && error.message ? error.message : GENERIC_FAILURE_MESSAGE,
    );
  }
  const session = await getSession(request, context);
  session.flash('notice', DATA_PREFERENCES_SAVED);
  return redirect('/account/data-preferences', {
    headers: { 'Set-Cookie': await commitSession(session, context) },
  });
}

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
  const hydrated = useHydrated();
  const submitting = isSubmitting(navigation, { formAction: '/account/data-preferences' });
  const [form, fields] = useForm({
    id: 'data-preferences',
    lastResult: actionData?.result,
    defaultValue: optOut ? { optOutDataSharing: 'on' } : undefined,
    constraint: getZodConstraint(dataPreferencesSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: dataPreferencesSchema }),
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
      {hydrated ? <WaitDialog open={submitting} message={WAIT_MESSAGES.account} /> : null}
    </section>
  );
}
