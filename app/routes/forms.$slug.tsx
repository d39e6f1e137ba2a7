import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { formPageLoader } from '~/forms/form-page.server';
import { FormPage } from '~/forms/form-page';
import { submitForm } from '~/forms/submit.server';
import { pageMeta } from '~/lib/meta';

/** A content form's own page and the action every copy of it posts to (~/forms). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return formPageLoader(context, params.slug, new URL(request.url));
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  return submitForm(request, context, params.slug);
}

export { headers } from '~/lib/http/cache.server';

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, data?.setup.form.title ?? 'Page not found');

export default function ContentFormRoute() {
  return <FormPage />;
}
