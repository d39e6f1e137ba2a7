import { getFormProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { accountPageStyles as styles } from '~/accounts/account-page-styles';
import { WAIT_MESSAGES, WaitDialog } from '~/accounts/wait-dialog';
import { PostBody } from '~/content/post-body';
import { useHydrated } from '~/lib/ui/use-hydrated';
import { accountDocument } from '~/accounts/documents.server';
import { requireShopper, updateShopper } from '~/lib/session/shopper.server';
import { termsFailureMessage, termsState, type TermsState } from '~/accounts/terms.server';
import { CheckboxField, FormAlert, isSubmitting, SubmitButton } from '~/lib/forms/components';
import { formFailure } from '~/lib/forms/reply.server';
import { termsSchema } from '~/lib/forms/schemas';
import { logger } from '@common/logger.server';
import { loyaltyFor } from '~/lib/loyalty/context.server';
import { pageMeta } from '~/lib/meta';
import { commitSession, getSession } from '~/lib/session/session.server';

/** Shown after the shopper accepted the current terms (the spec names no text). */
export const TERMS_ACCEPTED_NOTICE = 'Thank you. Your acceptance of the terms has been recorded.';

/**
 * The terms page (spec accounts-loyalty §2 "Terms page", §4 "Terms acceptance", §8): the terms
 * document from content and, for a shopper, one checkbox and 'Update Terms Conditions >'. When
 * the shopper has accepted the current version the checkbox is checked and disabled, and so is
 * the button. Guests go to /login.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const shopper = await requireShopper(request, context);
  const document = accountDocument(context, 'terms');
  let state: TermsState | null = null;
  try {
    state = termsState(await loyaltyFor(context).getAgreements(shopper.frqShopperNo));
  } catch (error) {
    // A failure in the terms load is swallowed (spec §8): the form stays usable.
    logger.warn({ err: error }, 'terms load failed');
  }
  const session = await getSession(request, context);
  const notice = session.get('notice') ?? null;
  // Keep the session's flag (the popup) in step with what the service says now.
  const pending = state ? state.pending : true;
  const changed = state !== null && Boolean(shopper.termsPending) !== state.pending;
  if (changed) updateShopper(session, { termsPending: state!.pending });
  return data(
    { document, pending, current: state?.current ?? null, notice },
    notice || changed
      ? { headers: { 'Set-Cookie': await commitSession(session, context) } }
      : undefined,
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const shopper = await requireShopper(request, context);
  const submission = parseWithZod(await request.formData(), { schema: termsSchema });
  if (submission.status !== 'success') return formFailure(submission, 'terms');
  const loyalty = loyaltyFor(context);
  try {
    const state = termsState(await loyalty.getAgreements(shopper.frqShopperNo));
    if (state.current === null) return formFailure(submission, 'terms', termsFailureMessage(''));
    if (state.pending) {
      const ok = await loyalty.updateAcceptedTermsVersion(shopper.frqShopperNo, state.current);
      if (!ok) return formFailure(submission, 'terms', termsFailureMessage(''));
    }
  } catch (error) {
    logger.warn({ err: error }, 'terms update failed');
    return formFailure(
      submission,
      'terms',
      termsFailureMessage(error instanceof Error ? error.message : ''),
    );
  }
  const session = await getSession(request, context);
  updateShopper(session, { termsPending: false });
  session.flash('notice', TERMS_ACCEPTED_NOTICE);
  return redirect('/account/terms', {
    headers: { 'Set-Cookie': await commitSession(session, context) },
  });
}

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  pageMeta(matches, data?.document?.title ?? 'Terms and Conditions');

export default function AccountTermsPage() {
  const { document, pending, notice } = useLoaderData<typeof loader>();
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
      {/* Remounted when the state changes, so the checkbox starts from the new state. */}
      <TermsForm key={pending ? 'pending' : 'accepted'} pending={pending} />
    </div>
  );
}

function TermsForm({ pending }: { pending: boolean }) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const submitting = isSubmitting(navigation, { formAction: '/account/terms' });
  const [form, fields] = useForm({
    id: 'terms',
    lastResult: actionData?.result,
    defaultValue: pending ? undefined : { acceptTerms: 'on' },
    constraint: getZodConstraint(termsSchema),
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: termsSchema }),
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
      {hydrated ? <WaitDialog open={submitting} message={WAIT_MESSAGES.terms} /> : null}
    </section>
  );
}
