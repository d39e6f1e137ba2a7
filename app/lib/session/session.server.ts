import {
  createCookieSessionStorage,
  type AppLoadContext,
  type Session,
  type SessionStorage,
} from '@remix-run/node';

export interface SessionData {
  /** Chosen home store number (spec: may differ from the shopper's saved store). */
  homeStore?: string;
  /** The signed-in shopper; absent for a guest (helpers in ./shopper.server.ts). */
  shopper?: SessionShopper;
}
/** What the session keeps of a signed-in shopper (spec §3 login result, plus the sign-in time). */
export interface SessionShopper {
  frqShopperNo: string;
  firstName: string;
  /** The shopper's saved store number ('0' when none). */
  myStore: string;
  frequentShopperJwt: string | null;
  /** The customer token of the login (spec: oAuthJwt). */
  oAuthJwt: string | null;
  /** Epoch milliseconds. */
  signedInAt: number;
  /**
   * Epoch milliseconds after which the sign-in counts as ended: 90 days after signing in, 30 days
   * after an account update (spec accounts §9). Absent in sessions made before it existed.
   */
  expiresAt?: number;
  /** The shopper has not accepted the current terms (checked at sign-in; cleared on accepting). */
  termsPending?: boolean;
}
export interface SessionFlash {
  notice?: string;
}
export type AppSession = Session<SessionData, SessionFlash>;

/** The cookie's life without a signed-in shopper (a guest's home store). */
export const SESSION_COOKIE_MAX_AGE_S = 60 * 60 * 24 * 90;

/**
 * Cookie sessions: signed, httpOnly, SameSite=Lax, host-only (no Domain attribute, so a cookie
 * set by one brand is never sent to another). Secure whenever the brand is served over https
 * and always in production.
 */
export function createSessionStorages(secret: string, production: boolean) {
  const make = (secure: boolean): SessionStorage<SessionData, SessionFlash> =>
    createCookieSessionStorage<SessionData, SessionFlash>({
      cookie: {
        name: '__session',
        httpOnly: true,
        sameSite: 'lax',
        path: '/',
        secure,
        secrets: [secret],
        maxAge: SESSION_COOKIE_MAX_AGE_S,
      },
    });
  const secure = make(true);
  const plain = make(false);
  return {
    /** Storage for a brand origin: Secure cookies on https, and in production. */
    forOrigin(origin: string, requestIsHttps: boolean) {
      return production || requestIsHttps || origin.startsWith('https:') ? secure : plain;
    },
  };
}
export type SessionStorages = ReturnType<typeof createSessionStorages>;

/**
 * The Set-Cookie value that stores the request's session as it is now (context.session). A
 * signed-in session's cookie lives as long as the sign-in (expiresAt).
 */
export function commitSession(context: AppLoadContext, now = Date.now()): Promise<string> {
  const storage = context.services.sessions.forOrigin(context.tenant.origin, context.https);
  const expiresAt = context.session.get('shopper')?.expiresAt;
  const maxAge =
    typeof expiresAt === 'number' && expiresAt > now
      ? Math.ceil((expiresAt - now) / 1000)
      : SESSION_COOKIE_MAX_AGE_S;
  return storage.commitSession(context.session, { maxAge });
}
