import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BEN } from '@test/demo';
import { PARTNER, startProviderKit, type ProviderKit } from '@test/reference-services';
import {
  SSO_GENERIC_ERROR,
  ssoBaseUrl,
  SsoError,
  ssoProvider,
  type OAuthParams,
} from './provider.server';

const OAUTH: OAuthParams = {
  clientId: PARTNER.clientId,
  redirectUri: PARTNER.redirectUri,
  scope: 'openid profile',
  state: 'st-1',
  codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
  codeChallengeMethod: 'S256',
  responseType: 'code',
};

/** The SsoError a call rejected with. */
async function refusal(call: Promise<unknown>): Promise<SsoError> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SsoError);
  return error as SsoError;
}

describe('the site’s client of the reference provider', () => {
  let kit: ProviderKit;
  let provider: ReturnType<typeof ssoProvider>;

  beforeAll(async () => {
    kit = await startProviderKit();
    provider = ssoProvider(kit.sso.url);
  });
  afterAll(async () => {
    await kit?.close();
  });

  it('logs in, gets the partner redirect, refreshes and revokes', async () => {
    const login = await provider.login(BEN.email, BEN.password, OAUTH, '127.0.0.1');
    expect(login).toEqual({
      customerToken: expect.any(String),
      refreshToken: expect.any(String),
      expiresIn: 900,
    });

    const { redirectUrl } = await provider.token(login.customerToken, OAUTH);
    const url = new URL(redirectUrl);
    expect(`${url.origin}${url.pathname}`).toBe(PARTNER.redirectUri);
    expect(url.searchParams.get('state')).toBe('st-1');
    expect(url.searchParams.get('code')).toBeTruthy();

    const refreshed = await provider.refresh(login.refreshToken);
    expect(refreshed).toEqual({
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
      expiresIn: 900,
    });
    expect(refreshed.refreshToken).not.toBe(login.refreshToken);
    const spent = await refusal(provider.refresh(login.refreshToken));
    expect(spent.status).toBe(401);
    expect(spent.message).toBe('Your sign-in has expired. Please log in again.');

    const logout = await provider.revoke({
      clientId: PARTNER.clientId,
      postLogoutRedirectUri: PARTNER.postLogout,
      token: refreshed.accessToken,
    });
    expect(logout).toEqual({ postLogoutRedirectUri: PARTNER.postLogout });
    expect((await refusal(provider.token(refreshed.accessToken, OAUTH))).status).toBe(401);
  });

  it('throws the provider’s error field as the message', async () => {
    const wrong = await refusal(provider.login(BEN.email, 'Not-the-password1', OAUTH, '127.0.0.1'));
    expect(wrong).toMatchObject({ status: 401, message: 'Invalid email address or password.' });

    const unregistered = await refusal(
      provider.login(
        BEN.email,
        BEN.password,
        { ...OAUTH, redirectUri: 'http://evil.example/' },
        '127.0.0.1',
      ),
    );
    expect(unregistered.status).toBe(400);
    expect(unregistered.message).toMatch(/return address/);

    const logout = await refusal(
      provider.revoke({
        clientId: PARTNER.clientId,
        postLogoutRedirectUri: 'http://evil.example/',
        token: 'x',
      }),
    );
    expect(logout.status).toBe(400);
    expect(logout.message).toMatch(/sign-out return address/);
  });

  it('takes a base address with a trailing slash', async () => {
    const withSlash = ssoProvider(`${kit.sso.url}/`);
    await expect(
      withSlash.login(BEN.email, BEN.password, OAUTH, '127.0.0.1'),
    ).resolves.toHaveProperty('customerToken');
  });
});

