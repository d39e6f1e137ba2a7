import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { loginAction, loginLoader } from '~/accounts/login.server';
import { isSubmitting } from '~/lib/form-kit/submitting';
import { LOGIN_INTENTS } from '~/accounts/schemas';
import {
  keepFocusOnPress,
  LoginPanes,
  loginPaneStyles,
  type LoginPane,
} from '~/accounts/login-panes';
import { pageMeta } from '~/lib/meta';

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loginLoader(request, context);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return loginAction(request, context);
}

export { headers } from '~/lib/http/cache.server';

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    'Log In',
    (retailer) =>
      `Log in to your ${retailer} account to clip digital coupons and see your rewards.`,
  );

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
