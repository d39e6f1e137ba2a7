/**
 * Analytics data layer (docs/reference/shell.md "Cookie notice and analytics"): page views are
 * pushed to an array on window, named by the tenant (`analytics.dataLayerName`), 250 ms after each
 * route change (so the new page's <title> is in place), and only once analytics has started, that
 * is once the shopper has dismissed the cookie notice. A tag manager configured by the retailer
 * reads that array; the tenant file has no tag address yet, so "starting" means creating the layer
 * and pushing.
 */

export const PAGE_VIEW_DELAY_MS = 250;

export interface PageViewEvent {
  event: 'page_view';
  page_path: string;
  page_title: string;
}

export interface AnalyticsOptions {
  /** Name of the array on `target` (window), e.g. 'dataLayer'. */
  dataLayerName: string;
  /** Object that holds the data layer; defaults to window. */
  target?: Record<string, unknown>;
  /** Title of the page at push time; defaults to document.title. */
  getTitle?: () => string;
  delayMs?: number;
}

export interface Analytics {
  readonly started: boolean;
  /** Starts pushing (after consent); a route already seen gets its page view now. */
  start(): void;
  /** Records a route change; its page view is pushed after the delay once started. */
  routeChanged(path: string): void;
  /** Cancels a pending push (component unmount). */
  dispose(): void;
}

function defaultTarget(): Record<string, unknown> {
  return (typeof window !== 'undefined' ? window : {}) as unknown as Record<string, unknown>;
}

function defaultTitle(): string {
  return typeof document !== 'undefined' ? document.title : '';
}

/** The data layer array on `target`, created when missing (a tag script may have made it). */
export function dataLayer(target: Record<string, unknown>, name: string): unknown[] {
  const existing = target[name];
  if (Array.isArray(existing)) return existing;
  const layer: unknown[] = [];
  target[name] = layer;
  return layer;
}

export function createAnalytics(options: AnalyticsOptions): Analytics {
  const target = options.target ?? defaultTarget();
  const getTitle = options.getTitle ?? defaultTitle;
  const delay = options.delayMs ?? PAGE_VIEW_DELAY_MS;
  let started = false;
  let currentPath: string | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  function cancel() {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  }

  // A second route change within the delay replaces the first: only the page the shopper
  // actually lands on (e.g. after a redirect) is counted, with its own title.
  function schedule() {
    cancel();
    timer = setTimeout(() => {
      timer = null;
      if (currentPath === null) return;
      const view: PageViewEvent = {
        event: 'page_view',
        page_path: currentPath,
        page_title: getTitle(),
      };
      dataLayer(target, options.dataLayerName).push(view);
    }, delay);
  }

  return {
    get started() {
      return started;
    },
    start() {
      if (started) return;
      started = true;
      dataLayer(target, options.dataLayerName);
      if (currentPath !== null) schedule();
    },
    routeChanged(path: string) {
      currentPath = path;
      if (started) schedule();
    },
    dispose: cancel,
  };
}
