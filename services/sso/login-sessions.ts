/**
 * The login front end's own tokens (docs/sso-api.md "The login front end's calls"): a sign-in on
 * the brand's site starts a login session; its customer token is the provider's proof that the
 * shopper signed in, and its refresh token gets the next customer token.
 *
 * - Customer token: a JWT (HS256, a key drawn per start) naming the brand, the shopper's
 *   `frqShopperNo` (sub) and the login session (`sid`), valid `customerTokenTtl` seconds. It is
 *   good only while its login session lives, so revoking either token ends both.
 * - Refresh token: 32 random bytes, kept only as a SHA-256 hash, single-use: each refresh spends
 *   it and returns a new one with a new customer token. A spent token presented again means it
 *   leaked (or the site raced itself): the whole login session ends.
 * - A login session lives `sessionTtl` seconds from the sign-in, whatever the refreshes.
 */
import crypto from 'node:crypto';
import { compactVerify, jwtVerify, SignJWT } from 'jose';
import type { MemoryStore } from './store';

export interface Shopper {
  brand: string;
  frqShopperNo: string;
  /** Null when the shopper signed in with a phone number (the loyalty login names no address). */
  email: string | null;
  givenName: string | null;
}

export interface CustomerTokens {
  customerToken: string;
  refreshToken: string;
  /** Seconds the customer token is valid. */
  expiresIn: number;
}

export interface VerifiedCustomer extends Shopper {
  sid: string;
}

interface SessionRecord extends Shopper {
  /** `{brand}:{frqShopperNo}`, the provider's account id: revoking the account ends the session. */
  accountId: string;
  /** ms since the epoch. */
  endsAt: number;
}

/** The provider's account id of a brand's shopper (grants and login sessions are saved under it). */
export const accountIdOf = (brand: string, frqShopperNo: string) => `${brand}:${frqShopperNo}`;

interface RefreshRecord {
  sid: string;
  spent: boolean;
}

export interface LoginSessionOptions {
  issuer: string;
  store: MemoryStore;
  customerTokenTtl: number;
  sessionTtl: number;
  now: () => number;
  logger: { warn(obj: object, msg?: string): void };
}

const AUDIENCE = 'sso-login-front-end';
const REFRESH_TOKEN = /^[A-Za-z0-9_-]{43}$/;
const MAX_JWT_LENGTH = 4096;

const hash = (token: string) => crypto.createHash('sha256').update(token).digest('base64url');

export function createLoginSessions(options: LoginSessionOptions) {
  const { store, now } = options;
  const key = crypto.randomBytes(32);
  const sessions = store.records<SessionRecord>('LoginSession');
  const refreshTokens = store.records<RefreshRecord>('LoginRefreshToken');

  const remaining = (session: SessionRecord) => Math.ceil((session.endsAt - now()) / 1000);

  async function issue(sid: string, session: SessionRecord): Promise<CustomerTokens> {
    const refreshToken = crypto.randomBytes(32).toString('base64url');
    refreshTokens.set(hash(refreshToken), { sid, spent: false }, remaining(session));
    const issuedAt = Math.floor(now() / 1000);
    const customerToken = await new SignJWT({
      brand: session.brand,
      sid,
      ...(session.email ? { email: session.email } : {}),
      ...(session.givenName ? { given_name: session.givenName } : {}),
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(options.issuer)
      .setAudience(AUDIENCE)
      .setSubject(session.frqShopperNo)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + options.customerTokenTtl)
      .setJti(crypto.randomUUID())
      .sign(key);
    return { customerToken, refreshToken, expiresIn: options.customerTokenTtl };
  }

  /** The login session a customer token names (checked signature only: expiry aside). */
  async function sessionOfJwt(token: string): Promise<string | null> {
    if (token.length > MAX_JWT_LENGTH) return null;
    try {
      const { payload } = await compactVerify(token, key, { algorithms: ['HS256'] });
      const claims = JSON.parse(Buffer.from(payload).toString('utf8')) as { sid?: unknown };
      return typeof claims.sid === 'string' ? claims.sid : null;
    } catch {
      return null;
    }
  }

  return {
    /** A shopper signed in with a password: a new login session and its tokens. */
    async start(shopper: Shopper): Promise<CustomerTokens> {
      const sid = crypto.randomUUID();
      const session: SessionRecord = {
        ...shopper,
        accountId: accountIdOf(shopper.brand, shopper.frqShopperNo),
        endsAt: now() + options.sessionTtl * 1000,
      };
      sessions.set(sid, session, options.sessionTtl);
      return issue(sid, session);
    },

    /** The shopper of a customer token that is genuine, unexpired and of a live login session. */
    async verify(token: string): Promise<VerifiedCustomer | null> {
      if (token.length > MAX_JWT_LENGTH) return null;
      let sid: unknown;
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: options.issuer,
          audience: AUDIENCE,
          currentDate: new Date(now()),
        });
        sid = payload.sid;
      } catch {
        return null;
      }
      if (typeof sid !== 'string') return null;
      const session = sessions.get(sid);
      if (!session) return null;
      const { endsAt: _endsAt, accountId: _accountId, ...shopper } = session;
      return { ...shopper, sid };
    },

    /** Spends a refresh token for new tokens; null when it is unknown, spent or its session over. */
    async refresh(refreshToken: string): Promise<CustomerTokens | null> {
      if (!REFRESH_TOKEN.test(refreshToken)) return null;
      const id = hash(refreshToken);
      const record = refreshTokens.get(id);
      if (!record) return null;
      const session = sessions.get(record.sid);
      if (!session) return null;
      if (record.spent) {
        sessions.delete(record.sid);
        options.logger.warn(
          { brand: session.brand },
          'sso: spent refresh token reused, sign-in ended',
        );
        return null;
      }
      refreshTokens.set(id, { ...record, spent: true }, remaining(session));
      return issue(record.sid, session);
    },

    /**
     * The login session of a customer token (even an expired one) or refresh token, with its
     * brand; null when the token is none of ours or its session is over.
     */
    async find(token: string): Promise<{ sid: string; brand: string } | null> {
      const sid = REFRESH_TOKEN.test(token)
        ? (refreshTokens.get(hash(token))?.sid ?? null)
        : await sessionOfJwt(token);
      if (!sid) return null;
      const session = sessions.get(sid);
      return session ? { sid, brand: session.brand } : null;
    },

    /** Ends a login session: its customer and refresh tokens stop working. */
    end(sid: string) {
      sessions.delete(sid);
    },
  };
}

export type LoginSessions = ReturnType<typeof createLoginSessions>;
