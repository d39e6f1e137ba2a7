/**
 * The login front end's four calls (docs/sso-api.md): the brand site checks the shopper's password
 * here, gets the authorization code for the partner, refreshes its single-sign-on token and revokes
 * it at logout. Every refusal is a 4xx (or 503 for a loyalty outage) with a message the site shows
 * the shopper as it is (docs/reference/sso.md "Rules": provider errors).
 *
 * Why codes are minted here rather than by finishing the provider's interaction: finishing one
 * ends at the provider's resume address, which needs the `_interaction_resume` cookie the
 * provider set in the browser at its authorization endpoint. A partner may link straight to the
 * brand's `/sso/login?oauth=…`, so that browser has no provider cookie at all. Minting the code
 * through the provider's own models (Grant + AuthorizationCode) works either way, and the token
 * endpoint then checks it like any other: client, exact redirect URI, PKCE verifier, single use,
 * expiry.
 */
import { RateLimiterMemory } from 'rate-limiter-flexible';
import { z } from 'zod';
import { HttpError } from '../http/service';
import type { RegisteredClient } from './brands';
import { loyaltyLogin, LoyaltyRefused, LoyaltyUnavailable } from './loyalty';
import { accountIdOf, type CustomerTokens, type LoginSessions } from './login-sessions';
import type { SsoProvider } from './provider';

/** A refusal: its status, and a message the site shows the shopper as it is. */
export class FrontEndError extends HttpError {}

export const MESSAGES = {
  badRequest:
    'This sign-in request is not valid. Please go back to the partner site and try again.',
  unknownClient: 'This sign-in request names a partner site we do not know.',
  redirectUri: 'The return address of this sign-in request is not registered for the partner site.',
  responseType: 'This sign-in request must ask for an authorization code (response type "code").',
  noChallenge: 'This sign-in request has no PKCE code challenge.',
  challengeMethod: 'This sign-in request must use the S256 code challenge method.',
  challenge: 'The PKCE code challenge of this sign-in request is not valid.',
  scope: 'This sign-in request asks for access the partner site may not have.',
  interaction: 'This sign-in request does not match the one the partner site started.',
  credentials: 'Invalid email address or password.',
  missingCredentials: 'Please enter your email address and password.',
  tooManyFailures: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
  loyaltyDown: 'Sign-in is not available right now. Please try again in a few minutes.',
  noLoyalty: 'Sign-in is not available for this store.',
  expired: 'Your sign-in has expired. Please log in again.',
  otherBrand: 'This sign-in belongs to another store.',
  customerToken: 'customer_token is required.',
  refreshToken: 'refresh_token is required.',
  token: 'token is required.',
  shopper: 'brand and shopper are required.',
  unknownBrand: 'This store does not sign shoppers in to partner sites here.',
  postLogout: 'The sign-out return address is not registered for the partner site.',
} as const;

/** The `oauth` parameter's fields (docs/sso-api.md); extra keys are ignored. */
const oauthShape = z.object({
  clientId: z.string().max(200),
  redirectUri: z.string().max(2000),
  scope: z.string().max(2000).optional(),
  state: z.string().max(2000).optional(),
  codeChallenge: z.string().max(200).optional(),
  codeChallengeMethod: z.string().max(50).optional(),
  responseType: z.string().max(50).optional(),
  interaction: z.string().max(200).optional(),
});

/** RFC 7636 §4.2: 43 to 128 unreserved characters (S256 gives exactly 43). */
const CHALLENGE = /^[A-Za-z0-9._~-]{43,128}$/;

export interface OAuthRequest {
  client: RegisteredClient;
  redirectUri: string;
  scope: string;
  state?: string;
  codeChallenge: string;
  interaction?: string;
}

