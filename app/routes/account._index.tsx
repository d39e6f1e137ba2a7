import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { AccountPage } from '~/accounts/account-page';
import { accountAction, accountLoader } from '~/accounts/account.server';
import { pageMeta } from '~/lib/meta';

export async function loader({ context }: LoaderFunctionArgs) {
  return accountLoader(context);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return accountAction(request, context);
}

export { headers } from '~/lib/http/cache.server';

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, 'My Account');

export default AccountPage;
