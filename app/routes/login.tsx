import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { loginAction, redirectIfSignedIn } from '~/accounts/login.server';
import { CLIP_LOGIN_MESSAGE } from '~/accounts/messages';
import { isSubmitting } from '~/lib/forms/components';
import { LOGIN_INTENTS } from '~/lib/forms/schemas';
import {
  keepFocusOnPress,
  LoginPanes,
  loginPaneStyles,
  type LoginPane,
} from '~/accounts/login-panes';
import { pageMeta } from '~/lib/meta';
import { safeRedirect } from '~/lib/security/safe-redirect';
import { commitSession, getSession } from '~/lib/session/session.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  await redirectIfSignedIn(request, context);
  const url = new URL(request.url);
  const session = await getSession(request, context);
  const notice = session.get('notice') ?? null;
  const message = context.services.content.layout(context.tenant.sitePath, 'login-message');
  const redirectTo = url.searchParams.get('redirectTo');
  return data(
    {
      pane: url.searchParams.get('pane') === 'reset' ? ('reset' as const) : ('login' as const),
      address: (url.searchParams.get('address') ?? '').slice(0, 254),
      redirectTo: redirectTo ? safeRedirect(redirectTo, '') : '',
      reason: url.searchParams.get('reason') === 'clip' ? CLIP_LOGIN_MESSAGE : null,
      messageHtml: message?.html ?? null,
      subtitle: context.tenant.registration.loginSubtitle ?? null,
      notice,
    },
    notice ? { headers: { 'Set-Cookie': await commitSession(session, context) } } : undefined,
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  return loginAction(request, context);
}

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, 'Log In');

export default function LoginPage() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const pane: LoginPane =
    actionData?.done === true
      ? 'sent'
      : actionData?.intent === LOGIN_INTENTS.resetRequest
        ? 'reset'
        : loaderData.pane;
  const addressQuery = loaderData.address
    ? `address=${encodeURIComponent(loaderData.address)}`
    : '';
  const styles = loginPaneStyles;

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="login-heading">
        <LoginPanes
          pane={pane}
          Form={Form}
          idPrefix=""
          actionData={actionData}
          pending={{
            login: isSubmitting(navigation, { intent: LOGIN_INTENTS.login }),
            reset: isSubmitting(navigation, { intent: LOGIN_INTENTS.resetRequest }),
          }}
          address={loaderData.address}
          redirectTo={loaderData.redirectTo}
          reason={loaderData.reason}
          messageHtml={loaderData.messageHtml}
          subtitle={loaderData.subtitle}
          notice={loaderData.notice}
          heading={(text) => (
            <h1 id="login-heading" className={styles.heading}>
              {text}
            </h1>
          )}
          nav={{
            forgot: (
              <Link
                {...keepFocusOnPress}
                className={styles.link}
                to={`/login?pane=reset${addressQuery ? `&${addressQuery}` : ''}`}
              >
                Forgot Password?
              </Link>
            ),
            back: (
              <Link
                {...keepFocusOnPress}
                className={styles.link}
                to={`/login${addressQuery ? `?${addressQuery}` : ''}`}
              >
                Back
              </Link>
            ),
          }}
        />
      </section>
    </div>
  );
}
