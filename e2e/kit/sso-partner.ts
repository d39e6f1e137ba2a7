import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as oauth from 'oauth4webapi';

/**
 * A partner site for the single-sign-on end-to-end tests, played by a real OAuth client library
 * (oauth4webapi): discovery from the provider's RFC 8414 metadata, authorization requests with
 * PKCE (S256) and state, and a tiny HTTP server whose /callback is the registered redirect URI:
 * it checks the response (state, iss), exchanges the code with the verifier at the token
 * endpoint and keeps the tokens for the test. Its / is the registered post-logout address.
 */

const insecure = { [oauth.allowInsecureRequests]: true };

export interface PendingRequest {
  site: string;
  clientId: string;
  state: string;
  verifier: string;
  /** The authorization request at the provider (where the browser is sent). */
  url: URL;
}

export interface SignedIn {
  state: string;
  tokens: oauth.TokenEndpointResponse;
  claims: oauth.IDToken | undefined;
}

export interface Partner {
  port: number;
  origin: string;
  redirectUri: string;
  postLogoutUri: string;
  /** Discovers the provider (once) and starts an authorization request for a brand's client. */
  start(site: string, clientId: string, params?: Record<string, string>): Promise<PendingRequest>;
  /** What /callback got for a request's state (its exchange done), once it arrived. */
  signedIn(state: string): SignedIn | undefined;
  /** Callbacks that failed (an error response, a failed exchange): their messages. */
  failures: string[];
  /** A refresh-token grant (the provider rotates the refresh token). */
  refresh(clientId: string, refreshToken: string): Promise<oauth.TokenEndpointResponse>;
  close(): Promise<void>;
}

export async function startPartner(port: number, issuer: () => Promise<string>): Promise<Partner> {
  const origin = `http://localhost:${port}`;
  const redirectUri = `${origin}/callback`;
  const pending = new Map<string, PendingRequest>();
  const done = new Map<string, SignedIn>();
  const failures: string[] = [];
  let server: oauth.AuthorizationServer | null = null;

  const discover = async () => {
    if (server) return server;
    const url = new URL(await issuer());
    server = await oauth.processDiscoveryResponse(
      url,
      await oauth.discoveryRequest(url, { algorithm: 'oauth2', ...insecure }),
    );
    return server;
  };

  async function callback(url: URL): Promise<string> {
    const state = url.searchParams.get('state') ?? '';
    const request = pending.get(state);
    if (!request) throw new Error(`no request with state ${state}`);
    const as = await discover();
    const client: oauth.Client = { client_id: request.clientId };
    const params = oauth.validateAuthResponse(as, client, url, request.state);
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      oauth.None(),
      params,
      redirectUri,
      request.verifier,
      insecure,
    );
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, response);
    pending.delete(state);
    const claims = oauth.getValidatedIdTokenClaims(tokens);
    done.set(state, { state, tokens, claims });
    return claims?.sub ?? 'someone';
  }

  const httpServer = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', origin);
    const page = (status: number, heading: string, text: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        `<!doctype html><html lang="en"><title>Partner</title><h1>${heading}</h1><p>${text}</p></html>`,
      );
    };
    if (url.pathname === '/callback') {
      callback(url).then(
        (sub) => page(200, 'Partner: signed in', `Signed in as ${sub}`),
        (error: unknown) => {
          failures.push(error instanceof Error ? error.message : String(error));
          page(400, 'Partner: sign-in failed', 'The sign-in did not complete.');
        },
      );
      return;
    }
    if (url.pathname === '/') return page(200, 'Partner: home', 'Signed out of the partner.');
    page(404, 'Not found', url.pathname);
  });
  await new Promise<void>((resolve) => httpServer.listen(port, '127.0.0.1', resolve));
  const actual = (httpServer.address() as AddressInfo).port;

  return {
    port: actual,
    origin,
    redirectUri,
    postLogoutUri: `${origin}/`,
    failures,
    async start(site, clientId, params = {}) {
      const as = await discover();
      const verifier = oauth.generateRandomCodeVerifier();
      const state = oauth.generateRandomState();
      const url = new URL(as.authorization_endpoint!);
      url.search = new URLSearchParams({
        client_id: clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'openid profile offline_access',
        state,
        code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        ...params,
      }).toString();
      const request = { site, clientId, state, verifier, url };
      pending.set(state, request);
      return request;
    },
    signedIn: (state) => done.get(state),
    async refresh(clientId, refreshToken) {
      const as = await discover();
      const client: oauth.Client = { client_id: clientId };
      const response = await oauth.refreshTokenGrantRequest(
        as,
        client,
        oauth.None(),
        refreshToken,
        insecure,
      );
      return oauth.processRefreshTokenResponse(as, client, response);
    },
    close: () =>
      new Promise<void>((resolve) => {
        httpServer.closeAllConnections();
        httpServer.close(() => resolve());
      }),
  };
}
