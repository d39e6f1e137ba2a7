import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { AccountPage } from '~/accounts/account-page';
import { accountAction, accountLoader } from '~/accounts/account.server';
import { pageMeta } from '~/lib/meta';
import { savingsSection } from '~/rewards/savings.server';

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The savings section (rewards area) starts here, beside the account's own calls.
  return accountLoader(request, context, { savings: savingsSection(context) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  return accountAction(request, context);
}

export { headers } from '~/lib/http/cache.server';

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    'My Account',
    (retailer) =>
      `Your ${retailer} account: your details, home store, password and communication preferences.`,
  );

export default AccountPage;
