/**
 * The reference SSO provider (README.md): an OAuth 2 authorization server for partner sites
 * (oidc-provider 8: authorization code flow, public clients, PKCE S256 required, exact redirect
 * URIs, single-use codes, rotated refresh tokens, revocation) whose login front end is the brand's
 * own site, over the four calls of docs/sso-api.md. It checks passwords against the brand's
 * loyalty API; it keeps codes, tokens and login sessions in memory (store.ts says why).
 */
import type http from 'node:http';
import { listenService } from '../../common/http-service.server';
import { logger as appLogger } from '../../common/logger.server';
import { indexClients, type RegisteredClient, type SsoBrand } from './brands';
import { createFrontEnd } from './front-end';
import { createRequestHandler, type Logger } from './http';
import { createLoginSessions } from './login-sessions';
import { createMemoryStore } from './store';

export { readBrands, siteOrigin, type SsoBrand, type SsoClient, type TenantBrand } from './brands';

/** RFC 6749 §4.1.2: an authorization code lives at most 10 minutes. */
export const MAX_CODE_TTL_SECONDS = 600;

export interface StartSsoServiceOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** The address partners and browsers reach the provider at; default the listening address. */
  issuer?: string;
  /** The brands served and their partner clients (setBrands() replaces them while running). */
  brands: SsoBrand[];
  /** The loyalty API passwords are checked with; null: no sign-in (503). */
  loyaltyUrl: string | null;
  /** Deadline of the loyalty login call. Default 5000 ms. */
  loyaltyTimeoutMs?: number;
  /** Lifetime of an authorization code, 1..600 s. Default 300 s. */
  codeTtlSeconds?: number;
  /** Lifetime of a partner's access token. Default 3600 s. */
  accessTokenTtlSeconds?: number;
  /** Lifetime of the site's customer token (the single-sign-on token). Default 900 s. */
  customerTokenTtlSeconds?: number;
  /** Lifetime of a sign-in: a login session or a partner's refresh chain. Default 14 days. */
  signInTtlSeconds?: number;
  /** Entries the in-memory store keeps at most. Default 100 000. */
  maxEntries?: number;
  /**
   * The key the site's calls must present (X-Api-Key, ../http/caller.ts). Null or unset: only
   * callers on this machine may make them (the in-process default).
   */
  apiKey?: string | null;
  logger?: Logger & { info(obj: object, msg?: string): void };
}

export interface SsoHealth {
  ok: true;
  brands: number;
  clients: number;
  /** Codes, tokens, grants and login sessions held now. */
  entries: number;
}

export interface SsoService {
  /** `http://host:port` without a trailing slash: where the service listens. */
  url: string;
  port: number;
  /** What partners use (metadata `issuer`); the listening address unless told otherwise. */
  issuer: string;
  health(): SsoHealth;
  /** Replaces the brands and clients (a tenant file changed); returns how many clients now. */
  setBrands(brands: SsoBrand[]): number;
  close(): Promise<void>;
}

function seconds(value: number | undefined, fallback: number, max: number, name: string) {
  const chosen = value ?? fallback;
  if (!Number.isInteger(chosen) || chosen < 1 || chosen > max) {
    throw new RangeError(`${name} must be a whole number of seconds from 1 to ${max}`);
  }
  return chosen;
}

const STANDARD_SCOPES = ['openid', 'offline_access', 'profile', 'email'];

export async function startSsoService(options: StartSsoServiceOptions): Promise<SsoService> {
  const logger = options.logger ?? appLogger.child({ service: 'sso' });
  const codeTtl = seconds(options.codeTtlSeconds, 300, MAX_CODE_TTL_SECONDS, 'codeTtlSeconds');
  const day = 24 * 60 * 60;
  const accessTokenTtl = seconds(options.accessTokenTtlSeconds, 3600, day, 'accessTokenTtlSeconds');
  const customerTokenTtl = seconds(
    options.customerTokenTtlSeconds,
    900,
    day,
    'customerTokenTtlSeconds',
  );
  const signInTtl = seconds(options.signInTtlSeconds, 14 * day, 365 * day, 'signInTtlSeconds');

  let clients = indexClients(options.brands, logger);
  const client = (id: string): RegisteredClient | undefined => clients.get(id);

  type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>;
  const store = createMemoryStore({ maxEntries: options.maxEntries, logger });
  const health = (): SsoHealth => ({
    ok: true,
    brands: new Set([...clients.values()].map((c) => c.brand.sitePath)).size,
    clients: clients.size,
    entries: store.size(),
  });
  const scopes = new Set(STANDARD_SCOPES);
  for (const c of clients.values()) for (const s of c.scopes) scopes.add(s);

  // oidc-provider and its module graph (koa, its own jose) weigh about 40 MB resident: they load
  // with the first request, not at start, so a site whose partners never sign in does not carry
  // them (decision 0013's memory budget). The first request waits for them (well under a second).
  let handler: Handler | null = null;
  let building: Promise<Handler> | null = null;
  const build = async (): Promise<Handler> => {
    const { createProvider } = await import('./provider');
    const provider = createProvider({
      issuer,
      store,
      client,
      scopes: [...scopes],
      codeTtl,
      accessTokenTtl,
      grantTtl: signInTtl,
      logger,
    });
    const sessions = createLoginSessions({
      issuer,
      store,
      customerTokenTtl,
      sessionTtl: signInTtl,
      now: () => Date.now(),
      logger,
    });
    const frontEnd = createFrontEnd({
      client,
      provider,
      sessions,
      loyaltyUrl: options.loyaltyUrl,
      loyaltyTimeoutMs: options.loyaltyTimeoutMs ?? 5000,
      issuer,
      logger,
      brands: () => new Set([...clients.values()].map((c) => c.brand.sitePath)),
      revokeAccount: (accountId) => store.revokeAccount(accountId),
    });
    return createRequestHandler({
      frontEnd,
      provider: provider.provider.callback(),
      health,
      logger,
      apiKey: options.apiKey ?? null,
    });
  };
  const listening = await listenService(
    async (req, res) => {
      if (!handler) {
        building ??= build().then((built) => (handler = built));
        try {
          await building;
        } catch (error) {
          building = null;
          logger.error({ err: error }, 'sso: the provider could not be built');
          res.writeHead(503, { 'Content-Type': 'application/json', 'Retry-After': '1' });
          res.end(JSON.stringify({ error: 'The sign-in service is not available right now.' }));
          return;
        }
      }
      return handler!(req, res);
    },
    { port: options.port, host: options.host },
  );
  // The issuer names the listening address, known once listening (build() runs after that).
  const issuer = (options.issuer ?? listening.url).replace(/\/$/, '');

  let closed = false;
  return {
    url: listening.url,
    port: listening.port,
    issuer,
    health,
    setBrands(brands) {
      clients = indexClients(brands, logger);
      const unknown = [...clients.values()].flatMap((c) => c.scopes).filter((s) => !scopes.has(s));
      if (unknown.length) {
        logger.warn({ scopes: [...new Set(unknown)] }, 'sso: new scopes need a restart');
      }
      return clients.size;
    },
    async close() {
      if (closed) return;
      closed = true;
      await listening.close();
    },
  };
}
