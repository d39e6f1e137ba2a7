import { z } from 'zod';
import type { OAuthParams } from '~/lib/sso/provider.server';
import type { Tenant } from '~/lib/tenant/schema';

/**
 * The `oauth` parameter of /sso/login and /sso/register (docs/sso-api.md "The `oauth`
 * parameter"): base64url of a JSON object naming the partner client and its authorization
 * request. It is checked against the brand's registered clients before anything is shown; a
 * refusal is an error page of ours (status 400), never a redirect: the redirect URI of a request
 * that fails the check is exactly the address that must not be trusted.
 */

export type SsoClient = NonNullable<Tenant['services']['sso']>['clients'][number];

/** Longest `oauth` value taken (its JSON holds a few short strings; a state of ~1 KB fits). */
export const MAX_OAUTH_PARAM_LENGTH = 4096;

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;
/** RFC 7636 §4.2: 43 to 128 characters of the unreserved set (S256 gives 43 base64url). */
const CODE_CHALLENGE = /^[A-Za-z0-9._~-]{43,128}$/;
/** RFC 6749 §3.3 scope-token characters, space-separated. */
const SCOPE_TOKEN = /^[\x21\x23-\x5B\x5D-\x7E]+$/;
/** RFC 6749 §4.1.1 state: visible ASCII (VSCHAR); bounded. */
const STATE = /^[\x20-\x7E]{1,1024}$/;
const INTERACTION = /^[A-Za-z0-9_-]{1,128}$/;

/** The decoded request: what the provider's login and token calls are given (camelCase). */
export type OAuthRequest = OAuthParams;

export type OAuthProblemCode =
  | 'missing'
  | 'malformed'
  | 'unknown-client'
  | 'redirect-uri'
  | 'code-challenge'
  | 'challenge-method'
  | 'response-type'
  | 'scope';

/** Why a request was refused, and what the page says (status 400). */
export interface OAuthProblem {
  code: OAuthProblemCode;
  message: string;
}

export type OAuthCheck =
  | {
      ok: true;
      request: OAuthRequest;
      client: SsoClient;
      /** The value as received. */ raw: string;
    }
  | { ok: false; problem: OAuthProblem };

const GO_BACK = 'Please go back to the site you came from and try again.';

export const OAUTH_MESSAGES = {
  missing: `This sign-in link is incomplete: it does not say which site you are signing in to. ${GO_BACK}`,
  malformed: `This sign-in link is damaged and cannot be read. ${GO_BACK}`,
  unknownClient: `This sign-in link names a site that is not registered with us. ${GO_BACK}`,
  redirectUri: (client: string) =>
    `This sign-in link asks to return to an address that is not registered for ${client}. ${GO_BACK}`,
  codeChallenge: `This sign-in link is missing its security code (PKCE code challenge). ${GO_BACK}`,
  challengeMethod: `This sign-in link uses a security code method other than S256. ${GO_BACK}`,
  responseType: `This sign-in link asks for a response type other than an authorization code. ${GO_BACK}`,
  scope: (client: string, scopes: string[]) =>
    `This sign-in link asks for access that ${client} is not allowed (${scopes.join(', ')}). ${GO_BACK}`,
} as const;

const problem = (code: OAuthProblemCode, message: string): OAuthCheck => ({
  ok: false,
  problem: { code, message },
});

/** The JSON's shape; unknown members are ignored (the contract may grow). */
const oauthJson = z.object({
  clientId: z.string().min(1).max(64),
  redirectUri: z.string().min(1).max(2048),
  scope: z.string().max(1024).optional(),
  state: z.string().optional(),
  codeChallenge: z.string().max(256).optional(),
  codeChallengeMethod: z.string().max(32).optional(),
  responseType: z.string().max(64).optional(),
  interaction: z.string().optional(),
});

