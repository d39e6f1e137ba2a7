import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import { useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { RegisterForm } from '~/accounts/register-form';
import { registerFormAction, registerLoader } from '~/accounts/register.server';
import { readForm } from '~/lib/form-kit/read-form.server';
import { isSubmitting } from '~/lib/form-kit/submitting';
import { pageMeta } from '~/lib/meta';
import { ssoRegisterFlow, ssoRegisterGate } from '~/sso/register.server';
import { ssoHandle, SsoErrorBoundary, ssoStyles } from '~/sso/sso-layout';
import { SSO_PROBLEM_HEADING, SsoPage } from '~/sso/sso-views';

/** The site's registration (app/accounts) behind the single-sign-on area's oauth check. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const gate = ssoRegisterGate(request, context);
  if (!gate.ok) return gate.answer;
  const form = await registerLoader(context);
  return data(
    { view: 'register' as const, form: form.data, sso: gate.page },
    form.init ?? undefined,
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const sso = ssoRegisterFlow(form, context);
  if (!sso.ok) return sso.answer;
  return registerFormAction(form, context, sso.flow);
}

export { headers } from '~/lib/http/cache.server';

export const handle = ssoHandle;

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  pageMeta(matches, data?.view === 'problem' ? SSO_PROBLEM_HEADING : 'Register');

export const ErrorBoundary = SsoErrorBoundary;

export default function SsoRegisterPage() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = isSubmitting(useNavigation(), { formAction: '/sso/register' });
  const lastResult = actionData && 'result' in actionData ? actionData.result : undefined;
  return (
    <SsoPage page={page} answer={actionData} wide>
      {({ form, sso }) => (
        <>
          <h1 id="sso-heading" className={ssoStyles.heading}>
            Create Your Account
          </h1>
          <p className={ssoStyles.text} data-testid="sso-continue-to">
            {sso.continueTo}
          </p>
          <RegisterForm
            data={form}
            lastResult={lastResult}
            pending={pending}
            sso={{ oauth: sso.oauth, loginHref: sso.loginHref }}
          />
        </>
      )}
    </SsoPage>
  );
}
