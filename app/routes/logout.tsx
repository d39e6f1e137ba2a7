import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { EVERYWHERE_FIELD } from '~/accounts/intents';
import { logoutAction, logoutEverywhereAction } from '~/accounts/logout.server';
import { readForm } from '~/lib/form-kit/read-form.server';
import { revokeSsoToken } from '~/sso/partner.server';

/**
 * Logging out anywhere ends a single sign-on too (docs/reference/sso.md "Rules"): the provider
 * revokes the token before the session forgets it with the shopper (a failed revocation does not
 * keep anyone signed in here).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request);
  await revokeSsoToken(context);
  if (form.get(EVERYWHERE_FIELD) === '1') return logoutEverywhereAction(context);
  return logoutAction(context);
}

export async function loader() {
  return redirect('/');
}
