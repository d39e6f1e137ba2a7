/**
 * `npm run sso:partner`: a tiny partner site (an "online ordering" storefront) on
 * http://localhost:8400 that signs shoppers in through the SSO provider with oauth4webapi, as a
 * real partner would: discovery from the provider's RFC 8414 metadata, an authorization request
 * with PKCE (S256), state and nonce bound to this browser by a cookie, the code exchanged with the
 * verifier at /callback, the shopper's claims from the userinfo endpoint, a refresh (rotation),
 * and logout through the brand site's /sso/logout. Tokens are shown shortened, never in full.
 *
 * Environment: PARTNER_PORT (default 8400: the tenant files register
 * http://localhost:8400/callback), PARTNER_HOST (default 127.0.0.1), TENANTS_DIR, SITE_PORT
 * (default 3000), SSO_URL (the provider of brands that name none; default: the one the site at
 * SITE_URL, default http://localhost:{SITE_PORT}, reports on /healthz).
 */
import crypto from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import * as oauth from 'oauth4webapi';
import { logger } from '../../common/logger.server';
import { readBrands, type TenantBrand } from './brands';

const env = process.env;
const port = Number(env.PARTNER_PORT || 8400);
const sitePort = Number(env.SITE_PORT || 3000);
const self = `http://localhost:${port}`;
const redirectUri = `${self}/callback`;
const insecure = { [oauth.allowInsecureRequests]: true };

/** Brands with an online-ordering client registered for this partner's callback. */
function partnerBrands(): { brand: TenantBrand; clientId: string }[] {
  const brands = readBrands(path.resolve(env.TENANTS_DIR || 'tenants'), {
    sitePort,
    loyaltyBasic: () => null,
    logger,
  });
  return brands.flatMap((brand) =>
    brand.clients
      .filter(
        (c) => c.clientId.endsWith('-online-ordering') && c.redirectUris.includes(redirectUri),
      )
      .map((c) => ({ brand, clientId: c.clientId })),
  );
}

/** The provider of a brand: its own, SSO_URL, or the site's in-process one (its /healthz says). */
async function issuerOf(brand: TenantBrand): Promise<string> {
  if (brand.providerUrl) return brand.providerUrl;
  if (env.SSO_URL) return env.SSO_URL.replace(/\/$/, '');
  const site = env.SITE_URL || `http://localhost:${sitePort}`;
  const health = (await (await fetch(`${site}/healthz`)).json()) as { sso?: { url?: string } };
  if (!health.sso?.url) throw new Error(`${site}/healthz names no SSO provider: set SSO_URL`);
  return health.sso.url;
}

async function discover(issuer: string) {
  const url = new URL(issuer);
  return oauth.processDiscoveryResponse(
    url,
    await oauth.discoveryRequest(url, { algorithm: 'oauth2', ...insecure }),
  );
}

interface Pending {
  issuer: string;
  sitePath: string;
  clientId: string;
  verifier: string;
  state: string;
  nonce: string;
}
interface Session {
  issuer: string;
  sitePath: string;
  clientId: string;
  siteOrigin: string;
  claims: Record<string, unknown>;
  accessToken: string;
  refreshToken: string | null;
  expiresAt: number;
  refreshed: number;
}
const pending = new Map<string, Pending>();
const sessions = new Map<string, Session>();

const esc = (value: unknown) =>
  String(value).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
const short = (token: string | null) =>
  token ? `${esc(token.slice(0, 8))}… (${token.length} characters)` : 'none';

function cookies(req: http.IncomingMessage): Map<string, string> {
  const jar = new Map<string, string>();
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) jar.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  return jar;
}
const cookie = (name: string, value: string, maxAge: number) =>
  `${name}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}`;

function page(res: http.ServerResponse, body: string, status = 200) {
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Security-Policy': "default-src 'none'; form-action 'self'; base-uri 'none'",
  });
  res.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Demo partner: online ordering</title></head><body><main><h1>Demo partner: online ordering</h1>${body}</main></body></html>`,
  );
}

function redirect(res: http.ServerResponse, location: string, setCookie: string[] = []) {
  res.writeHead(303, { Location: location, 'Set-Cookie': setCookie, 'Cache-Control': 'no-store' });
  res.end();
}

function home(req: http.IncomingMessage, res: http.ServerResponse, notice = '') {
  const session = sessions.get(cookies(req).get('partner_session') ?? '');
  const list = partnerBrands()
    .map(
      ({ brand }) =>
        `<li><a href="/login?brand=${esc(brand.sitePath)}">Sign in with ${esc(brand.sitePath)}</a></li>`,
    )
    .join('');
  const who = session
    ? `<h2>Signed in</h2><dl><dt>Brand</dt><dd>${esc(session.sitePath)}</dd>${Object.entries(
        session.claims,
      )
        .map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>`)
        .join('')}<dt>Access token</dt><dd>${short(session.accessToken)}, expires ${esc(
        new Date(session.expiresAt).toISOString(),
      )}</dd><dt>Refresh token</dt><dd>${short(session.refreshToken)} (refreshed ${session.refreshed} times)</dd></dl>
      <form method="post" action="/refresh"><button>Refresh the tokens</button></form>
      <form method="post" action="/logout"><button>Sign out</button></form>`
    : '<p>Not signed in.</p>';
  page(
    res,
    `${notice ? `<p role="status">${esc(notice)}</p>` : ''}${who}<h2>Brands</h2><ul>${list || '<li>No brand registers this partner.</li>'}</ul>`,
  );
}

