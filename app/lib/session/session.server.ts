/**
 * Server-side sessions (decision record 0012): the `__session` cookie holds only the signed id
 * of a record in the site store (table `sessions`, PGlite or PostgreSQL), which holds the
 * session's data: the home store, a one-time notice and the signed-in shopper with their loyalty
 * tokens, which so never reach the browser.
 *
 * - A record belongs to one brand: each brand reads through its own storage, whose read asks
 *   for the record of that brand only, so a cookie copied to another brand is a guest there.
 * - Deleting a record ends its session at once in every process: logout, a password change or
 *   reset (`endSessions`). Records are kept in memory only by the embedded store's one process,
 *   which makes every change itself (./record-cache.server.ts); with PostgreSQL every request
 *   reads its record.
 * - The id changes whenever the signed-in shopper does (sign-in, sign-out): the old record is
 *   deleted and the data moves to a new id (session fixation).
 * - A guest's id also changes when what their pages show from the session changes: a new home
 *   store, or a one-time notice waiting to be shown. The guest page cache (server/page-cache.ts)
 *   keys pages by the Cookie header, so under the old id it could answer with a page rendered
 *   for the store before (and without the notice). The old record ends here too. A signed-in
 *   shopper's pages are never shared (private), so their id stays (and requests still running
 *   with it stay signed in).
 * - A record is read on every request that carries a cookie; a request without one costs no
 *   query. A commit whose data did not change writes nothing.
 */
import crypto from 'node:crypto';
import {
  createCookie,
  createSession,
  createSessionStorage,
  type AppLoadContext,
  type Cookie,
  type Session,
  type SessionStorage,
} from '@remix-run/node';
import { logger } from '@common/logger.server';
import { bumpShopperVersion, deleteSnapshots } from '~/lib/loyalty/shopper-store.server';
import { SessionRecordCache } from './record-cache.server';
import { expiredSweeper } from './sweep.server';
import type { SiteQuery } from '~/lib/site-store/site-store.server';
import type { Tenant } from '~/lib/tenant/schema';

/** What a home-store post leaves in the session for the next page (a flash, read once). */
export interface StoreNoticeFlash {
  storeNumber: string;
  saved: boolean;
  error?: string;
}

export interface SessionData {
  /** Chosen home store number (may differ from the shopper's saved store). */
  homeStore?: string;
  /** The signed-in shopper; absent for a guest (helpers in ./shopper.server.ts). */
  shopper?: SessionShopper;
}
/** What the session keeps of a signed-in shopper (the login result, plus the sign-in time). */
export interface SessionShopper {
  frqShopperNo: string;
  firstName: string;
  /** The shopper's saved store number ('0' when none). */
  myStore: string;
  frequentShopperJwt: string | null;
  /** The customer token of the login (`OauthCustomerJwt.CustomerToken` in the login's answer). */
  oAuthJwt: string | null;
  /** Epoch milliseconds. */
  signedInAt: number;
  /**
   * Epoch milliseconds after which the sign-in counts as ended: 90 days after signing in, 30 days
   * after an account update. Absent in sessions made before it existed.
   */
  expiresAt?: number;
  /** The shopper has not accepted the current terms (checked at sign-in; cleared on accepting). */
  termsPending?: boolean;
  /**
   * The single-sign-on token of a sign-in through /sso/login (app/sso/token.server.ts): part of
   * the sign-in, so signing out or another shopper signing in drops it with the rest.
   */
  sso?: SsoSessionToken;
}
/**
 * The identity provider's tokens of a single sign-on (docs/reference/sso.md "Rules": the
 * single-sign-on token).
 */
export interface SsoSessionToken {
  /** The provider's customer token (after a refresh, the access token it returned). */
  customerToken: string;
  /** The refresh token; null when the provider gave none. */
  refreshToken: string | null;
  /** Epoch milliseconds when the customer token expires. */
  expiresAt: number;
}
export interface SessionFlash {
  notice?: string;
  /** The store chosen or saved by the last /home-store post (app/stores/home-store/home-store.server.ts). */
  storeNotice?: StoreNoticeFlash;
  /**
   * The coupon a plain (scriptless) clip post has just clipped: the coupons page keeps its card
   * in place with a 'Clipped' status (app/coupons/page.server.ts).
   */
  clippedCoupon?: string;
  /** A plain clip post the loyalty service could not take: the coupons page says so once. */
  clipRefused?: string;
  /** A list post refused (app/list): the list page shows the message once. */
  listError?: string;
  /** The share link's token, just made: the list page shows the link once (only its hash is kept). */
  listShareToken?: string;
}
export type AppSession = Session<SessionData, SessionFlash>;

