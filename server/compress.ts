import compression from 'compression';
import type { NextFunction, Request, Response } from 'express';

/**
 * Response compression (gzip, deflate), with two levels:
 *
 * - fingerprinted bundles (`/build/`) keep zlib's default level 6: immutable files that a phone
 *   downloads once, where every byte counts and a CDN would keep the compressed copy;
 * - everything else, above all the HTML pages rendered per request, at PAGE_GZIP_LEVEL: level 6
 *   costs a page rendered per request a large share of its CPU, level 4 much less for a few
 *   percent more bytes, and below 4 the CPU saved is small while the bytes keep growing (the
 *   figures: docs/decisions/0025-measured-costs-behind-small-choices.md).
 *
 * Bodies under the middleware's 1 KB threshold go out as they are either way.
 */
export const PAGE_GZIP_LEVEL = 4;

export function responseCompression() {
  const assets = compression();
  const pages = compression({ level: PAGE_GZIP_LEVEL });
  return (req: Request, res: Response, next: NextFunction) =>
    (req.path.startsWith('/build/') ? assets : pages)(req, res, next);
}
