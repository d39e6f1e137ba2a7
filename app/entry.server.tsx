import { PassThrough } from 'node:stream';
import type { AppLoadContext, EntryContext } from '@remix-run/node';
import { isRouteErrorResponse, RemixServer } from '@remix-run/react';
import { renderToPipeableStream } from 'react-dom/server';
import { NonceContext } from '~/lib/theme/emotion';
import { logger } from '@common/logger.server';
import { ShellFallbackContext } from '~/shell/root-data';
import { rootLoader } from '~/shell/root.server';
import { PRIVATE_NO_STORE } from '~/lib/http/cache.server';

/** server.ts builds each request's context with the build's own factory (server/app.ts). */
export { createAppLoadContext } from '~/lib/context.server';
/** server.ts closes the loyalty client's pools, which live in this bundle, at shutdown. */
export { closeLoyaltyPools } from '~/lib/loyalty/pool.server';

/** A slow secondary part of a page gives up after this long and renders its fallback. */
export const streamTimeout = 5000;

/**
 * The shell's data for an error page answered before the root loader ran (e.g. a 405 for a form
 * posted to a page without an action): computed here, so the page keeps its shell and title.
 */
function shellFallback(remixContext: EntryContext, loadContext: AppLoadContext) {
  const handler = remixContext.staticHandlerContext;
  if (!handler.errors || handler.loaderData.root != null) return undefined;
  try {
    return rootLoader(loadContext).data;
  } catch (error) {
    logger.warn({ err: error }, 'error page without the shell');
    return undefined;
  }
}

/**
 * Renders the whole document (waiting for deferred data, so pages are complete without
 * JavaScript) and answers it as one body.
 *
 * No emotion cache or critical-CSS extraction here: the server's markup is plain elements with
 * static classes whose CSS is in the brand stylesheet (~/lib/theme/static-css), and the pieces
 * that use Chakra (dialogs, the drawer) bring their own emotion cache (ChakraScope) and render in
 * the browser. The extraction found nothing on any page (an empty style tag on every one) for a
 * scan of the whole page's HTML per request.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.nonce;
  // A page that declares no cache policy is treated as personal (lib/http/cache.server.ts).
  if (!responseHeaders.has('Cache-Control')) responseHeaders.set('Cache-Control', PRIVATE_NO_STORE);
  const fallback = shellFallback(remixContext, loadContext);

  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    // Cleared as soon as the page is complete: a pending timer would keep the whole rendered
    // page (and its response) alive for six more seconds, hundreds of pages under load.
    const timer = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ShellFallbackContext.Provider value={fallback}>
          <RemixServer context={remixContext} url={request.url} nonce={nonce} />
        </ShellFallbackContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        onAllReady() {
          const body = new PassThrough();
          const chunks: Buffer[] = [];
          body.on('data', (c: Buffer) => chunks.push(c));
          body.on('end', () => {
            const html = Buffer.concat(chunks);
            responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
            // React emits the doctype itself when the root element is <html>.
            clearTimeout(timer);
            resolve(new Response(html, { status, headers: responseHeaders }));
          });
          pipe(body);
        },
        onShellError(error) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error) {
          status = 500;
          logger.error({ err: error }, 'render error');
        },
      },
    );
  });
}

/** Data requests (single fetch) that declare no cache policy are personal too. */
export function handleDataRequest(response: Response) {
  if (!response.headers.has('Cache-Control')) {
    response.headers.set('Cache-Control', PRIVATE_NO_STORE);
  }
  return response;
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  const url = new URL(request.url).pathname;
  // A client's mistake (a 4xx answer, such as a form posted to a page without one) is not ours.
  if (isRouteErrorResponse(error) && error.status < 500) {
    logger.info({ status: error.status, url, method: request.method }, 'request refused');
    return;
  }
  logger.error({ err: error, url }, 'request error');
}
