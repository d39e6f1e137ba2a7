import { data, type MetaFunction } from '@remix-run/node';
import { ErrorView } from '~/lib/ui/error-view';
import { pageMeta } from '~/lib/meta';

export async function loader() {
  return data(null, { status: 404 });
}

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, 'Page not found');

export default function NotFoundPage() {
  return <ErrorView statusCode={404} message="This page could not be found" />;
}
