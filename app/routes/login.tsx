import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { loginAction, loginLoader } from '~/accounts/login.server';
import { AuthCard } from '~/accounts/auth-card';
import { LoginPagePanes } from '~/accounts/login-page-panes';
import { loginPaneStyles as styles } from '~/accounts/login-pane-styles';
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
  const { pane, ...page } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const addressQuery = page.address ? `address=${encodeURIComponent(page.address)}` : '';

  return (
    <AuthCard headingId="login-heading">
      <LoginPagePanes
        {...page}
        asked={pane}
        actionData={actionData}
        heading={(text) => (
          <h1 id="login-heading" className={styles.heading}>
            {text}
          </h1>
        )}
        links={{
          forgot: `/login?pane=reset${addressQuery ? `&${addressQuery}` : ''}`,
          back: `/login${addressQuery ? `?${addressQuery}` : ''}`,
        }}
      />
    </AuthCard>
  );
}
