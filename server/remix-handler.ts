import {
  createRequestHandler as createRemixHandler,
  writeReadableStreamToWritable,
  type AppLoadContext,
  type ServerBuild,
} from '@remix-run/node';
import type { NextFunction, Request, Response } from 'express';
import { bodyStream, gatedBody, RequestRefused } from './request-gate';
import { installRouteMatchCache } from './route-match-cache';
import { installServerRoutesCache } from './server-routes-cache';
import { installDirectLoaderCalls } from './loader-request';

/**
 * Remix behind Express: the site's own adapter, written after @remix-run/express's
 * createRequestHandler (decision 0023 says why it is not that package). The same: headers copied
 * over, loaders and actions aborted when the response can no longer be written, the response
 * streamed out (writeReadableStreamToWritable). What differs:
 *
 * - a post's body is the one server/request-gate.ts already read and bounded, never the socket,
 *   except a streamed post (a content form's files), read from the socket as the app asks for it;
 * - the URL's port comes from Host only, never from a client's X-Forwarded-Host, and an address
 *   that cannot be read is a 400 (the brand's error page), not a 500;
 * - a document post to a page without an action gets our 405 error page (through the app's error
 *   handler) instead of Remix's, whose hydration data would carry its internal message;
 * - the router's route matching is remembered by tree shape and address (route-match-cache.ts),
 *   the route tree a page renders with is built once per build (server-routes-cache.ts), and the
 *   loaders of a page view without a query get its request rather than copies (loader-request.ts).
 */

export type GetLoadContext = (req: Request, res: Response) => Promise<AppLoadContext>;

export interface RemixHandlerOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: 'production' | 'development';
  getLoadContext: GetLoadContext;
}

function remixHeaders(requestHeaders: Request['headers']): Headers {
  const headers = new Headers();
  for (const [key, values] of Object.entries(requestHeaders)) {
    if (!values) continue;
    if (Array.isArray(values)) for (const value of values) headers.append(key, value);
    else headers.set(key, values);
  }
  return headers;
}

/** The Fetch request Remix gets: the adapter's URL and headers, the gate's body. */
function remixRequest(req: Request, res: Response): globalThis.Request {
  // req.hostname drops the port and respects "trust proxy": the port comes from Host.
  const [, hostPort] = req.get('host')?.split(':') ?? [];
  const port = Number.parseInt(hostPort ?? '', 10);
  const host = `${req.hostname}${Number.isSafeInteger(port) ? `:${port}` : ''}`;
  let url: URL;
  try {
    url = new URL(`${req.protocol}://${host}${req.originalUrl}`);
  } catch {
    throw new RequestRefused(400, 'the address cannot be read');
  }

  let controller: AbortController | null = new AbortController();
  const headers = remixHeaders(req.headers);
  const init: RequestInit = { method: req.method, headers, signal: controller.signal };
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    const body = gatedBody(req);
    // A programming error, not the client's: the gate must run before this handler.
    if (!body) throw new Error(`${req.method} reached Remix without passing the request gate`);
    headers.set('content-type', body.contentType);
    headers.delete('transfer-encoding');
    if (body.bytes) {
      headers.set('content-length', String(body.bytes.length));
      init.body = body.bytes;
    } else {
      // A streamed post (a content form's files): the app reads the socket, at most body.limit;
      // Content-Length stays as the client declared it (the gate held it to the limit).
      init.body = bodyStream(req, body.limit);
      (init as RequestInit & { duplex: 'half' }).duplex = 'half';
    }
  }

  // Abort loaders and actions once the response can no longer be written (`close` before
  // `finish`), as the adapter does.
  res.on('finish', () => (controller = null));
  res.on('close', () => controller?.abort());
  return new globalThis.Request(url.href, init);
}

async function sendRemixResponse(res: Response, response: globalThis.Response) {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  if (response.headers.get('Content-Type')?.match(/text\/event-stream/i)) res.flushHeaders();
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}

/** The Express handler that answers with Remix. */
export function createRequestHandler(options: RemixHandlerOptions) {
  // Remix matches a page's address four times per render and builds its route tree once per
  // render: both remembered (route-match-cache.ts, server-routes-cache.ts).
  installRouteMatchCache();
  installServerRoutesCache();
  // A page view's loaders get its request itself, not copies (loader-request.ts).
  installDirectLoaderCalls();
  const handle = createRemixHandler(options.build, options.mode);
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const request = remixRequest(req, res);
      const context = await options.getLoadContext(req, res);
      const response = await handle(request, context);
      // Only Remix answers 405 (a post to a route without an action; no action of ours does):
      // a document gets the brand's error page. A data request (`.data`) keeps Remix's answer,
      // which its client-side router reads.
      if (
        response.status === 405 &&
        req.method === 'POST' &&
        !new URL(request.url).pathname.endsWith('.data')
      ) {
        await response.body?.cancel();
        res.set('Allow', 'GET, HEAD');
        throw new RequestRefused(405, 'a post to a page without a form');
      }
      await sendRemixResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}
