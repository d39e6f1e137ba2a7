import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ServerBuild } from '@remix-run/node';
import { matchRoutes } from '@remix-run/react';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { logger as sharedLogger } from '@common/logger.server';
import { httpRequestDuration } from '@common/metrics.server';

/**
 * One log line per request, written when the answer ends (on the shared logger), and
 * its time in the `http_request_duration_seconds` histogram:
 *
 *   {"level":30,"requestId":"…","brand":"<sitePath>","route":"routes/_index","method":"GET",
 *    "path":"/","status":200,"responseTime":12.4,"msg":"request completed"}
 *
 * - requestId: the caller's `X-Request-Id` when it is short and plain (a proxy's or load
 *   balancer's id, so lines can be followed across), else a new one; echoed in `X-Request-Id`.
 * - route: the Remix route id that answered (set by `tagRemixRoute`, kept with a cached page),
 *   else a fixed name: healthz, metrics, static, redirect, unknown-host, other. Never the raw
 *   path: labels must stay few.
 * - Only these fields, from serializers that pick them: never a header (cookies,
 *   authorization), a query string (reset tokens, e-mail addresses), or a body.
 * - Level: error for 5xx, info otherwise (a client's 4xx is not our error); debug for health
 *   checks, metrics scrapes and static files so they do not drown the rest.
 *
 * Mount it first, so the time covers the whole answer.
 */

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The incoming id when it is safe to log and echo, else a new random one. */
export function requestIdFor(header: string | string[] | undefined): string {
  return typeof header === 'string' && REQUEST_ID.test(header) ? header : crypto.randomUUID();
}

/** The name of the route that answered, for logs and metric labels. */
export type RouteLocals = { route?: string; tenant?: { sitePath: string } };

const QUIET_ROUTES = new Set(['healthz', 'metrics', 'static']);

interface Timing {
  path: string;
  started: bigint;
  seconds?: number;
  aborted?: boolean;
}

const timings = new WeakMap<ServerResponse, Timing>();

function localsOf(res: ServerResponse): RouteLocals {
  return ((res as Response).locals ?? {}) as RouteLocals;
}

function routeName(res: ServerResponse, path: string): string {
  const locals = localsOf(res);
  if (typeof locals.route === 'string') return locals.route;
  if (path === '/healthz') return 'healthz';
  // Fingerprinted bundles are served before the brand is known.
  if (path.startsWith('/build/')) return 'static';
  if (!locals.tenant) return 'unknown-host';
  // Answered before Remix: the permanent redirects (app/lib/redirects.ts), brand images and public
  // files.
  if (res.statusCode >= 300 && res.statusCode < 400) return 'redirect';
  if (path.startsWith('/images/') || /\.[a-z0-9]{1,8}$/i.test(path)) return 'static';
  return 'other';
}

/** The path without its query string, at most 200 characters. */
function pathOf(req: IncomingMessage): string {
  const url = (req as Request).originalUrl ?? req.url ?? '';
  const end = url.indexOf('?');
  return (end === -1 ? url : url.slice(0, end)).slice(0, 200);
}

function lineOf(req: IncomingMessage, res: ServerResponse) {
  const timing = timings.get(res);
  const path = timing?.path ?? pathOf(req);
  return {
    brand: localsOf(res).tenant?.sitePath,
    route: routeName(res, path),
    method: req.method,
    path,
    status: res.statusCode,
    responseTime: timing?.seconds === undefined ? undefined : +(timing.seconds * 1000).toFixed(1),
    ...(timing?.aborted ? { aborted: true } : {}),
  };
}

export interface RequestLogOptions {
  /** Default: the shared logger (common/logger.server.ts). */
  logger?: Logger;
}

/**
 * The middleware. What pino-http does, without its per-request child logger and serializer
 * work, which cost a large share of a cached page's throughput
 * (docs/decisions/0025-measured-costs-behind-small-choices.md): the line is built only when its
 * level is enabled.
 */
