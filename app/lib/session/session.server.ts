import {
  createCookieSessionStorage,
  type AppLoadContext,
  type Session,
  type SessionStorage,
} from '@remix-run/node';

export interface SessionData {
  /** Chosen home store number (spec: may differ from the shopper's saved store). */
  homeStore?: string;
  /** The signed-in shopper; absent for a guest (helpers in app/lib/accounts/session-user.server.ts). */
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
  /** The shopper has not accepted the current terms (checked at sign-in; cleared on accepting). */
  termsPending?: boolean;
}
export interface SessionFlash {
  notice?: string;
}
export type AppSession = Session<SessionData, SessionFlash>;

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
        maxAge: 60 * 60 * 24 * 90,
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

function storageFor(context: AppLoadContext) {
  return context.services.sessions.forOrigin(context.tenant.origin, context.https);
}

export function getSession(request: Request, context: AppLoadContext): Promise<AppSession> {
  return storageFor(context).getSession(request.headers.get('Cookie'));
}

export function commitSession(session: AppSession, context: AppLoadContext): Promise<string> {
  return storageFor(context).commitSession(session);
}
