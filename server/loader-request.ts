import { createRequire } from 'node:module';

/**
 * Remix gives each loader a copy of the request without its `index` and `_routes` query
 * parameters: a new URL and two new Requests per loader (headers copied, a signal that follows the
 * original's), ~1 % of a signed-in page's CPU for its two or three loaders. For a GET or HEAD
 * without a query, which is every page view without filters, those copies are the request itself
 * with another identity: same method, address, headers and signal, no body.
 *
 * So the server runtime's `callRouteLoader` (called by its routes through its module's exports)
 * is wrapped once at start: such a request goes to the loader as it is; any other (a query to
 * strip or to re-encode, a body) takes Remix's way.
 */
interface LoaderCall {
  request: Request;
  loadContext: unknown;
  loader: (args: { request: Request; context: unknown; params: unknown }) => unknown;
  params: unknown;
  routeId: string;
  singleFetch: boolean;
}
type CallRouteLoader = (call: LoaderCall) => Promise<unknown>;

const WRAPPED = Symbol.for('site.loaderRequest');

/** A request Remix's copy would not change: GET or HEAD, no query, no body. */
export function passesUnchanged(request: Request): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    request.body === null &&
    !request.url.includes('?')
  );
}

/**
 * `original` (Remix's callRouteLoader) for requests it would copy with changes; for the others, the
 * same checks on the loader's answer (single fetch: a loader must answer something).
 */
export function directLoaderCalls(original: CallRouteLoader): CallRouteLoader {
  const wrapped: CallRouteLoader = async (call) => {
    if (!call.singleFetch || !passesUnchanged(call.request)) return original(call);
    // Remix's callRouteLoader with the request as it is; a deferred answer (defer(), which single
    // fetch does not use) still takes Remix's way.
    const result = await call.loader({
      request: call.request,
      context: call.loadContext,
      params: call.params,
    });
    if (result === undefined) {
      throw new Error(
        `You defined a loader for route "${call.routeId}" but didn't return ` +
          'anything from your `loader` function. Please return a value or `null`.',
      );
    }
    if (isDeferredData(result)) return original({ ...call, loader: () => result });
    return result;
  };
  Object.defineProperty(wrapped, WRAPPED, { value: true });
  return wrapped;
}

/** Remix's test for defer()'s answer. */
function isDeferredData(value: unknown): boolean {
  const deferred = value as Record<string, unknown> | null;
  return (
    deferred !== null &&
    typeof deferred === 'object' &&
    typeof deferred.data === 'object' &&
    typeof deferred.subscribe === 'function' &&
    typeof deferred.cancel === 'function' &&
    typeof deferred.resolveData === 'function'
  );
}

interface DataModule {
  callRouteLoader: CallRouteLoader;
}

/** Wraps the server runtime's callRouteLoader; once per process. */
export function installDirectLoaderCalls(
  module: DataModule = createRequire(import.meta.url)(
    '@remix-run/server-runtime/dist/data.js',
  ) as DataModule,
): void {
  if ((module.callRouteLoader as unknown as Record<symbol, unknown>)[WRAPPED]) return;
  module.callRouteLoader = directLoaderCalls(module.callRouteLoader);
}
