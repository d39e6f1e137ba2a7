import type { LoaderFunctionArgs } from '@remix-run/node';
import { Outlet } from '@remix-run/react';
import { AccountErrorBoundary } from '~/accounts/account-error';
import { accountLayoutLoader } from '~/accounts/account.server';

/**
 * The shopper's own pages (/account, /account/data-preferences): a shopper is required, and
 * nothing under here is ever cached (Back after logging out shows no personal data). The terms
 * and privacy documents (account_.terms, account_.privacy) are outside: anyone may read them.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return accountLayoutLoader(request, context);
}

export { headers } from '~/lib/http/cache.server';

export default function AccountLayout() {
  return <Outlet />;
}

export const ErrorBoundary = AccountErrorBoundary;
