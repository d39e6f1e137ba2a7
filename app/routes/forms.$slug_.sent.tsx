import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { formSentLoader } from '~/forms/form-page.server';
import { FormSentPage } from '~/forms/form-page';
import { pageMeta } from '~/lib/meta';

/** A content form's success page: the message its post stored, once; home without one. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  return formSentLoader(context, params.slug);
}

export { headers } from '~/lib/http/cache.server';

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, data?.title ?? 'Page not found');

export default function ContentFormSentRoute() {
  return <FormSentPage />;
}