export interface FrontEndDeps {
  client(id: string): RegisteredClient | undefined;
  provider: SsoProvider;
  sessions: LoginSessions;
  loyaltyUrl: string | null;
  loyaltyTimeoutMs: number;
  issuer: string;
  logger: { warn(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
  /** The site paths of the brands served now. */
  brands(): Set<string>;
  /** Ends every grant and login session of an account; how many grants. */
  revokeAccount(accountId: string): number;
}

/** Failed logins per brand and e-mail address before the provider waits (the site limits first). */
const FAILURES_PER_ACCOUNT = 20;
const FAILURE_WINDOW_SECONDS = 15 * 60;
/**
 * Failed logins per shopper address (any account) in that window: one address trying many
 * accounts waits after this many. The site forwards the shopper's address (X-Shopper-Address);
 * a caller it cannot vouch for is counted by its own address.
 */
export const FAILURES_PER_ADDRESS = 10;

export function createFrontEnd(deps: FrontEndDeps) {
  const failures = new RateLimiterMemory({
    points: FAILURES_PER_ACCOUNT,
    duration: FAILURE_WINDOW_SECONDS,
  });
  const addressFailures = new RateLimiterMemory({
    points: FAILURES_PER_ADDRESS,
    duration: FAILURE_WINDOW_SECONDS,
  });
  const spent = async (limiter: RateLimiterMemory, key: string, points: number) =>
    ((await limiter.get(key))?.consumedPoints ?? 0) >= points;

  /**
   * A token from the JSON body's field, else from the address (the form docs/sso-api.md keeps
   * for providers built to the first contract; the site sends bodies: RFC 6750 §5.3).
   */
  function tokenOf(body: Record<string, unknown>, query: URLSearchParams, field: string) {
    const value = field in body ? body[field] : query.get(field);
    return typeof value === 'string' && value.length <= 4096 ? value : null;
  }

  /** Validates the OAuth parameters against the registered client, in the order docs list. */
  function oauthRequest(input: unknown): OAuthRequest {
    const parsed = oauthShape.safeParse(input);
    if (!parsed.success) throw new FrontEndError(400, MESSAGES.badRequest);
    const p = parsed.data;
    const client = deps.client(p.clientId);
    if (!client) throw new FrontEndError(400, MESSAGES.unknownClient);
    if (!client.redirectUris.includes(p.redirectUri)) {
      throw new FrontEndError(400, MESSAGES.redirectUri);
    }
    if (p.responseType !== 'code') throw new FrontEndError(400, MESSAGES.responseType);
    if (!p.codeChallenge) throw new FrontEndError(400, MESSAGES.noChallenge);
    if (p.codeChallengeMethod !== 'S256') throw new FrontEndError(400, MESSAGES.challengeMethod);
    if (!CHALLENGE.test(p.codeChallenge)) throw new FrontEndError(400, MESSAGES.challenge);
    const scope = (p.scope ?? '').split(' ').filter(Boolean);
    if (scope.some((s) => !client.scopes.includes(s))) throw new FrontEndError(400, MESSAGES.scope);
    return {
      client,
      redirectUri: p.redirectUri,
      scope: [...new Set(scope)].join(' '),
      ...(p.state !== undefined ? { state: p.state } : {}),
      codeChallenge: p.codeChallenge,
      ...(p.interaction ? { interaction: p.interaction } : {}),
    };
  }

  /** `Authorization: Basic base64(email:password)`; the password may hold colons. */
  function basicCredential(header: string | undefined) {
    const match = /^\s*Basic\s+([A-Za-z0-9+/=]{1,2000})\s*$/i.exec(header ?? '');
    if (!match) throw new FrontEndError(400, MESSAGES.missingCredentials);
    const decoded = Buffer.from(match[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    const email = colon > 0 ? decoded.slice(0, colon).trim() : '';
    const password = colon > 0 ? decoded.slice(colon + 1) : '';
    if (!email || !password || email.length > 254 || password.length > 128) {
      throw new FrontEndError(400, MESSAGES.missingCredentials);
    }
    return { email, password };
  }

  return {
    /** POST /authenticate/login */
    async login(
      authorization: string | undefined,
      body: unknown,
      address: string,
    ): Promise<CustomerTokens> {
      const oauth = oauthRequest(body);
      const { email, password } = basicCredential(authorization);
      const { brand } = oauth.client;
      if (!brand.loyalty || !deps.loyaltyUrl) throw new FrontEndError(503, MESSAGES.noLoyalty);
      // One count per account however the address or phone number is written.
      const account = email.includes('@') ? email.toLowerCase() : email.replace(/\D/g, '');
      const key = `${brand.sitePath}:${account}`;
      if (
        (await spent(failures, key, FAILURES_PER_ACCOUNT)) ||
        (await spent(addressFailures, address, FAILURES_PER_ADDRESS))
      ) {
        throw new FrontEndError(429, MESSAGES.tooManyFailures);
      }
      let shopper;
      try {
        shopper = await loyaltyLogin(
          deps.loyaltyUrl,
          brand.loyalty,
          { emailOrPhone: email, password },
          deps.loyaltyTimeoutMs,
        );
      } catch (error) {
        if (error instanceof LoyaltyRefused) {
          await failures.penalty(key);
          await addressFailures.penalty(address);
          throw new FrontEndError(401, MESSAGES.credentials);
        }
        if (error instanceof LoyaltyUnavailable) {
          deps.logger.warn({ brand: brand.sitePath, reason: error.message }, 'sso: loyalty login');
          throw new FrontEndError(503, MESSAGES.loyaltyDown);
        }
        throw error;
      }
      await failures.delete(key);
      return deps.sessions.start({
        brand: brand.sitePath,
        frqShopperNo: shopper.frqShopperNo,
        // The loyalty API also takes a phone number, which is no e-mail claim.
        email: email.includes('@') ? email : null,
        givenName: shopper.firstName,
      });
    },

    /** POST /authenticate/token */
    async token(body: unknown): Promise<{ redirectUrl: string }> {
      const customerToken = (body as { customer_token?: unknown } | null)?.customer_token;
      const oauth = oauthRequest(body);
      if (typeof customerToken !== 'string' || !customerToken) {
        throw new FrontEndError(400, MESSAGES.customerToken);
      }
      const customer = await deps.sessions.verify(customerToken);
      if (!customer) throw new FrontEndError(401, MESSAGES.expired);
      if (customer.brand !== oauth.client.brand.sitePath) {
        throw new FrontEndError(403, MESSAGES.otherBrand);
      }
      let nonce: string | undefined;
      if (oauth.interaction) {
        // The provider's record of a request that went through its authorization endpoint: it
        // must be this request, and it carries the partner's nonce. An expired one is no
        // obstacle (the request was validated above), only no longer a source of a nonce.
        const interaction = await deps.provider.provider.Interaction.find(oauth.interaction);
        if (interaction) {
          const p = interaction.params;
          const same =
            p.client_id === oauth.client.clientId &&
            p.redirect_uri === oauth.redirectUri &&
            p.code_challenge === oauth.codeChallenge &&
            (p.state ?? undefined) === oauth.state;
          if (!same) throw new FrontEndError(400, MESSAGES.interaction);
          if (typeof p.nonce === 'string') nonce = p.nonce;
          await interaction.destroy();
        }
      }
      const code = await deps.provider.mintCode({
        clientId: oauth.client.clientId,
        accountId: accountIdOf(customer.brand, customer.frqShopperNo),
        profile: { email: customer.email, givenName: customer.givenName },
        redirectUri: oauth.redirectUri,
        scope: oauth.scope,
        codeChallenge: oauth.codeChallenge,
        nonce,
      });
      const target = new URL(oauth.redirectUri);
      target.searchParams.set('code', code);
      if (oauth.state !== undefined) target.searchParams.set('state', oauth.state);
      target.searchParams.set('iss', deps.issuer);
      return { redirectUrl: target.href };
    },

    /** POST /token/refresh with `{ refresh_token }` (or `?refresh_token=…`) */
    async refresh(body: Record<string, unknown>, query: URLSearchParams) {
      const refreshToken = tokenOf(body, query, 'refresh_token');
      if (!refreshToken) throw new FrontEndError(400, MESSAGES.refreshToken);
      const tokens = await deps.sessions.refresh(refreshToken);
      if (!tokens) throw new FrontEndError(401, MESSAGES.expired);
      return {
        access_token: tokens.customerToken,
        refresh_token: tokens.refreshToken,
        expires_in: tokens.expiresIn,
      };
    },

    /**
     * POST /api/logout/revoketoken with `{ client_id, post_logout_redirect_uri, token }` (or GET
     * with them in the query): ends the login session of a customer or refresh token of the
     * client's brand. As RFC 7009 has it, a token that is unknown or already over needs no
     * revoking and is no error.
     */
    async revoke(body: Record<string, unknown>, query: URLSearchParams) {
      const token = tokenOf(body, query, 'token');
      const clientId = tokenOf(body, query, 'client_id');
      const postLogout = tokenOf(body, query, 'post_logout_redirect_uri');
      const client = clientId ? deps.client(clientId) : undefined;
      if (!client) throw new FrontEndError(400, MESSAGES.unknownClient);
      if (!postLogout || !client.postLogoutRedirectUris.includes(postLogout)) {
        throw new FrontEndError(400, MESSAGES.postLogout);
      }
      if (!token) throw new FrontEndError(400, MESSAGES.token);
      const session = await deps.sessions.find(token);
      if (session) {
        if (session.brand !== client.brand.sitePath) {
          throw new FrontEndError(403, MESSAGES.otherBrand);
        }
        deps.sessions.end(session.sid);
      }
      return { post_logout_redirect_uri: postLogout };
    },

    /**
     * POST /api/logout/revokeall with `{ brand, shopper }`: the shopper's password changed, was
     * reset, or they logged out everywhere. Every partner grant of that shopper on that brand
     * ends (its refresh and access tokens with it) and every login session the site holds.
     */
    revokeAll(body: Record<string, unknown>) {
      const brand = typeof body.brand === 'string' ? body.brand : '';
      const shopper = typeof body.shopper === 'string' ? body.shopper : '';
      if (!/^[a-z0-9-]{1,64}$/.test(brand) || !/^[A-Za-z0-9_-]{1,64}$/.test(shopper)) {
        throw new FrontEndError(400, MESSAGES.shopper);
      }
      if (!deps.brands().has(brand)) throw new FrontEndError(404, MESSAGES.unknownBrand);
      return { revoked: deps.revokeAccount(accountIdOf(brand, shopper)) };
    },
  };
}

export type FrontEnd = ReturnType<typeof createFrontEnd>;
