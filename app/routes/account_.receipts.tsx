import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { ReceiptsPage } from '~/accounts/receipts-page';
import { receiptsLoader } from '~/accounts/receipts.server';
import { pageMeta } from '~/lib/meta';

/**
 * /account/receipts, outside the /account layout: a guest goes to / here, not to /login
 * (docs/reference/accounts.md "Receipts").
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return receiptsLoader(context, new URL(request.url));
}

export { headers } from '~/lib/http/cache.server';

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, 'Receipts');

export default ReceiptsPage;
