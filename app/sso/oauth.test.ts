import { describe, expect, it } from 'vitest';
import {
  checkOAuthParam,
  encodeOAuthParam,
  MAX_OAUTH_PARAM_LENGTH,
  OAUTH_MESSAGES,
  redirectUrlAllowed,
  type SsoClient,
} from './oauth';

const CLIENT: SsoClient = {
  clientId: 'lins-online-ordering',
  name: "Lin's Online Ordering",
  redirectUris: ['http://localhost:8400/callback', 'https://shop.example/cb?tenant=lins'],
  postLogoutRedirectUris: ['http://localhost:8400/'],
  scopes: ['openid', 'profile', 'offline_access'],
};
const CLIENTS = [CLIENT];
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

const good = {
  clientId: CLIENT.clientId,
  redirectUri: 'http://localhost:8400/callback',
  scope: 'openid profile offline_access',
  state: 'af0ifjsldkj',
  codeChallenge: CHALLENGE,
  codeChallengeMethod: 'S256',
  responseType: 'code',
};
const check = (json: Record<string, unknown>) => checkOAuthParam(encodeOAuthParam(json), CLIENTS);
const codeOf = (result: ReturnType<typeof checkOAuthParam>) =>
  result.ok ? 'ok' : result.problem.code;

describe('checkOAuthParam', () => {
  it('takes a registered request and hands back the parameters the provider is given', () => {
    const result = check({ ...good, interaction: 'abc_DEF-123', extra: 'ignored' });
    expect(result).toEqual({
      ok: true,
      client: CLIENT,
      raw: encodeOAuthParam({ ...good, interaction: 'abc_DEF-123', extra: 'ignored' }),
      request: { ...good, interaction: 'abc_DEF-123' },
    });
  });

  it('takes a request without scope or state (the provider applies its defaults)', () => {
    const result = check({ ...good, scope: undefined, state: undefined });
    expect(result.ok && result.request).toEqual({
      clientId: good.clientId,
      redirectUri: good.redirectUri,
      scope: '',
      codeChallenge: CHALLENGE,
      codeChallengeMethod: 'S256',
      responseType: 'code',
    });
  });

  it('refuses a missing or empty value', () => {
    expect(checkOAuthParam(null, CLIENTS)).toEqual({
      ok: false,
      problem: { code: 'missing', message: OAUTH_MESSAGES.missing },
    });
    expect(codeOf(checkOAuthParam('', CLIENTS))).toBe('missing');
  });

  it.each([
    ['not base64url', '%%%not-base64%%%'],
    ['base64 but not JSON', Buffer.from('hello').toString('base64url')],
    ['JSON but not an object', encodeOAuthParam([1, 2] as never)],
    ['JSON null', Buffer.from('null').toString('base64url')],
    ['no clientId', encodeOAuthParam({ ...good, clientId: undefined })],
    ['clientId not a string', encodeOAuthParam({ ...good, clientId: 7 })],
    ['no redirectUri', encodeOAuthParam({ ...good, redirectUri: undefined })],
    ['state with a newline', encodeOAuthParam({ ...good, state: 'a\nb' })],
    ['state too long', encodeOAuthParam({ ...good, state: 'x'.repeat(1025) })],
    ['odd interaction id', encodeOAuthParam({ ...good, interaction: '../x' })],
    ['oversize', 'A'.repeat(MAX_OAUTH_PARAM_LENGTH + 1)],
  ])('refuses garbage: %s', (_what, value) => {
    const result = checkOAuthParam(value, CLIENTS);
    expect(result).toEqual({
      ok: false,
      problem: { code: 'malformed', message: OAUTH_MESSAGES.malformed },
    });
  });

  it('refuses an unknown client, and a client of no brand at all', () => {
    expect(codeOf(check({ ...good, clientId: 'someone-else' }))).toBe('unknown-client');
    expect(codeOf(checkOAuthParam(encodeOAuthParam(good), []))).toBe('unknown-client');
  });

  it.each([
    ['another path', 'http://localhost:8400/callback2'],
    ['a prefix', 'http://localhost:8400/call'],
    ['a trailing slash', 'http://localhost:8400/callback/'],
    ['a query added', 'http://localhost:8400/callback?x=1'],
    ['another port', 'http://localhost:8401/callback'],
    ['https instead of http', 'https://localhost:8400/callback'],
    ['upper case', 'http://LOCALHOST:8400/callback'],
    ['a user part', 'http://evil@localhost:8400/callback'],
    ['another site', 'https://evil.example/callback'],
  ])('refuses a redirect URI not registered exactly: %s', (_what, redirectUri) => {
    const result = check({ ...good, redirectUri });
    expect(result).toEqual({
      ok: false,
      problem: { code: 'redirect-uri', message: OAUTH_MESSAGES.redirectUri(CLIENT.name) },
    });
  });

  it('refuses a missing or malformed code challenge', () => {
    expect(codeOf(check({ ...good, codeChallenge: undefined }))).toBe('code-challenge');
    expect(codeOf(check({ ...good, codeChallenge: '' }))).toBe('code-challenge');
    expect(codeOf(check({ ...good, codeChallenge: 'short' }))).toBe('code-challenge');
    expect(codeOf(check({ ...good, codeChallenge: `${CHALLENGE}+/=` }))).toBe('code-challenge');
    expect(check({ ...good, codeChallenge: undefined, codeChallengeMethod: undefined })).toEqual({
      ok: false,
      problem: { code: 'code-challenge', message: OAUTH_MESSAGES.codeChallenge },
    });
  });

  it('refuses a challenge method other than S256 (plain, none, lower case)', () => {
    for (const method of ['plain', undefined, 's256', '']) {
      expect(codeOf(check({ ...good, codeChallengeMethod: method }))).toBe('challenge-method');
    }
  });

  it('refuses a response type other than code', () => {
    for (const type of ['token', 'code id_token', undefined, 'CODE']) {
      expect(codeOf(check({ ...good, responseType: type }))).toBe('response-type');
    }
  });

  it('refuses a scope outside the client’s, naming it', () => {
    const result = check({ ...good, scope: 'openid email admin' });
    expect(result).toEqual({
      ok: false,
      problem: { code: 'scope', message: OAUTH_MESSAGES.scope(CLIENT.name, ['email', 'admin']) },
    });
    expect(codeOf(check({ ...good, scope: 'openid "x"' }))).toBe('scope');
  });
});

