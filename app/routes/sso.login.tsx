import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { loginFormAction } from '~/accounts/login.server';
import { LoginPagePanes } from '~/accounts/login-page-panes';
import { loginPaneStyles as styles } from '~/accounts/login-pane-styles';
import { FormAlert } from '~/lib/form-kit/form-alert';
import { readForm } from '~/lib/form-kit/read-form.server';
import { isSubmitting } from '~/lib/form-kit/submitting';
import { pageMeta } from '~/lib/meta';
import { ssoHref } from '~/sso/links';
import { SSO_INTENTS } from '~/sso/messages';
import { ssoLoginLoader, ssoLoginStep } from '~/sso/login.server';
import { ssoHandle, SsoErrorBoundary } from '~/sso/sso-layout';
import { ContinueAs, formMessages, SSO_PROBLEM_HEADING, SsoPage } from '~/sso/sso-views';

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
  const answer = actionData && 'result' in actionData ? actionData : undefined;
  // A refused 'Continue as' shows its message above whichever view the page then has.
  const continued = answer?.intent === SSO_INTENTS.continue;
  const continueErrors = continued ? formMessages(answer.result) : [];

  return (
    <SsoPage page={page} answer={actionData}>
      {(page) =>
        page.view === 'continue' ? (
          <ContinueAs
            firstName={page.firstName}
            continueTo={page.client?.continueTo ?? ''}
            oauth={page.oauth ?? ''}
            notice={page.notice}
            errors={continueErrors}
            pending={{
              continue: isSubmitting(navigation, { intent: SSO_INTENTS.continue }),
              signOut: isSubmitting(navigation, { intent: SSO_INTENTS.signOut }),
            }}
          />
        ) : (
          <>
            {continueErrors.length ? <FormAlert errors={continueErrors} /> : null}
            <LoginPagePanes
              asked={page.pane}
              actionData={continued ? undefined : answer}
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
              links={{
                forgot: ssoHref('/sso/login', page.oauth, {
                  pane: 'reset',
                  ...(page.address ? { address: page.address } : {}),
                }),
                back: ssoHref(
                  '/sso/login',
                  page.oauth,
                  page.address ? { address: page.address } : {},
                ),
              }}
              sso={{
                action: ssoHref('/sso/login', page.oauth),
                registerHref: page.oauth ? ssoHref('/sso/register', page.oauth) : '/register',
                oauth: page.oauth,
              }}
            />
          </>
        )
      }
    </SsoPage>
  );
}
