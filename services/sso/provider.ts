/**
 * The OAuth 2 authorization server partners talk to: oidc-provider 8 configured for the
 * authorization code flow only, public clients (no secret) with PKCE S256 required, exact
 * redirect URIs, single-use codes, rotated refresh tokens and RFC 7009 revocation.
 *
 * The shopper never logs in here: the interaction URL is the brand site's `/sso/login` with the
 * `oauth` parameter (docs/sso-api.md), and the site comes back over the login front end's calls
 * (front-end.ts), which mint the authorization code through the provider's own models
 * (`mintCode` below), so the token endpoint checks it like any code it issued.
 */
import crypto from 'node:crypto';
import Provider, {
  errors,
  type Account,
  type AdapterPayload,
  type Configuration,
  type Interaction,
  type KoaContextWithOIDC,
} from 'oidc-provider';
import type { RegisteredClient } from './brands';
import type { MemoryStore } from './store';

export interface ProviderOptions {
  issuer: string;
  store: MemoryStore;
  /** The client of an id, with its brand (the brands as they are now). */
  client(id: string): RegisteredClient | undefined;
  /** Every scope some client may ask for (the provider refuses scopes it does not know). */
  scopes: string[];
  codeTtl: number;
  accessTokenTtl: number;
  /** Lifetime of a partner's sign-in: its grant and refresh token chain (rotation keeps the end). */
  grantTtl: number;
  logger: { error(obj: object, msg?: string): void };
}

/** What an account claims (scopes profile and email); kept from the last login front-end call. */
export interface AccountProfile {
  email: string | null;
  givenName: string | null;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The interaction URL's `oauth` parameter: base64url JSON of the request (docs/sso-api.md). */
export function oauthParameter(interaction: Interaction): string {
  const p = interaction.params;
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  return Buffer.from(
    JSON.stringify({
      clientId: text(p.client_id),
      redirectUri: text(p.redirect_uri),
      scope: text(p.scope) ?? '',
      state: text(p.state),
      codeChallenge: text(p.code_challenge),
      codeChallengeMethod: text(p.code_challenge_method),
      responseType: text(p.response_type),
      interaction: interaction.uid,
    }),
  ).toString('base64url');
}

function signingKey() {
  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...privateKey.export({ format: 'jwk' }), kid: crypto.randomUUID(), use: 'sig' };
}