/** The cookie's life (and its record's) without a signed-in shopper (a guest's home store). */
export const SESSION_COOKIE_MAX_AGE_S = 60 * 60 * 24 * 90;
export { SESSION_SWEEP_INTERVAL_MS } from './sweep.server';

/** A session id: 32 random bytes, base64url (43 characters). */
export function newSessionId(): string {
  return crypto.randomBytes(32).toString('base64url');
}
const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;

/** The brand a session belongs to: its site path names it in the store, its origin says https. */
export type SessionBrand = Pick<Tenant, 'sitePath' | 'origin'>;

type StoredData = Partial<SessionData> & Record<string, unknown>;

/** Who is signed in, as far as rotation cares: a new sign-in (or none) means a new id. */
function signInKey(data: StoredData): string | null {
  const shopper = data.shopper as Partial<SessionShopper> | undefined;
  if (!shopper || typeof shopper !== 'object') return null;
  return `${String(shopper.frqShopperNo)}@${String(shopper.signedInAt)}`;
}

/** Remix keeps a flash value under this key until it is read. */
const FLASH_KEY = /^__flash_.+__$/;

/** What a guest's pages show from the session: the home store and the waiting notices. */
interface GuestView {
  homeStore: string;
  /** Each waiting flash value, as JSON, by key. */
  flashes: Map<string, string>;
}

function guestViewOf(data: StoredData): GuestView {
  const flashes = new Map<string, string>();
  for (const [key, value] of Object.entries(data)) {
    if (FLASH_KEY.test(key)) flashes.set(key, JSON.stringify(value));
  }
  return { homeStore: JSON.stringify(data.homeStore ?? null), flashes };
}

/**
 * A guest page rendered for `before` could be wrong for `now`: another home store, or a notice
 * added (or replaced). A notice read and gone is not: the page that shows it is never cached
 * (it stores the session), and the pages after it are rendered without it.
 */
function guestViewChanged(before: GuestView, now: GuestView): boolean {
  if (before.homeStore !== now.homeStore) return true;
  for (const [key, value] of now.flashes) if (before.flashes.get(key) !== value) return true;
  return false;
}

function shopperNoOf(data: StoredData): string | null {
  const no = (data.shopper as Partial<SessionShopper> | undefined)?.frqShopperNo;
  return typeof no === 'string' && no ? no : null;
}

interface BrandStorage {
  cookie: Cookie;
  storage: SessionStorage<SessionData, SessionFlash>;
}

export interface SessionStorages {
  /** The session of a request on `brand` (a fresh one without a cookie, or when none answers). */
  read(brand: SessionBrand, https: boolean, cookieHeader: string | null): Promise<AppSession>;
  /**
   * Stores `session` for `maxAgeS` seconds; returns the Set-Cookie value and the session as
   * stored (a new object when its id changed, to be used from then on).
   */
  commit(
    brand: SessionBrand,
    https: boolean,
    session: AppSession,
    maxAgeS: number,
  ): Promise<{ setCookie: string; session: AppSession }>;
  /**
   * Ends the sessions of a shopper on a brand (all of them, or all but `except`, the current
   * one); returns how many.
   */
  endSessions(brand: string, shopperNo: string, options?: { except?: string }): Promise<number>;
  /** Deletes expired records; returns how many. */
  sweepExpired(): Promise<number>;
  /**
   * The signed-in shopper's cache version as `session` was read with it (shopper_versions, read
   * in the same query): the key of their cached loyalty answers. 0 for a guest or a new session.
   */
  shopperVersion(session: AppSession): number;
  /**
   * Raises the shopper's version (every process's cached loyalty answers for them are left
   * behind); resolves to the new version. Through here, so a process keeping session records
   * keeps the new version too.
   */
  raiseShopperVersion(brand: string, shopperNo: string): Promise<number>;
}

/**
 * Session storages over the site store: one per brand and cookie kind. The cookie is signed,
 * httpOnly, SameSite=Lax and host-only (no Domain attribute: a browser never sends one brand's
 * cookie to another), Secure whenever the brand is served over https and always in production.
 */