describe('the client against a provider that misbehaves', () => {
  const seen: {
    path: string;
    authorization?: string;
    key?: string;
    address?: string;
    body: string;
  }[] = [];
  let reply: (req: http.IncomingMessage, res: http.ServerResponse) => void = () => undefined;
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        seen.push({
          path: req.url ?? '',
          authorization: req.headers.authorization,
          key: req.headers['x-api-key'] as string | undefined,
          address: req.headers['x-shopper-address'] as string | undefined,
          body: Buffer.concat(chunks).toString('utf8'),
        });
        reply(req, res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/idp`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const answer = (status: number, body: string, type = 'application/json') => {
    reply = (_req, res) => {
      res.writeHead(status, { 'Content-Type': type });
      res.end(body);
    };
  };

  it('sends the Basic credential on login only, never on the token calls; tokens in bodies', async () => {
    answer(400, '{"error":"no"}');
    const provider = ssoProvider(base, { apiKey: 'the-service-key' });
    seen.length = 0;
    await refusal(provider.login('a@example.com', 'pa:ss', OAUTH, '198.51.100.7'));
    await refusal(provider.token('ct', OAUTH));
    await refusal(provider.refresh('rt'));
    await refusal(
      provider.revoke({ clientId: 'c', postLogoutRedirectUri: 'http://x/', token: 't' }),
    );
    await refusal(provider.revokeAll('lins', '123'));
    expect(seen.map((s) => s.path)).toEqual([
      '/idp/authenticate/login',
      '/idp/authenticate/token',
      '/idp/token/refresh',
      '/idp/api/logout/revoketoken',
      '/idp/api/logout/revokeall',
    ]);
    expect(seen[0].authorization).toBe(
      `Basic ${Buffer.from('a@example.com:pa:ss').toString('base64')}`,
    );
    expect(seen.slice(1).map((s) => s.authorization)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    // The service key on every call, the shopper's address on the login only.
    expect(seen.map((s) => s.key)).toEqual(Array(5).fill('the-service-key'));
    expect(seen.map((s) => s.address)).toEqual(['198.51.100.7', ...Array(4).fill(undefined)]);
    expect(JSON.parse(seen[2].body)).toEqual({ refresh_token: 'rt' });
    expect(JSON.parse(seen[3].body)).toEqual({
      client_id: 'c',
      post_logout_redirect_uri: 'http://x/',
      token: 't',
    });
    expect(JSON.parse(seen[4].body)).toEqual({ brand: 'lins', shopper: '123' });
  });

  it("puts the tokens in the address for a provider that takes only the contract's first form", async () => {
    answer(400, '{"error":"no"}');
    const provider = ssoProvider(base, { tokensInQuery: true });
    seen.length = 0;
    await refusal(provider.refresh('rt'));
    await refusal(
      provider.revoke({ clientId: 'c', postLogoutRedirectUri: 'http://x/', token: 't' }),
    );
    expect(seen.map((s) => s.path)).toEqual([
      '/idp/token/refresh?refresh_token=rt',
      '/idp/api/logout/revoketoken?client_id=c&post_logout_redirect_uri=http%3A%2F%2Fx%2F&token=t',
    ]);
    expect(seen.map((s) => s.body)).toEqual(['', '']);
  });

  it('uses the generic message without an error field, or for a reply off the contract', async () => {
    const provider = ssoProvider(base);
    for (const [status, body, type] of [
      [500, '<h1>Oops</h1>', 'text/html'],
      [401, '{"message":"nope"}', 'application/json'],
      [400, '{"error":""}', 'application/json'],
      [200, '{"customerToken":"only"}', 'application/json'],
      [200, 'not json', 'text/plain'],
    ] as const) {
      answer(status, body, type);
      const error = await refusal(provider.login('a@example.com', 'x', OAUTH, '127.0.0.1'));
      expect(error.message).toBe(SSO_GENERIC_ERROR);
      expect(error.status).toBe(status === 200 ? 502 : status);
    }
  });

  it('gives up at its deadline, and on a provider that is down', async () => {
    reply = () => undefined; // never answers
    const started = Date.now();
    const slow = await refusal(ssoProvider(base, { timeoutMs: 300 }).refresh('rt'));
    expect(slow).toMatchObject({ status: 503, message: SSO_GENERIC_ERROR });
    expect(Date.now() - started).toBeLessThan(3000);

    const down = await refusal(ssoProvider('http://127.0.0.1:9/').token('ct', OAUTH));
    expect(down).toMatchObject({ status: 503, message: SSO_GENERIC_ERROR });
  });
});

describe('ssoBaseUrl', () => {
  const context = (url: string | undefined, reference: string | null) =>
    ({
      tenant: { services: { sso: url === undefined ? undefined : { url, clients: [] } } },
      services: { references: { adviewer: null, mailingList: null, sso: reference } },
    }) as unknown as Parameters<typeof ssoBaseUrl>[0];

  it('is the tenant’s provider, else the in-process one, else none', () => {
    expect(ssoBaseUrl(context('https://idp.example.com', 'http://127.0.0.1:1'))).toBe(
      'https://idp.example.com',
    );
    expect(ssoBaseUrl(context(undefined, 'http://127.0.0.1:1'))).toBe('http://127.0.0.1:1');
    expect(ssoBaseUrl(context(undefined, null))).toBeNull();
  });
});