export function createRequestLog(opts: RequestLogOptions = {}) {
  const log = opts.logger ?? sharedLogger;

  return (req: Request, res: Response, next: NextFunction) => {
    const requestId = requestIdFor(req.headers['x-request-id']);
    res.setHeader('X-Request-Id', requestId);
    const timing: Timing = { path: pathOf(req), started: process.hrtime.bigint() };
    timings.set(res, timing);
    // A 'close' before 'finish' is a client that went away before the end of the answer.
    const finished = () => done(false);
    const closed = () => done(true);
    const done = (aborted: boolean) => {
      res.off('finish', finished);
      res.off('close', closed);
      timing.seconds = Number(process.hrtime.bigint() - timing.started) / 1e9;
      timing.aborted = aborted;
      const route = routeName(res, timing.path);
      httpRequestDuration.observe(
        { route, method: req.method, status: aborted ? 'aborted' : String(res.statusCode) },
        timing.seconds,
      );
      const failed = res.statusCode >= 500;
      const level = failed ? 'error' : QUIET_ROUTES.has(route) ? 'debug' : 'info';
      if (!log.isLevelEnabled(level)) return;
      const message = aborted ? 'request aborted' : failed ? 'request failed' : 'request completed';
      log[level]({ requestId, ...lineOf(req, res) }, message);
    };
    res.on('finish', finished);
    res.on('close', closed);
    next();
  };
}

type Routes = ServerBuild['routes'];
interface RouteNode {
  id: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: RouteNode[];
}
const trees = new WeakMap<Routes, RouteNode[]>();
/** Route ids by pathname, per build: matching flattens and ranks the whole tree every time. */
const matched = new WeakMap<Routes, Map<string, string>>();
/** Pathnames remembered per build; past this the map starts afresh (paths are the client's). */
export const ROUTE_ID_CACHE_SIZE = 2000;

/** The build's routes as the nested tree React Router matches against (built once per build). */
function treeOf(routes: Routes): RouteNode[] {
  let tree = trees.get(routes);
  if (tree) return tree;
  const nodes = new Map<string, RouteNode>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    nodes.set(route.id, {
      id: route.id,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
    });
  }
  tree = [];
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const node = nodes.get(route.id)!;
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    if (parent) (parent.children ??= []).push(node);
    else tree.push(node);
  }
  trees.set(routes, tree);
  return tree;
}

/**
 * The id of the deepest Remix route matching a path, as Remix matches it (React Router's
 * matchRoutes over the build's routes); a single-fetch data request (`/x.data`,
 * `/_root.data`) counts as its page.
 */
export function remixRouteId(routes: Routes, pathname: string): string {
  let known = matched.get(routes);
  if (!known) matched.set(routes, (known = new Map()));
  let id = known.get(pathname);
  if (id === undefined) {
    if (known.size >= ROUTE_ID_CACHE_SIZE) known.clear();
    known.set(pathname, (id = matchRouteId(routes, pathname)));
  }
  return id;
}

function matchRouteId(routes: Routes, pathname: string): string {
  let path = pathname;
  if (path === '/_root.data') path = '/';
  else if (path.endsWith('.data')) path = path.slice(0, -'.data'.length);
  try {
    decodeURI(path);
  } catch {
    return 'root'; // a broken %-escape: Remix answers it from the root's error boundary
  }
  // The router's types want element routes; the matching itself only reads ids and paths.
  const matches = matchRoutes(treeOf(routes) as never, path);
  const last = matches?.[matches.length - 1]?.route as RouteNode | undefined;
  return last?.id ?? 'root';
}

/**
 * Names the Remix route on `res.locals.route` before the request reaches Remix (mounted right
 * before the page cache and the Remix handler).
 */
export function tagRemixRoute(build: ServerBuild | (() => Promise<ServerBuild>)) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (typeof build !== 'function') {
      res.locals.route = remixRouteId(build.routes, req.path);
      return next();
    }
    build().then((resolved) => {
      res.locals.route = remixRouteId(resolved.routes, req.path);
      next();
    }, next);
  };
}
