import fs from 'node:fs';
import path from 'node:path';
import type { ServerBuild } from '@remix-run/node';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { AppServices, createAppLoadContext } from '~/lib/context.server';
import { logger } from '@common/logger.server';
import { redirectFor } from '~/lib/redirects';
import { publicBotCheck } from '~/lib/security/bot-check.server';
import { mapsKeyFor } from '~/stores/maps-config.server';
import { ssoFormActionOrigins } from '~/sso/form-action.server';
import type { Tenant } from '~/lib/tenant/schema';
import type { TenantRegistry } from '~/lib/tenant/registry.server';
import { responseCompression } from './compress';
import { healthEndpoint, type HealthFacts } from './health';
import { metricsEndpoint } from './metrics';
import { createNonceSource } from './nonce';
import { refuseCrossOrigin } from './origin-check';
import { createPageCache } from './page-cache';
import { createRequestLog, tagRemixRoute } from './request-log';
import { createRequestHandler } from './remix-handler';
import { renderSlots } from './render-slots';
import { closeWhenBodyUnread, requestGate } from './request-gate';
import { securityHeaders } from './security-headers';
import { SERVICE_WORKER_PATH, SHOPPER_KEY_HEADER } from '~/lib/offline/kept-pages';
import { shopperKey } from '~/lib/offline/shopper-key.server';

export interface ServerAppOptions {
  registry: TenantRegistry;
  services: AppServices;
  build: ServerBuild | (() => Promise<ServerBuild>);
  publicDir: string;
  /**
   * Extra health facts (the stores, mail, the outside services' state). `degraded` names the
   * outside services that cannot be reached now: the site still serves (200), saying 'degraded'.
   */
  health?: () => Promise<HealthFacts> | HealthFacts;
  /**
   * The secret of the shopper key a signed-in shopper's pages carry for the service worker
   * (app/lib/offline/shopper-key.server.ts). Without it no page carries one and the worker keeps
   * no page offline.
   */
  shopperKeySecret?: string;
  /** The built service worker (scripts/build-sw.mjs); /sw.js answers 404 without it. */
  serviceWorkerFile?: string;
}

type Locals = { tenant: Tenant; nonce: string };

function locals(res: Response): Locals {
  return res.locals as Locals;
}

function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** reCAPTCHA's script and frame sources, only for brands that use it. */
function recaptchaOrigins(tenant: Tenant) {
  if (publicBotCheck(tenant).mode !== 'recaptcha') return { script: '', frame: '' };
  return {
    script: 'https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/',
    frame: 'https://www.google.com/recaptcha/ https://recaptcha.google.com/recaptcha/',
  };
}

/**
 * Google Maps' sources, only for a brand whose Maps key is configured (decision 0014): its
 * script and the scripts it loads, tiles and marker images, its API calls, the embedded place
 * frame, and the Roboto font its controls use. Brands without a key allow no Google origin.
 */
function mapsOrigins(tenant: Tenant) {
  if (!mapsKeyFor(tenant))
    return { script: '', style: '', img: '', connect: '', frame: '', font: '' };
  return {
    script: 'https://maps.googleapis.com',
    style: 'https://fonts.googleapis.com',
    img: 'https://maps.gstatic.com https://*.googleapis.com https://*.ggpht.com',
    connect: 'https://maps.googleapis.com',
    frame: 'https://www.google.com',
    font: 'https://fonts.gstatic.com',
  };
}

/**
 * The one fact of a request besides its brand that the policy reads (form-action names the SSO
 * partners on /sso pages only), as a key and a path of that kind: security-headers.ts keeps one
 * header set per brand and key.
 */
export function cspVariant(path: string): { key: string; path: string } {
  return path.startsWith('/sso/') ? { key: 'sso', path: '/sso/' } : { key: 'page', path: '/' };
}

/**
 * The Content-Security-Policy for one brand; nonces come from res.locals. `references` are the
 * in-process reference services' addresses: a brand without an ad viewer of its own frames the
 * reference viewer and shows its product images.
 */
