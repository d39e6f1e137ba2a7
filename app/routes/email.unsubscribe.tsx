import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { pageMeta } from '~/lib/meta';
import { UnsubscribePage } from '~/reminders/unsubscribe-page';
import { unsubscribeAction, unsubscribeLoader } from '~/reminders/unsubscribe.server';

/** A reminder e-mail's unsubscribe link and its one-click POST (~/reminders). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return unsubscribeLoader(request, context);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return unsubscribeAction(request, context);
}

export { headers } from '~/lib/http/cache.server';

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, 'Unsubscribe');

export default function UnsubscribeRoute() {
  return <UnsubscribePage />;
}