async function login(url: URL, res: http.ServerResponse) {
  const found = partnerBrands().find((b) => b.brand.sitePath === url.searchParams.get('brand'));
  if (!found) return page(res, '<p>Unknown brand.</p><p><a href="/">Back</a></p>', 404);
  const issuer = await issuerOf(found.brand);
  const as = await discover(issuer);
  const request: Pending = {
    issuer,
    sitePath: found.brand.sitePath,
    clientId: found.clientId,
    verifier: oauth.generateRandomCodeVerifier(),
    state: oauth.generateRandomState(),
    nonce: oauth.generateRandomNonce(),
  };
  pending.set(request.state, request);
  const target = new URL(as.authorization_endpoint!);
  target.search = new URLSearchParams({
    client_id: found.clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid profile email offline_access',
    state: request.state,
    nonce: request.nonce,
    code_challenge: await oauth.calculatePKCECodeChallenge(request.verifier),
    code_challenge_method: 'S256',
  }).toString();
  redirect(res, target.href, [cookie('partner_pending', request.state, 600)]);
}

async function callback(req: http.IncomingMessage, url: URL, res: http.ServerResponse) {
  const state = cookies(req).get('partner_pending') ?? '';
  const request = pending.get(state);
  pending.delete(state);
  if (!request)
    return page(
      res,
      '<p>No sign-in was started in this browser.</p><p><a href="/">Back</a></p>',
      400,
    );
  const as = await discover(request.issuer);
  const client: oauth.Client = { client_id: request.clientId };
  const params = oauth.validateAuthResponse(as, client, url, request.state);
  const tokens = await oauth.processAuthorizationCodeResponse(
    as,
    client,
    await oauth.authorizationCodeGrantRequest(
      as,
      client,
      oauth.None(),
      params,
      redirectUri,
      request.verifier,
      insecure,
    ),
    { expectedNonce: request.nonce },
  );
  const sub = oauth.getValidatedIdTokenClaims(tokens)!.sub;
  const claims = await oauth.processUserInfoResponse(
    as,
    client,
    sub,
    await oauth.userInfoRequest(as, client, tokens.access_token, insecure),
  );
  const brand = partnerBrands().find((b) => b.brand.sitePath === request.sitePath)!.brand;
  const id = crypto.randomBytes(24).toString('base64url');
  sessions.set(id, {
    issuer: request.issuer,
    sitePath: request.sitePath,
    clientId: request.clientId,
    siteOrigin: brand.origin,
    claims: { ...claims },
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token ?? null,
    expiresAt: Date.now() + (tokens.expires_in ?? 0) * 1000,
    refreshed: 0,
  });
  redirect(res, '/', [cookie('partner_pending', '', 0), cookie('partner_session', id, 86400)]);
}

async function refresh(session: Session) {
  if (!session.refreshToken) throw new Error('no refresh token');
  const as = await discover(session.issuer);
  const client: oauth.Client = { client_id: session.clientId };
  const tokens = await oauth.processRefreshTokenResponse(
    as,
    client,
    await oauth.refreshTokenGrantRequest(as, client, oauth.None(), session.refreshToken, insecure),
  );
  session.accessToken = tokens.access_token;
  session.refreshToken = tokens.refresh_token ?? null;
  session.expiresAt = Date.now() + (tokens.expires_in ?? 0) * 1000;
  session.refreshed += 1;
}

async function logout(id: string, session: Session, res: http.ServerResponse) {
  sessions.delete(id);
  // Our own tokens first (RFC 7009), then the shopper's sign-in on the brand site.
  const as = await discover(session.issuer);
  const client: oauth.Client = { client_id: session.clientId };
  if (session.refreshToken) {
    await oauth.revocationRequest(as, client, oauth.None(), session.refreshToken, insecure);
  }
  const target = new URL(`${session.siteOrigin}/sso/logout`);
  target.searchParams.set('client_id', session.clientId);
  target.searchParams.set('post_logout_redirect_uri', `${self}/`);
  redirect(res, target.href, [cookie('partner_session', '', 0)]);
}

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', self);
  const id = cookies(req).get('partner_session') ?? '';
  const session = sessions.get(id);
  const route = `${req.method} ${url.pathname}`;
  const work = async () => {
    if (route === 'GET /') return home(req, res);
    if (route === 'GET /login') return login(url, res);
    if (route === 'GET /callback') return callback(req, url, res);
    if (route === 'POST /refresh' && session) {
      await refresh(session);
      return redirect(res, '/');
    }
    if (route === 'POST /logout' && session) return logout(id, session, res);
    if (route === 'POST /refresh' || route === 'POST /logout') return redirect(res, '/');
    page(res, '<p>Not found.</p>', 404);
  };
  req.resume();
  work().catch((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    home(req, res, `That did not work: ${message}`);
  });
});

server.listen(port, env.PARTNER_HOST || '127.0.0.1', () => {
  const brands = partnerBrands().map((b) => b.brand.sitePath);
  process.stdout.write(
    `Demo partner on ${self} (callback ${redirectUri})\n  brands: ${brands.join(', ') || 'none'}\n`,
  );
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