export function cspDirectives(references: ReferenceOrigins = { adviewer: null }) {
  const nonce = (_req: unknown, res: unknown) => `'nonce-${locals(res as Response).nonce}'`;
  const tenantOf = (res: unknown) => locals(res as Response).tenant;
  /** A source list worked out from the request's brand. */
  const brand = (sources: (tenant: Tenant) => string) => (_req: unknown, res: unknown) =>
    sources(tenantOf(res));
  return {
    useDefaults: false,
    directives: {
      'default-src': ["'self'"],
      'script-src': [
        "'self'",
        nonce,
        brand((t) => recaptchaOrigins(t).script),
        brand((t) => mapsOrigins(t).script),
      ],
      'style-src': ["'self'", nonce, brand((t) => mapsOrigins(t).style)],
      // React style props and positioning of popovers set style attributes, never elements.
      'style-src-attr': ["'unsafe-inline'"],
      'img-src': ["'self'", 'data:', brand((t) => imageOrigins(t, references))],
      'font-src': ["'self'", 'data:', brand((t) => mapsOrigins(t).font)],
      'connect-src': ["'self'", brand((t) => mapsOrigins(t).connect)],
      'frame-src': [brand((t) => frameOrigins(t, references))],
      'object-src': ["'none'"],
      'base-uri': ["'none'"],
      // A single-sign-on login or registration post ends at the partner (a 303 that Chromium
      // checks against form-action): only the /sso pages name the brand's partner origins.
      'form-action': [
        "'self'",
        (req: unknown, res: unknown) =>
          cspVariant(String((req as Partial<Request>).path ?? '')).key === 'sso'
            ? ssoFormActionOrigins(tenantOf(res), references).join(' ')
            : '',
      ],
      'frame-ancestors': [brand(frameAncestors)],
      'manifest-src': ["'self'"],
      'worker-src': ["'self'"],
    },
  };
}

type ReferenceOrigins = { adviewer: string | null; sso?: string | null };

/** The brand's ad viewer, else the reference one. */
function adviewerOrigin(tenant: Tenant, references: ReferenceOrigins): string | null {
  return originOf(tenant.services.adviewer?.url ?? references.adviewer ?? undefined);
}

/**
 * Third-party pixels a brand configures (the ad tracking pixel and the ad studio), the ad
 * viewer's product images (the weekly-ad preview) and Google Maps' images.
 */
function imageOrigins(tenant: Tenant, references: ReferenceOrigins): string {
  return [
    originOf(tenant.analytics.adTrackingPixelUrl),
    originOf(tenant.services.adStudio?.url),
    adviewerOrigin(tenant, references),
    mapsOrigins(tenant).img,
  ]
    .filter(Boolean)
    .join(' ');
}

/** The survey dialog, the ad viewer, reCAPTCHA's challenge frame and Google's embedded map. */
function frameOrigins(tenant: Tenant, references: ReferenceOrigins): string {
  const origins = [
    originOf(tenant.surveyUrl),
    adviewerOrigin(tenant, references),
    recaptchaOrigins(tenant).frame,
    mapsOrigins(tenant).frame,
  ].filter(Boolean);
  return origins.length ? origins.join(' ') : "'none'";
}

/** The brand's own pages, and the origins the brand lets frame them. */
function frameAncestors(tenant: Tenant): string {
  const list = tenant.frameAncestors.map((u) => new URL(u).origin);
  return list.length ? `'self' ${list.join(' ')}` : "'self'";
}

/** helmet's options for every brand request (the CSP above, and helmet's other headers). */
export function securityHeaderOptions(references: ReferenceOrigins = { adviewer: null }) {
  return {
    contentSecurityPolicy: cspDirectives(references) as never,
    crossOriginEmbedderPolicy: false,
    // Pages may be framed by the origins a brand lists (frame-ancestors decides).
    xFrameOptions: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
    // Set below, only where the brand is served over https.
    strictTransportSecurity: false,
  };
}

type ContextFactory = typeof createAppLoadContext;

/**
 * The app build's own `createAppLoadContext` (re-exported by app/entry.server.tsx): the context's
 * objects (the loyalty client and the errors it throws) must come from the same module instances
 * as the loaders that use them, and server.ts runs outside the bundle.
 */
async function contextFactory(build: ServerAppOptions['build']): Promise<ContextFactory> {
  const resolved = typeof build === 'function' ? await build() : build;
  const factory = (resolved.entry.module as { createAppLoadContext?: ContextFactory })
    .createAppLoadContext;
  if (!factory) throw new Error('The app build exports no createAppLoadContext (entry.server).');
  return factory;
}

/** A path segment decoded, or as it is when its escapes are malformed (never a throw). */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Express app: security headers, static files, health, tenant resolution, then Remix. The order
 * of the middleware is the design: each step below names why it sits where it does.
 */
