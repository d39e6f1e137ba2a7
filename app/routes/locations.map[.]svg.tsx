import type { LoaderFunctionArgs } from '@remix-run/node';
import { outlineResponse } from '~/stores/store-map.server';

/**
 * GET /locations/map.svg?v=<hash>: the outline image under the key-less store map (states and
 * counties around the brand's stores). Immutable for a year under its current hash; any other
 * `v` gets today's file with a short lifetime (a page cached before the content changed).
 */
export function loader({ request, context }: LoaderFunctionArgs) {
  return outlineResponse(context, new URL(request.url).searchParams.get('v'));
}
