import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { logoutAction } from '~/accounts/logout.server';
import { revokeSsoToken } from '~/sso/partner.server';

/**
 * Logging out anywhere ends a single sign-on too (docs/reference/sso.md "Rules"): the provider
 * revokes the token before the session forgets it with the shopper (a failed revocation does not
 * keep anyone signed in here).
 */
export async function action({ context }: ActionFunctionArgs) {
  await revokeSsoToken(context);
  return logoutAction(context);
}

export async function loader() {
  return redirect('/');
}
