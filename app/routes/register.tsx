import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData, useNavigate, useNavigation } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { RegisterForm } from '~/accounts/register-form';
import { registerAction, registerLoader } from '~/accounts/register.server';
import { isSubmitting } from '~/lib/form-kit/submitting';
import { pageMeta } from '~/lib/meta';
import { useRootData } from '~/shell/root-data';
import { AuthCard } from '~/accounts/auth-card';

export async function loader({ context }: LoaderFunctionArgs) {
  return registerLoader(context);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return registerAction(request, context);
}

export { headers } from '~/lib/http/cache.server';

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    'Register',
    (retailer) => `Create your ${retailer} account to clip digital coupons and earn rewards.`,
  );

/**
 * When a shopper signs in while on the registration page (e.g. a login from the header's dialog),
 * the page goes home. A registration's own sign-in navigates away first.
 */
function useHomeOnSignIn() {
  const signedIn = Boolean(useRootData()?.user);
  const navigation = useNavigation();
  const navigate = useNavigate();
  const was = useRef(signedIn);
  useEffect(() => {
    if (signedIn && !was.current && navigation.state === 'idle') navigate('/', { replace: true });
    was.current = signedIn;
  }, [signedIn, navigation.state, navigate]);
}

export default function RegisterPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = isSubmitting(useNavigation(), { formAction: '/register' });
  useHomeOnSignIn();

  return (
    <AuthCard headingId="register-heading" title="Create Your Account" wide>
      <RegisterForm data={data} lastResult={actionData?.result} pending={pending} />
    </AuthCard>
  );
}