export function createServerApp(opts: ServerAppOptions) {
  const { registry, services, publicDir } = opts;
  const pageCache = brandPageCache(services);
  const app = express();
  // One line per request, and its time in the metrics (request-log.ts): first, to time it all.
  app.use(createRequestLog());
  app.disable('x-powered-by');
  app.set('trust proxy', services.env.TRUST_PROXY);

  // An answer sent before a request's body was read closes the connection (request-gate.ts).
  app.use(closeWhenBodyUnread);
  app.use(dropForwardedHost);

  // Who may read the process's internals: the machine itself or a METRICS_TOKEN holder (metrics.ts).
  const internals = {
    isBrandHost: (host: string | undefined) => registry.resolve(host) !== null,
    token: services.env.METRICS_TOKEN,
  };
  // Everyone gets ok / degraded; only those the details (health.ts).
  app.get(
    '/healthz',
    healthEndpoint({
      ...internals,
      facts: async () => ({
        brands: registry.all().length,
        pageCache: pageCache.stats(),
        ...((await opts.health?.()) ?? {}),
      }),
    }),
  );
  // Prometheus metrics, for the same readers only.
  app.use(metricsEndpoint(internals));

  // Pages at a cheaper level than the fingerprinted bundles (compress.ts).
  app.use(responseCompression());
  // Fingerprinted client bundles: cache for a year.
  app.use(
    '/build',
    express.static(path.join(publicDir, 'build'), { immutable: true, maxAge: '1y', index: false }),
  );

  // Every other request belongs to a brand, chosen by host name alone.
  app.use(resolveBrand(registry));
  // The service worker: always revalidated, so a new deployment reaches the browser at once.
  app.get(SERVICE_WORKER_PATH, serviceWorker(opts.serviceWorkerFile));
  // A guest page in the cache is answered here, with the headers it was stored with.
  app.use((req, res, next) => pageCache.serveHit(req, res, next));

  // helmet's headers, worked out once per brand and path kind (security-headers.ts).
  app.use(
    securityHeaders({
      helmetOptions: securityHeaderOptions(services.references),
      variant: cspVariant,
    }),
  );
  app.use(strictTransportSecurity);
  // Methods, body types and sizes (request-gate.ts): a post's body is read here, bounded.
  app.use(requestGate());
  app.use(permanentRedirects);

  app.get('/images/*', brandImages(services));
  app.use(publicFiles(publicDir));

  // Before any action runs.
  app.use(refuseCrossOrigin((res) => locals(res).tenant.origin));

  app.use(tagRemixRoute(opts.build));
  app.use(pageCache.capture);
  const remix = remixHandler(opts, pageCache);
  // A bounded number of renders at once (server/render-slots.ts): the rest wait their turn.
  app.use(renderSlots());
  app.all('*', remix);
  app.use(lastResort(remix));
  return app;
}

type PageCache = ReturnType<typeof createPageCache>;

/**
 * Brands are chosen by the Host header and posts checked against it (origin-check.ts); a
 * forwarded host is never used. Dropped here so a forged one cannot reach Remix, whose own check
 * would abort the post with a 500 instead of our 403 / normal answer.
 */
function dropForwardedHost(req: Request, _res: Response, next: NextFunction) {
  delete req.headers['x-forwarded-host'];
  next();
}

/** The request's brand and nonce in res.locals; a host no brand serves gets a plain 404. */
function resolveBrand(registry: TenantRegistry) {
  const nonces = createNonceSource();
  return (req: Request, res: Response, next: NextFunction) => {
    const tenant = registry.resolve(req.headers.host);
    if (!tenant) {
      res
        .status(404)
        .type('text/plain')
        .set('Cache-Control', 'no-store')
        .send('Not found: this site is not served here.\n');
      return;
    }
    locals(res).tenant = tenant;
    locals(res).nonce = nonces();
    next();
  };
}

/** HSTS only where the brand is served over https. */
function strictTransportSecurity(req: Request, res: Response, next: NextFunction) {
  if (req.secure || locals(res).tenant.origin.startsWith('https:')) {
    res.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  }
  next();
}

/**
 * The service worker script (docs/reference/offline.md) at the root, so its scope is the whole
 * site. `no-cache`: the browser asks every time it checks for an update (an unchanged script is a
 * 304), so a deployment is seen on the next navigation.
 */