export function createSessionStorages(
  store: SiteQuery,
  secret: string,
  production: boolean,
  options: {
    /**
     * This process is the store's only writer (the embedded store): keep records in memory
     * (./record-cache.server.ts). Never with a store other processes write.
     */
    keepRecords?: boolean;
  } = {},
): SessionStorages {
  const storages = new Map<string, BrandStorage>();
  const stored = new StoredSessions();
  const sweeper = expiredSweeper(store);
  const kept = options.keepRecords ? new SessionRecordCache() : null;

  /** Raises the shopper's version, and the kept one with it; resolves to the new version. */
  async function raiseShopperVersion(brand: string, shopperNo: string): Promise<number> {
    const version = await bumpShopperVersion(store, brand, shopperNo);
    kept?.versionRaised(brand, shopperNo, version);
    return version;
  }

  function storageFor(brand: SessionBrand, https: boolean): BrandStorage {
    const secure = production || https || brand.origin.startsWith('https:');
    const key = `${secure ? 's' : 'p'}:${brand.sitePath}`;
    let found = storages.get(key);
    if (!found) {
      found = brandStorage(store, brand.sitePath, { secret, secure, kept }, sweeper.nowAndThen);
      storages.set(key, found);
    }
    return found;
  }

  return {
    async read(brand, https, cookieHeader) {
      if (!cookieHeader) return stored.remember(createSession<SessionData, SessionFlash>());
      const id: unknown = await storageFor(brand, https).cookie.parse(cookieHeader);
      const record = await readRecord(store, brand.sitePath, id, kept);
      // A cookie whose record is gone (ended, expired, another brand's) starts afresh, and a
      // later commit creates a record instead of writing to one that is gone. A stored record is
      // never empty (commit deletes it instead).
      if (!record || Object.keys(record.data).length === 0) {
        return stored.remember(createSession<SessionData, SessionFlash>());
      }
      const session = createSession<SessionData, SessionFlash>(record.data, id as string);
      return stored.remember(session, record.version);
    },

    shopperVersion(session) {
      return stored.get(session)?.version ?? 0;
    },

    async commit(brand, https, session, maxAgeS) {
      const before = stored.get(session);
      const result = await commitSessionTo(storageFor(brand, https), stored, session, maxAgeS);
      const leaving = before?.shopperNo;
      if (leaving && signInKey(session.data as StoredData) !== before.signedIn) {
        // A sign-out (or another sign-in over it): the shopper's cached loyalty answers are left
        // behind in every process, so nothing read for this sign-in is served to a later one.
        await raiseShopperVersion(brand.sitePath, leaving).catch((error: unknown) =>
          logger.warn({ err: error }, 'shopper version not raised at sign-out'),
        );
      }
      return result;
    },

    async endSessions(brand, shopperNo, options = {}) {
      kept?.forgetShopper(brand, shopperNo);
      const rows = await store
        .query(
          `delete from sessions where brand = $1 and shopper_no = $2 and id <> $3 returning 1`,
          [brand, shopperNo, options.except ?? ''],
        )
        .finally(() => kept?.forgetShopper(brand, shopperNo));
      // What the ended sessions could read goes with them: the loyalty answers cached in every
      // process (a new version) and the last-known ones kept for an outage.
      await Promise.all([
        raiseShopperVersion(brand, shopperNo),
        deleteSnapshots(store, brand, shopperNo),
      ]);
      return rows.length;
    },

    raiseShopperVersion,

    sweepExpired: sweeper.sweepExpired,
  };
}

/** What each session held when it was read or last stored (JSON, who was signed in, view). */
class StoredSessions {
  private readonly stored = new WeakMap<
    AppSession,
    {
      json: string;
      signedIn: string | null;
      shopperNo: string | null;
      view: GuestView;
      version: number;
    }
  >();

  remember(session: AppSession, version = 0): AppSession {
    const data = session.data as StoredData;
    this.stored.set(session, {
      json: JSON.stringify(data),
      signedIn: signInKey(data),
      shopperNo: shopperNoOf(data),
      view: guestViewOf(data),
      version,
    });
    return session;
  }

  get(session: AppSession) {
    return this.stored.get(session);
  }
}

/**
 * Stores a session: no record for an empty one, no write for an unchanged one, and a new id
 * whenever the signed-in shopper changes or a guest's pages would (see the module's notes).
 */
async function commitSessionTo(
  { cookie, storage }: BrandStorage,
  stored: StoredSessions,
  session: AppSession,
  maxAgeS: number,
): Promise<{ setCookie: string; session: AppSession }> {
  const data = session.data as StoredData;
  const before = stored.get(session);
  if (Object.keys(data).length === 0) {
    // Nothing left to keep (signed out without a home store, a notice shown): no record, and
    // the browser drops the cookie.
    const setCookie = await storage.destroySession(session);
    return { setCookie, session: stored.remember(createSession<SessionData, SessionFlash>()) };
  }
  if (session.id && before?.json === JSON.stringify(data)) {
    // Nothing changed: the record stays as it is.
    return { setCookie: await cookie.serialize(session.id, { maxAge: maxAgeS }), session };
  }
  let target = session;
  const signedIn = signInKey(data);
  const rotate =
    before?.signedIn !== signedIn ||
    (signedIn === null && (!before || guestViewChanged(before.view, guestViewOf(data))));
  if (session.id && rotate) {
    // Signed in or out, or a guest's pages would change: the old id ends here, the data
    // moves to a new one.
    await storage.destroySession(session);
    target = createSession<SessionData, SessionFlash>(data);
  }
  const setCookie = await storage.commitSession(target, { maxAge: maxAgeS });
  if (!target.id) {
    // createData chose the id: the cookie just made carries it.
    const id = (await cookie.parse(setCookie.split(';')[0])) as string;
    target = createSession<SessionData, SessionFlash>(data, id);
  }
  // The shopper's cache version stays with the session while the same sign-in does.
  const version = before && before.signedIn === signedIn ? before.version : 0;
  return { setCookie, session: stored.remember(target, version) };
}

