/**
 * For the provider's tests (and app/sso's, through @test/reference-services): the reference
 * loyalty service in memory with two seeded brands, the SSO provider in front of it, a partner
 * played by oauth4webapi, and the brand site's part of a sign-in done over the login front end's
 * calls (what /sso/login does).
 */
import * as oauth from 'oauth4webapi';
import { DEMO_SHOPPERS, DEV_LOYALTY_BASIC } from '../loyalty/credentials';
import { startLoyaltyService, type LoyaltyService } from '../loyalty/index';
import type { SsoBrand } from './brands';
import { startSsoService, type SsoService, type StartSsoServiceOptions } from './index';

export const AVA = DEMO_SHOPPERS[0];
export const BEN = DEMO_SHOPPERS[1];
export const CARA = DEMO_SHOPPERS[2];

export const PARTNER = {
  clientId: 'lins-online-ordering',
  redirectUri: 'http://localhost:8400/callback',
  postLogout: 'http://localhost:8400/',
};

/** Two brands: lins with the demo online-ordering client, southend with a narrower pharmacy app. */
export function testBrands(loyaltyBasic = DEV_LOYALTY_BASIC): SsoBrand[] {
  return [
    {
      sitePath: 'lins',
      origin: 'http://lins.localhost:3000',
      loyalty: { appId: 'lins', basic: loyaltyBasic },
      clients: [
        {
          clientId: PARTNER.clientId,
          name: "Lin's Online Ordering",
          redirectUris: [PARTNER.redirectUri],
          postLogoutRedirectUris: [PARTNER.postLogout],
          scopes: ['openid', 'profile', 'email', 'offline_access'],
        },
      ],
    },
    {
      sitePath: 'southend',
      origin: 'http://southend.localhost:3000',
      loyalty: { appId: 'southend', basic: loyaltyBasic },
      clients: [
        {
          clientId: 'southend-pharmacy',
          name: 'Southend Pharmacy',
          redirectUris: ['http://127.0.0.1:8401/cb?app=pharmacy'],
          postLogoutRedirectUris: ['http://127.0.0.1:8401/'],
          scopes: ['openid', 'profile'],
        },
      ],
    },
  ];
}

export interface ProviderKit {
  loyalty: LoyaltyService;
  sso: SsoService;
  close(): Promise<void>;
}

/** The reference loyalty service (memory) with lins and southend seeded, and a provider on it. */
export async function startProviderKit(
  options: Partial<StartSsoServiceOptions> = {},
): Promise<ProviderKit> {
  const loyalty = await startLoyaltyService({
    dataDir: 'memory://',
    apps: [
      { appId: 'lins', storeNumbers: ['0012'], tiers: [500, 1000] },
      { appId: 'southend', storeNumbers: ['0201'], tiers: [250] },
    ],
  });
  const sso = await startSsoService({
    brands: testBrands(),
    loyaltyUrl: loyalty.url,
    ...options,
  });
  return {
    loyalty,
    sso,
    async close() {
      await sso.close();
      await loyalty.close();
    },
  };
}

export const basic = (email: string, password: string) =>
  `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`;

export function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/** The partner: oauth4webapi against the provider's RFC 8414 metadata, over plain http. */
export async function partner(issuer: string, clientId = PARTNER.clientId) {
  const as = await oauth.processDiscoveryResponse(
    new URL(issuer),
    await oauth.discoveryRequest(new URL(issuer), {
      algorithm: 'oauth2',
      [oauth.allowInsecureRequests]: true,
    }),
  );
  const client: oauth.Client = { client_id: clientId };
  const http = { [oauth.allowInsecureRequests]: true };
  return {
    as,
    client,
    /** A fresh authorization request: its address at the provider, and what to check it with. */
    async start(
      params: Record<string, string> = {},
      redirectUri = PARTNER.redirectUri,
    ): Promise<{ url: URL; verifier: string; state: string; redirectUri: string }> {
      const verifier = oauth.generateRandomCodeVerifier();
      const state = oauth.generateRandomState();
      const url = new URL(as.authorization_endpoint!);
      url.search = new URLSearchParams({
        client_id: clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'openid profile email offline_access',
        state,
        code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        ...params,
      }).toString();
      return { url, verifier, state, redirectUri };
    },
    /** The partner's /callback: checks the response and exchanges the code with the verifier. */
    async exchange(
      callback: string,
      request: { verifier: string; state: string; redirectUri: string },
      expectedNonce?: string,
    ) {
      const params = oauth.validateAuthResponse(as, client, new URL(callback), request.state);
      const response = await oauth.authorizationCodeGrantRequest(
        as,
        client,
        oauth.None(),
        params,
        request.redirectUri,
        request.verifier,
        http,
      );
      return oauth.processAuthorizationCodeResponse(as, client, response, { expectedNonce });
    },
    /** The token endpoint's raw answer to a code exchange (for refusals). */
    redeem(code: string, verifier: string, redirectUri = PARTNER.redirectUri) {
      return fetch(as.token_endpoint!, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          client_id: clientId,
          code,
          code_verifier: verifier,
          redirect_uri: redirectUri,
        }),
      });
    },
    async refresh(refreshToken: string) {
      const response = await oauth.refreshTokenGrantRequest(
        as,
        client,
        oauth.None(),
        refreshToken,
        http,
      );
      return oauth.processRefreshTokenResponse(as, client, response);
    },
    async revoke(token: string) {
      const response = await oauth.revocationRequest(as, client, oauth.None(), token, http);
      return oauth.processRevocationResponse(response);
    },
    async userInfo(accessToken: string, sub: string) {
      const response = await oauth.userInfoRequest(as, client, accessToken, http);
      return oauth.processUserInfoResponse(as, client, sub, response);
    },
  };
}

/** The `oauth` parameter the provider put on the brand site's /sso/login address. */
export function oauthOf(location: string): Record<string, string> {
  const value = new URL(location).searchParams.get('oauth');
  if (!value) throw new Error(`no oauth parameter in ${location}`);
  return JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Record<string, string>;
}

/**
 * What the brand site does on /sso/login: follows the provider's redirect, checks the password
 * (/authenticate/login) and asks for the code (/authenticate/token); returns the partner
 * redirect it would send the browser to.
 */
export async function signInAtSite(
  sso: SsoService,
  authorizationUrl: URL,
  shopper: { email: string; password: string } = AVA,
): Promise<string> {
  const auth = await fetch(authorizationUrl, { redirect: 'manual' });
  const location = auth.headers.get('location');
  if (auth.status !== 303 || !location) {
    throw new Error(`authorization endpoint answered ${auth.status}: ${await auth.text()}`);
  }
  const params = oauthOf(location);
  const login = await postJson(`${sso.url}/authenticate/login`, params, {
    authorization: basic(shopper.email, shopper.password),
  });
  if (login.status !== 200) throw new Error(`login answered ${login.status}`);
  const { customerToken } = (await login.json()) as { customerToken: string };
  const token = await postJson(`${sso.url}/authenticate/token`, {
    customer_token: customerToken,
    ...params,
  });
  if (token.status !== 200) throw new Error(`token answered ${token.status}`);
  return ((await token.json()) as { redirectUrl: string }).redirectUrl;
}