function serviceWorker(file: string | undefined) {
  return (_req: Request, res: Response, next: NextFunction) => {
    if (!file || !fs.existsSync(file)) return next();
    res.sendFile(file, {
      cacheControl: false,
      dotfiles: 'deny',
      headers: {
        'Cache-Control': 'no-cache',
        'Content-Type': 'text/javascript; charset=utf-8',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  };
}

/** The site's old addresses (app/lib/redirects.ts) answer with a permanent redirect. */
function permanentRedirects(req: Request, res: Response, next: NextFunction) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return next();
  const to = redirectFor(req.path, req.url.slice(req.path.length));
  if (to) return res.redirect(301, to);
  next();
}

/** Brand images from content/<site>/images, falling back to content/shared/images. */
function brandImages(services: AppServices) {
  return (req: Request, res: Response, next: NextFunction) => {
    const file = services.content.imageFile(locals(res).tenant.sitePath, req.path);
    if (!file) return next();
    res.sendFile(file, { maxAge: '1h', dotfiles: 'deny' });
  };
}

/**
 * The other files of public/ (favicon, robots.txt…). Only a path whose first segment is one of
 * public/'s entries reaches the file system: a page request costs no stat() of a file that is
 * not there (1.7% of the signed-in coupons page's CPU under load, --cpu-prof).
 */
function publicFiles(publicDir: string) {
  const files = express.static(publicDir, { maxAge: '1h', index: false });
  const names = new Set(
    fs.existsSync(publicDir) ? fs.readdirSync(publicDir).filter((name) => name !== 'build') : [],
  );
  return (req: Request, res: Response, next: NextFunction) => {
    const first = req.path.split('/', 2)[1] ?? '';
    if (!names.has(decodeSegment(first))) return next();
    files(req, res, next);
  };
}

/**
 * Pages that declare themselves public are kept as a CDN would keep them (see page-cache.ts),
 * per brand and content version: a brand file reloaded or content changed starts afresh.
 */
function brandPageCache(services: AppServices): PageCache {
  const generations = new WeakMap<Tenant, number>();
  let nextGeneration = 0;
  return createPageCache({
    maxEntries: 1000,
    nonceOf: (res) => locals(res).nonce,
    generation: (_req, res) => {
      const tenant = locals(res).tenant;
      let generation = generations.get(tenant);
      if (generation === undefined) generations.set(tenant, (generation = ++nextGeneration));
      return `${generation}.${services.content.version(tenant.sitePath)}`;
    },
  });
}

/** Remix, with the app's load context built for the request's brand, nonce and shopper. */
function remixHandler(opts: ServerAppOptions, pageCache: PageCache) {
  const { services } = opts;
  return createRequestHandler({
    build: opts.build,
    mode: services.env.NODE_ENV === 'production' ? 'production' : 'development',
    getLoadContext: async (req: Request, res: Response) => {
      const context = await (
        await contextFactory(opts.build)
      )(services, {
        tenant: locals(res).tenant,
        // A cacheable page renders with a placeholder the cache swaps for this request's nonce.
        nonce: (res.locals.renderNonce as string | undefined) ?? locals(res).nonce,
        https: req.secure,
        clientIp: req.ip ?? req.socket.remoteAddress ?? '',
        cookie: req.headers.cookie ?? null,
        method: req.method,
      });
      if (context.shopper) {
        // A shopper's page is private (the root says so): it streams out as rendered.
        pageCache.bypass(res);
        context.nonce = locals(res).nonce;
        if (opts.shopperKeySecret) {
          res.setHeader(
            SHOPPER_KEY_HEADER,
            shopperKey(
              opts.shopperKeySecret,
              locals(res).tenant.sitePath,
              context.shopper.frqShopperNo,
            ),
          );
        }
      }
      return context;
    },
  });
}

/**
 * The last resort: never a stack trace. A malformed request (e.g. a broken %-escape in the path)
 * is the client's mistake, and a brand's visitor gets its error page (shell, title, status) from
 * the app's error route.
 */
function lastResort(remix: ReturnType<typeof createRequestHandler>) {
  return (error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const status = Number((error as { status?: unknown; statusCode?: unknown })?.status ?? 500);
    if (status >= 400 && status < 500) {
      logger.info({ path: req.originalUrl.slice(0, 200), status }, 'bad request');
      if (res.headersSent) return;
      if (locals(res).tenant && !req.path.startsWith('/error/')) {
        req.url = req.originalUrl = `/error/${status}`;
        req.method = 'GET';
        return void remix(req, res, () => {
          if (!res.headersSent) res.status(status).type('text/plain').send('Bad request.\n');
        });
      }
      res.status(status).type('text/plain').send('Bad request.\n');
      return;
    }
    logger.error({ err: error }, 'unhandled server error');
    if (res.headersSent) return;
    res.status(500).type('text/plain').send('An error occurred.\n');
  };
}
