import { useLocation } from '@remix-run/react';
import { useEffect, useMemo, type MouseEvent } from 'react';

/** Where the browser posts banner views and clicks (app/routes/banner-report.tsx). */
export const BANNER_REPORT_PATH = '/banner-report';

/**
 * A fresh id for one page view: the server sends a view's report of a banner on once, however often
 * it arrives (app/content/banner-report.server.ts). getRandomValues, unlike randomUUID, also works
 * on a page served over plain HTTP.
 */
function newViewId(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function report(event: 'view' | 'click', id: string, view: string) {
  const body = new URLSearchParams({ event, id, view });
  // sendBeacon survives the navigation a click starts; fetch with keepalive where it is missing.
  if (navigator.sendBeacon?.(BANNER_REPORT_PATH, body)) return;
  void fetch(BANNER_REPORT_PATH, { method: 'POST', body, keepalive: true }).catch(() => undefined);
}

/**
 * Reports a banner ad to the ad studio (docs/reference/shell.md "Site banner"): a view once per
 * banner per page view, as soon as the banner is on the hydrated page, and a click per click on
 * one of its links. No consent is needed: nothing is stored in the browser and nothing identifies
 * the shopper (docs/decisions/0031-ad-counts-without-consent.md). Returns the click handler to put
 * on the banner (a capture handler, so it runs before the link navigates).
 */
export function useAdReports(id: string | null | undefined, enabled = true) {
  const location = useLocation();
  // location.key: a new page view (the same address again included) is a new view, reported again.
  // Only the browser reports (effects and clicks): the server's render needs no id, and drawing 16
  // random bytes per banner per page was measurable there.
  const view = useMemo(() => (typeof document === 'undefined' ? '' : newViewId()), [location.key]);
  const on = enabled && Boolean(id);
  useEffect(() => {
    if (on && id) report('view', id, view);
  }, [on, id, view]);
  return (event: MouseEvent<HTMLElement>) => {
    const link = (event.target as Element | null)?.closest?.('a');
    if (on && id && link) report('click', id, view);
  };
}