export function createProvider(options: ProviderOptions) {
  const { store } = options;
  const profiles = store.records<AccountProfile>('AccountProfile');

  const clientMetadata = (id: string): AdapterPayload | undefined => {
    const client = options.client(id);
    if (!client) return undefined;
    return {
      client_id: client.clientId,
      client_name: client.name,
      redirect_uris: client.redirectUris,
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      scope: client.scopes.join(' '),
    };
  };

  const findAccount = (_ctx: KoaContextWithOIDC, sub: string): Account => ({
    accountId: sub,
    claims() {
      const profile = profiles.get(sub);
      return {
        sub,
        ...(profile?.email ? { email: profile.email } : {}),
        ...(profile?.givenName ? { given_name: profile.givenName } : {}),
      };
    },
  });

  const configuration: Configuration = {
    adapter: (model: string) =>
      model === 'Client'
        ? { ...store.adapter(model), find: async (id: string) => clientMetadata(id) }
        : store.adapter(model),
    clients: [],
    clientAuthMethods: ['none'],
    clientDefaults: {
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
    },
    responseTypes: ['code'],
    pkce: { methods: ['S256'], required: () => true },
    // OAuth 2.1: the redirect URI is always sent and compared exactly.
    allowOmittingSingleRegisteredRedirectUri: false,
    scopes: options.scopes,
    claims: { openid: ['sub'], profile: ['given_name'], email: ['email'] },
    findAccount,
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      // Partners sign out through the brand site's /sso/logout (revoketoken); there are no
      // provider sessions to end, and no resource servers or pushed requests to serve.
      rpInitiatedLogout: { enabled: false },
      resourceIndicators: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
    },
    interactions: {
      url: async (_ctx, interaction) => {
        const client = options.client(String(interaction.params.client_id));
        // The authorization endpoint found the client a moment ago; gone now means a reload.
        if (!client) throw new errors.InvalidClient('client is no longer registered');
        // oidc-provider compares redirect URIs once parsed (`http://LOCALHOST:8400/a/../b` is
        // `http://localhost:8400/b`); OAuth 2.1 and docs/sso-api.md want the registered string.
        if (!client.redirectUris.includes(String(interaction.params.redirect_uri))) {
          throw new errors.InvalidRedirectUri();
        }
        // The code comes back from the brand site in the query (docs/sso-api.md).
        const mode = interaction.params.response_mode;
        if (mode !== undefined && mode !== 'query') {
          throw new errors.InvalidRequest('only response_mode=query is supported');
        }
        return `${client.brand.origin}/sso/login?oauth=${oauthParameter(interaction)}`;
      },
    },
    ttl: {
      AuthorizationCode: options.codeTtl,
      AccessToken: options.accessTokenTtl,
      IdToken: options.accessTokenTtl,
      Interaction: 60 * 60,
      Session: 60 * 60,
      Grant: options.grantTtl,
      // A rotated token keeps what was left of the one it replaces: a sign-in ends after
      // grantTtl however often it is refreshed.
      RefreshToken: (ctx) =>
        ctx?.oidc.entities.RotatedRefreshToken?.remainingTTL ?? options.grantTtl,
    },
    rotateRefreshToken: true,
    // Every partner client may refresh: refresh tokens do not wait for offline_access (which
    // oidc-provider drops from a request without prompt=consent).
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    // Codes are minted without provider sessions: tokens live by their own TTL.
    expiresWithSession: async () => false,
    jwks: { keys: [signingKey()] },
    cookies: {
      keys: [crypto.randomBytes(32).toString('base64url')],
      long: { signed: true, httpOnly: true, sameSite: 'lax' },
      short: { signed: true, httpOnly: true, sameSite: 'lax' },
    },
    // A browser partner (a single-page app) may call the token endpoint from its own origin.
    clientBasedCORS: (_ctx, origin, client) =>
      client.redirectUris?.some((uri) => new URL(uri).origin === origin) ?? false,
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      const lines = Object.entries(out)
        .filter(([, value]) => typeof value === 'string')
        .map(([key, value]) => `<p><b>${escapeHtml(key)}</b>: ${escapeHtml(String(value))}</p>`)
        .join('');
      ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign-in request refused</title><meta name="viewport" content="width=device-width, initial-scale=1"></head><body><main><h1>Sign-in request refused</h1><p>The site that sent you here made a request this sign-in service cannot accept. Go back to it and try again.</p>${lines}</main></body></html>`;
    },
  };

  const provider = new Provider(options.issuer, configuration);
  // The service speaks plain HTTP: an https issuer means a TLS-terminating proxy in front, whose
  // X-Forwarded-Proto tells oidc-provider the request was secure.
  provider.proxy = options.issuer.startsWith('https:');
  provider.on('server_error', (_ctx: unknown, err: unknown) =>
    options.logger.error({ err }, 'sso: oidc-provider server error'),
  );

  return {
    provider,

    /**
     * An authorization code for a shopper the login front end vouched for, on a request the
     * caller validated (client, exact redirect URI, S256 challenge, scopes): a grant of the
     * requested scope and a single-use code bound to the challenge and redirect URI.
     */
    async mintCode(request: {
      clientId: string;
      accountId: string;
      profile: AccountProfile;
      redirectUri: string;
      scope: string;
      codeChallenge: string;
      nonce?: string;
    }): Promise<string> {
      const client = await provider.Client.find(request.clientId);
      if (!client) throw new Error(`sso: client ${request.clientId} vanished while minting`);
      profiles.set(request.accountId, request.profile, options.grantTtl);
      const grant = new provider.Grant({ accountId: request.accountId, clientId: client.clientId });
      if (request.scope) grant.addOIDCScope(request.scope);
      const grantId = await grant.save();
      const code = new provider.AuthorizationCode({
        client,
        accountId: request.accountId,
        grantId,
        gty: 'authorization_code',
        redirectUri: request.redirectUri,
        scope: request.scope,
        codeChallenge: request.codeChallenge,
        codeChallengeMethod: 'S256',
        authTime: Math.floor(Date.now() / 1000),
        ...(request.nonce ? { nonce: request.nonce } : {}),
      });
      return code.save();
    },
  };
}

export type SsoProvider = ReturnType<typeof createProvider>;
