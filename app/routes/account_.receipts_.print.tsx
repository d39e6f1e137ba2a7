import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { RECEIPTS_PRINT_TITLE, ReceiptsPrintPage } from '~/accounts/receipts-print-page';
import { receiptsLoader } from '~/accounts/receipts.server';
import { pageMeta } from '~/lib/meta';

/** /account/receipts/print: the receipts (and the page's search) ready to print. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return receiptsLoader(context, new URL(request.url));
}

export { headers } from '~/lib/http/cache.server';

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, RECEIPTS_PRINT_TITLE);

export default ReceiptsPrintPage;
