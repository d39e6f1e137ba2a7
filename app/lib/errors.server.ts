import { data } from '@remix-run/node';

/** Thrown by loaders for a missing page: the error page shows 'Page not found' and the message. */
export function notFound(message = 'This page could not be found') {
  return data({ message }, { status: 404, statusText: 'Not Found' });
}
