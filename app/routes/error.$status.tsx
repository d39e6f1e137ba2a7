import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { defaultErrorMessage, errorTitle } from '~/lib/errors';
import { pageMeta } from '~/lib/meta';
import { ErrorView } from '~/lib/ui/error-view';

/**
 * The error page for a request refused before the app could read it (a malformed address, later
 * a body too large): server/app.ts answers it here, so it has the shell, the brand's title and
 * the right status. Only client-error statuses; anything else is a 404.
 */
const STATUSES = new Set([400, 404, 405, 411, 413, 414, 415, 431]);

export async function loader({ params }: LoaderFunctionArgs) {
  const asked = Number(params.status);
  const status = STATUSES.has(asked) ? asked : 404;
  return data({ status, message: defaultErrorMessage(status) }, { status });
}

/**
 * Served without scripts: the browser's address is the refused one (e.g. a broken %-escape),
 * which its router could not match to this page. Every link here works without JavaScript.
 */
export const handle = { hydrate: false };

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, errorTitle(data?.status ?? 404));

export default function ErrorStatusPage() {
  const { status, message } = useLoaderData<typeof loader>();
  return <ErrorView statusCode={status} message={message} />;
}
