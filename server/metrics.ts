import crypto from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { registry } from '@common/metrics.server';

/**
 * `GET /metrics`: the process's Prometheus metrics (common/metrics.server.ts) as text, for a
 * scraper; never for the public. It answers only:
 * - on the machine itself: a Host that is none of the brands' (e.g. `127.0.0.1:3000`) from a
 *   loopback client, the client address as Express sees it included (a reverse proxy on the same
 *   machine forwards outsiders with their own address in X-Forwarded-For: they are not local);
 * - or anywhere, with `Authorization: Bearer <METRICS_TOKEN>` when that variable is set.
 * Otherwise the request goes on as any other: a brand's host answers its own 404 page, an
 * unknown host its plain 404. Mount it before the brand is resolved.
 */
export interface MetricsOptions {
  /** Whether the Host header names one of the brands. */
  isBrandHost: (host: string | undefined) => boolean;
  /** METRICS_TOKEN. */
  token?: string;
}

/** 127.0.0.0/8 and ::1, also written as IPv4-mapped IPv6. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/i.test(address);
}

function sha256(text: string): Buffer {
  return crypto.createHash('sha256').update(text, 'utf8').digest();
}

/** Compares digests in constant time: neither the token's bytes nor its length leak by timing. */
function tokenMatches(header: string | undefined, token: string | undefined): boolean {
  if (!token || !header) return false;
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  if (!match) return false;
  return crypto.timingSafeEqual(sha256(match[1]), sha256(token));
}

/**
 * Whether a request may read the process's internals (/metrics, the details of /healthz): the
 * machine itself on a host name none of the brands use, or a holder of METRICS_TOKEN.
 */
export function mayReadInternals(req: Request, opts: MetricsOptions): boolean {
  const local =
    !opts.isBrandHost(req.headers.host) &&
    isLoopbackAddress(req.socket.remoteAddress) &&
    isLoopbackAddress(req.ip);
  return local || tokenMatches(req.headers.authorization, opts.token);
}

export function metricsEndpoint(opts: MetricsOptions) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    if (!mayReadInternals(req, opts)) return next();
    res.locals.route = 'metrics';
    try {
      const text = await registry.metrics();
      // As prom-client names it: Express would rewrite a string body's type with its charset first.
      res.setHeader('Content-Type', registry.contentType);
      res.status(200).set('Cache-Control', 'no-store').send(Buffer.from(text, 'utf8'));
    } catch (error) {
      next(error);
    }
  };
}
