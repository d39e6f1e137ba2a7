import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { loginFormAction } from '~/accounts/login.server';
import {
  keepFocusOnPress,
  LoginPanes,
  loginPaneStyles,
  type LoginPane,
} from '~/accounts/login-panes';
import { LOGIN_INTENTS } from '~/accounts/schemas';
import { readForm } from '~/lib/form-kit/read-form.server';
import { isSubmitting } from '~/lib/form-kit/submitting';
import { pageMeta } from '~/lib/meta';
import { SSO_INTENTS } from '~/sso/messages';
import { ssoLoginLoader, ssoLoginStep } from '~/sso/login.server';
import { ContinueAs, formMessages, OAuthProblemView, SSO_PROBLEM_HEADING } from '~/sso/sso-views';
import { ssoHandle, SsoErrorBoundary, SsoLayout } from '~/sso/sso-layout';
import { FormAlert } from '~/lib/form-kit/form-alert';

export async function loader({ request, context }: LoaderFunctionArgs) {
  return ssoLoginLoader(request, context);
}

/**
 * The oauth check, 'Continue as' and 'Not you?' are the single-sign-on area's; a login or reset
 * post goes on to the site's login action, with the oauth login as what follows a good password.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  const step = await ssoLoginStep(form, context);
  if ('answer' in step) return step.answer;
  return loginFormAction(form, context, { next: step.next });
}

export { headers } from '~/lib/http/cache.server';

export const handle = ssoHandle;

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  pageMeta(matches, data?.view === 'problem' ? SSO_PROBLEM_HEADING : 'Log In');

export const ErrorBoundary = SsoErrorBoundary;

export default function SsoLoginPage() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  // A refused request: the loader's answer, or the action's for a post that carried a bad one.
  const refused = actionData && 'problem' in actionData ? actionData : page;
  if (refused.view === 'problem') {
    return (
      <SsoLayout labelledBy="sso-heading">
        <OAuthProblemView message={refused.problem.message} />
      </SsoLayout>
    );
  }
  if (page.view === 'problem') return null;

  const panes = actionData && 'result' in actionData ? actionData : undefined;
  const continueErrors = panes?.intent === SSO_INTENTS.continue ? formMessages(panes.result) : [];
  const pending = {
    login: isSubmitting(navigation, { intent: LOGIN_INTENTS.login }),
    reset: isSubmitting(navigation, { intent: LOGIN_INTENTS.resetRequest }),
    continue: isSubmitting(navigation, { intent: SSO_INTENTS.continue }),
    signOut: isSubmitting(navigation, { intent: SSO_INTENTS.signOut }),
  };

  if (page.view === 'continue') {
    return (
      <SsoLayout labelledBy="sso-heading">
        <ContinueAs
          firstName={page.firstName}
          continueTo={page.client?.continueTo ?? ''}
          oauth={page.oauth ?? ''}
          notice={page.notice}
          errors={continueErrors}
          pending={pending}
        />
      </SsoLayout>
    );
  }

  const oauth = page.oauth;
  const here = (extra: Record<string, string> = {}) => {
    const query = new URLSearchParams({ ...extra, ...(oauth ? { oauth } : {}) }).toString();
    return `/sso/login${query ? `?${query}` : ''}`;
  };
  const address: Record<string, string> = page.address ? { address: page.address } : {};
  const pane: LoginPane =
    panes?.done === true
      ? 'sent'
      : panes?.intent === LOGIN_INTENTS.resetRequest
        ? 'reset'
        : page.pane;
  const styles = loginPaneStyles;
  return (
    <SsoLayout labelledBy="sso-heading">
      {continueErrors.length ? <FormAlert errors={continueErrors} /> : null}
      <LoginPanes
        pane={pane}
        Form={Form}
        idPrefix=""
        actionData={panes?.intent === SSO_INTENTS.continue ? undefined : panes}
        pending={pending}
        address={page.address}
        redirectTo=""
        reason={null}
        messageHtml={page.messageHtml}
        subtitle={page.subtitle}
        notice={page.notice}
        heading={(text) => (
          <>
            <h1 id="sso-heading" className={styles.heading}>
              {text}
            </h1>
            {page.client ? (
              <p className={styles.subtitle} data-testid="sso-continue-to">
                {page.client.continueTo}
              </p>
            ) : null}
          </>
        )}
        nav={{
          forgot: (
            <Link
              {...keepFocusOnPress}
              className={styles.link}
              to={here({ pane: 'reset', ...address })}
            >
              Forgot Password?
            </Link>
          ),
          back: (
            <Link {...keepFocusOnPress} className={styles.link} to={here(address)}>
              Back
            </Link>
          ),
        }}
        sso={{
          action: here(),
          registerHref: oauth ? `/sso/register?${new URLSearchParams({ oauth })}` : '/register',
          oauth,
        }}
      />
    </SsoLayout>
  );
}
