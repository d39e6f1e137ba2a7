import { fetchDest } from 'remix-utils/sec-fetch';

/**
 * Whether a loader may stream its secondary sections (answer a promise for them): only when the
 * app's own scripts asked (a navigation's data request, `Sec-Fetch-Dest: empty`), so the page
 * shows without waiting for them. A document gets them settled: it is sent complete anyway, a
 * page without scripts is whole, and hydration never meets a section still pending (React would
 * then throw the server's markup away and show the placeholder until it arrives).
 */
export function streamsSections(request: Request): boolean {
  return fetchDest(request) === 'empty';
}
