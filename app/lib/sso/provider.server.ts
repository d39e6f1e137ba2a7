/**
 * The site's client of the identity provider's login front-end calls (docs/sso-api.md): server to
 * server, with undici and a deadline. The provider is the tenant's (`services.sso.url`) or the
 * reference one server.ts started in-process (services/sso).
 *
 * - `login` sends the shopper's e-mail address and password as a Basic credential, and the
 *   shopper's address (X-Shopper-Address) the provider's per-address limit counts; the token calls
 *   (`token`, `refresh`, `revoke`, `revokeAll`) send no Authorization header (the contract says
 *   so), and tokens in JSON bodies (RFC 6750 §5.3), or in the address for a provider that takes
 *   only that first form of the contract (`services.sso.tokensInQuery`).
 * - Every call presents the provider's key (X-Api-Key) when the brand names one
 *   (`services.sso.apiKeyEnv`); the reference provider started alone beyond loopback needs it.
 * - Every reply is validated; a refusal becomes an SsoError whose message is the reply's `error`
 *   field, or the generic message when there is none, the reply is not what the contract says, or
 *   the provider cannot be reached in time.
 */
import { request } from 'undici';
import { z } from 'zod';
import type { AppLoadContext } from '@remix-run/node';
import type { AppContext } from '~/lib/context.server';
import { logger } from '@common/logger.server';
import { readLimited } from '~/lib/http/read-limited.server';

/** The `oauth` parameter's content (docs/sso-api.md), as the provider's calls take it. */
export interface OAuthParams {
  clientId: string;
  redirectUri: string;
  /** Space-separated scopes, each one the client's ('' when the partner named none). */
  scope: string;
  state?: string;
  codeChallenge: string;
  codeChallengeMethod: 'S256';
  responseType: 'code';
  /** The provider's interaction id, when the request came through its authorization endpoint. */
  interaction?: string;
}

export const SSO_GENERIC_ERROR =
  'Something went wrong with your request. Please try submitting again.';

/** A call the provider refused (status 4xx/5xx) or that did not reach it (status 503). */
export class SsoError extends Error {
  name = 'SsoError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** The whole call (connect, headers, body) ends within this. */
export const SSO_TIMEOUT_MS = 5000;
const MAX_REPLY_BYTES = 64 * 1024;

const loginReply = z.object({
  customerToken: z.string().min(1),
  refreshToken: z.string().min(1),
  expiresIn: z.number().int().positive(),
});
const tokenReply = z.object({ redirectUrl: z.string().url() });
const refreshReply = z
  .object({
    access_token: z.string().min(1),
    refresh_token: z.string().min(1),
    expires_in: z.number().int().positive(),
  })
  .transform((r) => ({
    accessToken: r.access_token,
    refreshToken: r.refresh_token,
    expiresIn: r.expires_in,
  }));
const revokeAllReply = z.object({ revoked: z.number().int().nonnegative() });
const revokeReply = z
  .object({ post_logout_redirect_uri: z.string().url() })
  .transform((r) => ({ postLogoutRedirectUri: r.post_logout_redirect_uri }));
const errorReply = z.object({ error: z.string().trim().min(1).max(500) });

export type SsoLogin = z.output<typeof loginReply>;
export type SsoToken = z.output<typeof tokenReply>;
export type SsoRefresh = z.output<typeof refreshReply>;
export type SsoRevoke = z.output<typeof revokeReply>;

export interface SsoProviderOptions {
  timeoutMs?: number;
  /** The provider's key (X-Api-Key), when the brand names one. */
  apiKey?: string | null;
  /**
   * Tokens in the address (`?refresh_token=`, GET revoketoken): for a provider that takes only
   * that first form of the contract (`services.sso.tokensInQuery`). Default: in JSON bodies.
   */
  tokensInQuery?: boolean;
}

/** The provider's address for this request's brand; null when the site has none. */
export function ssoBaseUrl(context: Pick<AppContext, 'tenant' | 'services'>): string | null {
  return context.tenant.services.sso?.url ?? context.services.references.sso ?? null;
}

type CallInit = {
  query?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
};

/** One call to the provider: its reply validated against `schema`, or an SsoError. */
async function callProvider<T extends z.ZodTypeAny>(
  { base, timeoutMs, apiKey }: { base: string; timeoutMs: number; apiKey: string | null },
  schema: T,
  method: 'GET' | 'POST',
  path: string,
  init: CallInit = {},
): Promise<z.output<T>> {
  const url = new URL(path, base);
  for (const [name, value] of Object.entries(init.query ?? {})) {
    url.searchParams.set(name, value);
  }
  const started = Date.now();
  // Paths only in the log: queries and bodies carry tokens and passwords.
  const fail = (status: number, message: string, reason: string): never => {
    logger.warn({ path, status, reason, ms: Date.now() - started }, 'sso call failed');
    throw new SsoError(message, status);
  };
  let status: number;
  let text: string;
  try {
    const response = await request(url, {
      method,
      headers: {
        accept: 'application/json',
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(apiKey ? { 'x-api-key': apiKey } : {}),
        ...init.headers,
      },
      body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      signal: AbortSignal.timeout(timeoutMs),
    });
    status = response.statusCode;
    text = await readLimited(response.body, MAX_REPLY_BYTES);
  } catch (error) {
    const name = error instanceof Error ? error.name : 'Error';
    return fail(503, SSO_GENERIC_ERROR, `provider unreachable or too slow (${name})`);
  }
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON: handled below as a reply without the contract's shape
  }
  if (status >= 200 && status < 300) {
    const parsed = schema.safeParse(json);
    if (parsed.success) return parsed.data as z.output<T>;
    return fail(502, SSO_GENERIC_ERROR, 'reply is not what the contract says');
  }
  const refusal = errorReply.safeParse(json);
  return fail(
    status,
    refusal.success ? refusal.data.error : SSO_GENERIC_ERROR,
    refusal.success ? 'refused' : 'refused without an error field',
  );
}

