import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { pageMeta } from '~/lib/meta';
import { SIGNUP_TITLES } from '~/newsletter/messages';
import { signupAction, signupPageLoader } from '~/newsletter/signup.server';
import { SignupPage } from '~/newsletter/signup-page';

/** The pharmacy e-mail sign-up's own page and the action its forms post to (~/newsletter). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return signupPageLoader(request, context, 'pharmacy');
}

export async function action({ request, context }: ActionFunctionArgs) {
  return signupAction(request, context, 'pharmacy');
}

export { headers } from '~/lib/http/cache.server';

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, SIGNUP_TITLES.pharmacy);

export default function NewsletterPage() {
  return <SignupPage />;
}
