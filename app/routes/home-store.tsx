import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { visibleLocations } from '~/shell/layout.server';
import { safeRedirect } from '~/lib/security/safe-redirect';
import { commitSession, getSession } from '~/lib/session/session.server';

/**
 * Chooses the home store for this visit (a plain form post, so it works without JavaScript).
 * An unknown store number changes nothing.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const storeNumber = String(form.get('storeNumber') ?? '');
  const back = safeRedirect(form.get('redirectTo'), '/');
  const location = visibleLocations(context).find(
    (l) => l.storeNumber === storeNumber && !l.hiddenInHomeSelector,
  );
  if (!location) return redirect(back);
  const session = await getSession(request, context);
  session.set('homeStore', location.storeNumber);
  return redirect(back, { headers: { 'Set-Cookie': await commitSession(session, context) } });
}

export async function loader() {
  return redirect('/');
}
