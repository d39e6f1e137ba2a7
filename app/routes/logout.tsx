import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { signOut } from '~/lib/session/shopper.server';
import { commitSession, getSession } from '~/lib/session/session.server';

/** Logging out is a form post (a GET link could be triggered by any page); it clears the shopper. */
export async function action({ request, context }: ActionFunctionArgs) {
  const session = await getSession(request, context);
  signOut(session);
  return redirect('/', { headers: { 'Set-Cookie': await commitSession(session, context) } });
}

export async function loader() {
  return redirect('/');
}