describe('redirectUrlAllowed', () => {
  const request = { redirectUri: 'http://localhost:8400/callback' };
  const issuer = 'http://127.0.0.1:5060/sso';

  it('follows the request’s own redirect URI carrying the code', () => {
    expect(
      redirectUrlAllowed('http://localhost:8400/callback?code=x&state=y&iss=z', request, issuer),
    ).toBe(true);
    expect(redirectUrlAllowed('http://localhost:8400/callback', request, null)).toBe(true);
  });

  it('keeps a registered query: the URI’s own parameters must still be there', () => {
    const withQuery = { redirectUri: 'https://shop.example/cb?tenant=lins' };
    expect(redirectUrlAllowed('https://shop.example/cb?tenant=lins&code=x', withQuery, null)).toBe(
      true,
    );
    expect(redirectUrlAllowed('https://shop.example/cb?code=x', withQuery, null)).toBe(false);
  });

  it('follows the provider’s own addresses (its resume step)', () => {
    expect(redirectUrlAllowed('http://127.0.0.1:5060/sso/auth/abc', request, issuer)).toBe(true);
    expect(redirectUrlAllowed('http://127.0.0.1:5060/sso', request, issuer)).toBe(true);
    expect(redirectUrlAllowed('http://127.0.0.1:5060/ssoevil/x', request, issuer)).toBe(false);
    expect(redirectUrlAllowed('http://127.0.0.1:5061/sso/auth', request, issuer)).toBe(false);
  });

  it.each([
    ['a longer path', 'http://localhost:8400/callbackevil?code=x'],
    ['a user part', 'http://localhost:8400@evil.example/callback?code=x'],
    ['credentials', 'http://user:pw@localhost:8400/callback?code=x'],
    ['another site', 'https://evil.example/callback?code=x'],
    ['javascript', 'javascript:alert(1)'],
    ['a relative path', '/callback?code=x'],
    ['not a string', 42],
    ['nothing', undefined],
  ])('refuses %s', (_what, url) => {
    expect(redirectUrlAllowed(url, request, issuer)).toBe(false);
  });
});