export function ssoProvider(baseUrl: string, options: SsoProviderOptions = {}) {
  const target = {
    timeoutMs: options.timeoutMs ?? SSO_TIMEOUT_MS,
    base: baseUrl.replace(/\/*$/, '/'),
    apiKey: options.apiKey ?? null,
  };
  const call = <T extends z.ZodTypeAny>(
    schema: T,
    method: 'GET' | 'POST',
    path: string,
    init?: CallInit,
  ) => callProvider(target, schema, method, path, init);

  return {
    /** POST /authenticate/login: checks the password; the shopper's tokens. */
    login(
      email: string,
      password: string,
      oauth: OAuthParams,
      shopperAddress: string,
    ): Promise<SsoLogin> {
      const credential = Buffer.from(`${email}:${password}`, 'utf8').toString('base64');
      return call(loginReply, 'POST', 'authenticate/login', {
        body: oauth,
        headers: { authorization: `Basic ${credential}`, 'x-shopper-address': shopperAddress },
      });
    },

    /** POST /authenticate/token: the partner's redirect address carrying the code. */
    token(customerToken: string, oauth: OAuthParams): Promise<SsoToken> {
      return call(tokenReply, 'POST', 'authenticate/token', {
        body: { customer_token: customerToken, ...oauth },
      });
    },

    /** POST /token/refresh: a new single-sign-on token; the refresh token given is spent. */
    refresh(refreshToken: string): Promise<SsoRefresh> {
      const fields = { refresh_token: refreshToken };
      return call(
        refreshReply,
        'POST',
        'token/refresh',
        options.tokensInQuery ? { query: fields } : { body: fields },
      );
    },

    /** POST /api/logout/revoketoken: revokes the token; where the partner wants the shopper. */
    revoke(input: {
      clientId: string;
      postLogoutRedirectUri: string;
      token: string;
    }): Promise<SsoRevoke> {
      const fields = {
        client_id: input.clientId,
        post_logout_redirect_uri: input.postLogoutRedirectUri,
        token: input.token,
      };
      return options.tokensInQuery
        ? call(revokeReply, 'GET', 'api/logout/revoketoken', { query: fields })
        : call(revokeReply, 'POST', 'api/logout/revoketoken', { body: fields });
    },

    /**
     * POST /api/logout/revokeall: the shopper's password changed, was reset, or they logged out
     * everywhere: every partner grant and single-sign-on session of the shopper on the brand ends.
     */
    revokeAll(brand: string, frqShopperNo: string): Promise<{ revoked: number }> {
      return call(revokeAllReply, 'POST', 'api/logout/revokeall', {
        body: { brand, shopper: frqShopperNo },
      });
    },
  };
}

export type SsoProvider = ReturnType<typeof ssoProvider>;

export type SsoCalls = ReturnType<typeof ssoProvider>;

/**
 * The calls to the brand's identity provider (its own, or the reference provider) and its
 * address; null when there is none. The key it expects is read from the variable the brand names
 * (`services.sso.apiKeyEnv`).
 */
export function ssoCallsOf(
  context: Pick<AppContext, 'tenant' | 'services'>,
): { calls: SsoCalls; issuer: string } | null {
  const base = ssoBaseUrl(context);
  if (!base) return null;
  const sso = context.tenant.services.sso;
  const apiKey = sso?.apiKeyEnv ? process.env[sso.apiKeyEnv] || null : null;
  return {
    calls: ssoProvider(base, { apiKey, tokensInQuery: sso?.tokensInQuery ?? false }),
    issuer: base,
  };
}

/**
 * Ends every partner grant and single-sign-on session of a shopper on this brand (their password
 * changed or was reset, or they logged out everywhere: docs/reference/sso.md). A brand without
 * partner clients has none to end. A provider that cannot be reached is logged, and the change
 * the shopper made still stands: the grants then end with their own lifetime.
 */
export async function revokeShopperGrants(
  context: AppLoadContext,
  frqShopperNo: string,
  why: 'password changed' | 'password reset' | 'logged out everywhere',
): Promise<void> {
  if ((context.tenant.services.sso?.clients ?? []).length === 0) return;
  const provider = ssoCallsOf(context);
  if (!provider) return;
  const brand = context.tenant.sitePath;
  try {
    const { revoked } = await provider.calls.revokeAll(brand, frqShopperNo);
    logger.info({ brand, revoked, why }, 'single sign-on: partner grants revoked');
  } catch (error) {
    logger.warn({ err: error, brand, why }, 'single sign-on: partner grants not revoked');
  }
}