/**
 * The live record of `id` on `brand`, with the shopper's cache version joined in (one query);
 * null for anything else (no id, not an id, ended, expired, another brand's).
 */
async function readRecord(
  store: SiteQuery,
  brand: string,
  id: unknown,
  kept: SessionRecordCache | null = null,
): Promise<{ data: StoredData; version: number } | null> {
  // A cookie signed with our secret but not holding an id (a cookie session of before).
  if (typeof id !== 'string' || !SESSION_ID.test(id)) return null;
  const hit = kept?.get(brand, id);
  if (hit) return hit as { data: StoredData; version: number };
  const begun = kept?.begin() ?? 0;
  const rows = await store.query<{
    data: StoredData;
    version: string | number | null;
    shopper_no: string | null;
    expires_at: Date | string;
  }>(
    `select s.data, s.shopper_no, s.expires_at, v.version from sessions s
       left join shopper_versions v on v.brand = s.brand and v.shopper_no = s.shopper_no
      where s.id = $1 and s.brand = $2 and s.expires_at > now()`,
    [id, brand],
  );
  const row = rows[0];
  if (!row) return null;
  const version = Number(row.version ?? 0);
  kept?.keep(begun, brand, id, {
    json: JSON.stringify(row.data),
    shopperNo: row.shopper_no,
    expiresAt: new Date(row.expires_at).getTime(),
    version,
  });
  return { data: row.data, version };
}

/** One brand's cookie and its storage: records of that brand only, in the site store. */
function brandStorage(
  store: SiteQuery,
  brand: string,
  { secret, secure, kept }: { secret: string; secure: boolean; kept: SessionRecordCache | null },
  afterCreate: () => Promise<void>,
): BrandStorage {
  const cookie = createCookie('__session', {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure,
    secrets: [secret],
    maxAge: SESSION_COOKIE_MAX_AGE_S,
  });
  const expiresAt = (expires: Date | undefined) =>
    (expires ?? new Date(Date.now() + SESSION_COOKIE_MAX_AGE_S * 1000)).toISOString();
  const storage = createSessionStorage<SessionData, SessionFlash>({
    cookie,
    async createData(data, expires) {
      const id = newSessionId();
      await store.query(
        `insert into sessions (id, brand, shopper_no, data, expires_at)
           values ($1, $2, $3, $4::jsonb, $5)`,
        [id, brand, shopperNoOf(data), JSON.stringify(data), expiresAt(expires)],
      );
      await afterCreate();
      return id;
    },
    async readData(id) {
      // The storages' read() reads through readRecord directly (with the shopper's version).
      return (await readRecord(store, brand, id))?.data ?? null;
    },
    async updateData(id, data, expires) {
      // Never an upsert: a record ended meanwhile (logout elsewhere, a password change) stays
      // ended, whatever a request still running with it stores.
      // Dropped before and after: no read running across the write keeps what it read.
      kept?.forget(brand, id);
      await store
        .query(
          `update sessions set data = $3::jsonb, shopper_no = $4, expires_at = $5, updated_at = now()
            where id = $1 and brand = $2`,
          [id, brand, JSON.stringify(data), shopperNoOf(data), expiresAt(expires)],
        )
        .finally(() => kept?.forget(brand, id));
    },
    async deleteData(id) {
      if (!id) return;
      kept?.forget(brand, id);
      await store
        .query('delete from sessions where id = $1 and brand = $2', [id, brand])
        .finally(() => kept?.forget(brand, id));
    },
  });
  return { cookie, storage };
}

/**
 * The Set-Cookie value that stores the request's session as it is now (context.session, which
 * then becomes the session as stored). A signed-in session lives as long as the sign-in
 * (expiresAt), a guest's 90 days.
 */
export async function commitSession(context: AppLoadContext, now = Date.now()): Promise<string> {
  const expiresAt = context.session.get('shopper')?.expiresAt;
  const maxAge =
    typeof expiresAt === 'number' && expiresAt > now
      ? Math.ceil((expiresAt - now) / 1000)
      : SESSION_COOKIE_MAX_AGE_S;
  const { setCookie, session } = await context.services.sessions.commit(
    context.tenant,
    context.https,
    context.session,
    maxAge,
  );
  context.session = session;
  return setCookie;
}