function decodeJson(value: string): unknown {
  if (!BASE64URL.test(value)) return undefined;
  const text = Buffer.from(value, 'base64url').toString('utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Checks an `oauth` value against the brand's clients (docs/sso-api.md): undecodable or oversize,
 * unknown client, redirect URI not registered for it (exact match), no code challenge, a method
 * other than S256, a response type other than `code`, a scope outside the client's. The order is
 * the order of trust: nothing of the request is named on the page before its client is known.
 */
export function checkOAuthParam(
  value: string | null | undefined,
  clients: readonly SsoClient[],
): OAuthCheck {
  if (!value) return problem('missing', OAUTH_MESSAGES.missing);
  if (value.length > MAX_OAUTH_PARAM_LENGTH) return problem('malformed', OAUTH_MESSAGES.malformed);
  const parsed = oauthJson.safeParse(decodeJson(value));
  if (!parsed.success) return problem('malformed', OAUTH_MESSAGES.malformed);
  const json = parsed.data;
  if (json.state !== undefined && json.state !== '' && !STATE.test(json.state)) {
    return problem('malformed', OAUTH_MESSAGES.malformed);
  }
  if (json.interaction !== undefined && !INTERACTION.test(json.interaction)) {
    return problem('malformed', OAUTH_MESSAGES.malformed);
  }

  const client = clients.find((c) => c.clientId === json.clientId);
  if (!client) return problem('unknown-client', OAUTH_MESSAGES.unknownClient);
  // Exact string match (RFC 9700 §4.1.3): no prefix, no normalisation.
  if (!client.redirectUris.includes(json.redirectUri)) {
    return problem('redirect-uri', OAUTH_MESSAGES.redirectUri(client.name));
  }
  if (!json.codeChallenge) return problem('code-challenge', OAUTH_MESSAGES.codeChallenge);
  if (json.codeChallengeMethod !== 'S256') {
    return problem('challenge-method', OAUTH_MESSAGES.challengeMethod);
  }
  if (!CODE_CHALLENGE.test(json.codeChallenge)) {
    return problem('code-challenge', OAUTH_MESSAGES.codeChallenge);
  }
  if (json.responseType !== 'code') return problem('response-type', OAUTH_MESSAGES.responseType);
  const scopes = (json.scope ?? '').split(' ').filter(Boolean);
  const outside = scopes.filter((s) => !SCOPE_TOKEN.test(s) || !client.scopes.includes(s));
  if (outside.length) {
    return problem('scope', OAUTH_MESSAGES.scope(client.name, outside.slice(0, 5)));
  }

  const request: OAuthRequest = {
    clientId: client.clientId,
    redirectUri: json.redirectUri,
    scope: scopes.join(' '),
    ...(json.state ? { state: json.state } : {}),
    codeChallenge: json.codeChallenge,
    codeChallengeMethod: 'S256',
    responseType: 'code',
    ...(json.interaction ? { interaction: json.interaction } : {}),
  };
  return { ok: true, request, client, raw: value };
}

/** The brand's partner clients (none when the tenant file names no single sign-on). */
export function ssoClients(tenant: Pick<Tenant, 'services'>): readonly SsoClient[] {
  return tenant.services.sso?.clients ?? [];
}

/** Encodes a request as the `oauth` parameter (what a provider or a test sends). */
export function encodeOAuthParam(request: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify(request), 'utf8').toString('base64url');
}

/**
 * Whether the provider's `redirectUrl` may be followed (what `POST /authenticate/token` answers,
 * docs/sso-api.md): the request's own redirect URI (which the check above found registered)
 * carrying the code, or an address of the provider (its resume step, which then leads there).
 * Compared as parsed URLs, never as string prefixes: `…/callbackevil` and `…/callback@evil` are
 * refused.
 */
export function redirectUrlAllowed(
  redirectUrl: unknown,
  request: Pick<OAuthRequest, 'redirectUri'>,
  issuer: string | null,
): boolean {
  if (typeof redirectUrl !== 'string' || redirectUrl.length > 8192) return false;
  let target: URL;
  try {
    target = new URL(redirectUrl);
  } catch {
    return false;
  }
  if (target.protocol !== 'https:' && target.protocol !== 'http:') return false;
  if (target.username || target.password) return false;

  const registered = new URL(request.redirectUri);
  if (
    target.origin === registered.origin &&
    target.pathname === registered.pathname &&
    queryExtends(target.searchParams, registered.searchParams)
  ) {
    return true;
  }
  if (!issuer) return false;
  let base: URL;
  try {
    base = new URL(issuer);
  } catch {
    return false;
  }
  if (target.origin !== base.origin) return false;
  const prefix = base.pathname.endsWith('/') ? base.pathname : `${base.pathname}/`;
  return target.pathname === base.pathname || target.pathname.startsWith(prefix);
}

/** Every parameter of `registered` is in `target` with the same value. */
function queryExtends(target: URLSearchParams, registered: URLSearchParams): boolean {
  for (const [key, value] of registered) {
    if (!target.getAll(key).includes(value)) return false;
  }
  return true;
}
