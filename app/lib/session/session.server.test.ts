import { createCookie } from '@remix-run/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { storeTargets, uniqueAppId } from '@test/stores';
import { createAppLoadContext, type AppServices } from '~/lib/context.server';
import { openSiteStore, type SiteQuery, type SiteStore } from '~/lib/site-store/site-store.server';
import type { Tenant } from '~/lib/tenant/schema';
import {
  createSessionStorages,
  SESSION_SWEEP_INTERVAL_MS,
  type AppSession,
  type SessionBrand,
  type SessionShopper,
  type SessionStorages,
} from './session.server';

/**
 * Server-side sessions (decision record 0012) against the site store, on PGlite and, when
 * TEST_DATABASE_URL is set, on PostgreSQL. Brands get names no other run uses (a shared
 * PostgreSQL database keeps every run's rows).
 */

const SECRET = 's'.repeat(40);
const JWT = `eyJ.${'a'.repeat(900)}.sig`;

function shopper(frqShopperNo: string, now = Date.now()): SessionShopper {
  return {
    frqShopperNo,
    firstName: 'Pat',
    myStore: '5',
    frequentShopperJwt: JWT,
    oAuthJwt: JWT,
    signedInAt: now,
    expiresAt: now + 90 * 24 * 3600 * 1000,
  };
}

/** The Cookie header a browser sends back after a Set-Cookie. */
const cookieOf = (setCookie: string) => setCookie.split(';')[0];

afterEach(() => {
  vi.useRealTimers();
});

describe.each(storeTargets())('sessions in the site store on $name', (target) => {
  let store: SiteStore;
  let sessions: SessionStorages;
  /** Every statement the storages send, for the tests that count them. */
  const statements: string[] = [];
  let brandA: SessionBrand;
  let brandB: SessionBrand;

  beforeAll(async () => {
    store = await openSiteStore({ dataDir: target.dataDir, databaseUrl: target.databaseUrl });
    const counting: SiteQuery = {
      query: (sql, params) => {
        statements.push(sql.trim().split(/\s+/)[0].toLowerCase());
        return store.query(sql, params);
      },
    };
    sessions = createSessionStorages(counting, SECRET, false);
    brandA = { sitePath: uniqueAppId('brand-a'), origin: 'http://a.localhost:3000' };
    brandB = { sitePath: uniqueAppId('brand-b'), origin: 'http://b.localhost:3000' };
  });
  afterAll(() => store?.close());

  const read = (brand: SessionBrand, cookie: string | null) => sessions.read(brand, false, cookie);
  const commit = (brand: SessionBrand, session: AppSession, maxAge = 3600) =>
    sessions.commit(brand, false, session, maxAge);
  const rowOf = async (id: string) =>
    (
      await store.query<{ brand: string; shopper_no: string | null; data: unknown }>(
        'select brand, shopper_no, data from sessions where id = $1',
        [id],
      )
    )[0] ?? null;

  /** A committed session on `brand` with `set` applied; returns its cookie and id. */
  async function stored(brand: SessionBrand, set: (s: AppSession) => void) {
    const session = await read(brand, null);
    set(session);
    const { setCookie, session: saved } = await commit(brand, session);
    return { cookie: cookieOf(setCookie), id: saved.id, setCookie };
  }

  it('keeps only a signed id of about 100 bytes in the cookie, the data in the record', async () => {
    const { setCookie, cookie, id } = await stored(brandA, (s) => {
      s.set('homeStore', '0005');
      s.set('shopper', shopper('400000000017'));
    });
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie.length).toBeLessThan(160);
    expect(cookie).not.toContain('eyJ');
    expect(setCookie).toMatch(/; HttpOnly/i);
    expect(setCookie).toMatch(/; SameSite=Lax/i);
    expect(setCookie).toMatch(/; Path=\//);
    expect(setCookie).not.toMatch(/Domain=/i);
    expect(setCookie).not.toMatch(/; Secure/i);
    // The value is the id, signed: nothing else can be read out of it.
    const value = cookie.slice(cookie.indexOf('=') + 1);
    expect(Buffer.from(decodeURIComponent(value).split('.')[0], 'base64').toString()).toBe(
      JSON.stringify(id),
    );
    const row = await rowOf(id);
    expect(row).toMatchObject({ brand: brandA.sitePath, shopper_no: '400000000017' });
    expect(row?.data).toMatchObject({ homeStore: '0005', shopper: { oAuthJwt: JWT } });

    const again = await read(brandA, cookie);
    expect(again.id).toBe(id);
    expect(again.get('shopper')?.frequentShopperJwt).toBe(JWT);
  });

  it('sets Secure for an https brand, an https request and in production', async () => {
    const https = { sitePath: brandA.sitePath, origin: 'https://a.example' };
    const session = await read(https, null);
    session.set('homeStore', '1');
    expect((await sessions.commit(https, false, session, 60)).setCookie).toMatch(/; Secure/i);
    const overHttps = await read(brandA, null);
    overHttps.set('homeStore', '1');
    expect((await sessions.commit(brandA, true, overHttps, 60)).setCookie).toMatch(/; Secure/i);
    const production = createSessionStorages(store, SECRET, true);
    const inProduction = await production.read(brandA, false, null);
    inProduction.set('homeStore', '1');
    expect((await production.commit(brandA, false, inProduction, 60)).setCookie).toMatch(
      /; Secure/i,
    );
  });

  it('never reads a record on another brand, even with the cookie copied there', async () => {
    const { cookie, id } = await stored(brandA, (s) => s.set('shopper', shopper('400000000021')));
    const elsewhere = await read(brandB, cookie);
    expect(elsewhere.id).toBe('');
    expect(elsewhere.data).toEqual({});

    // What brand B stores for that visitor is a record of its own; A's record is untouched.
    elsewhere.set('homeStore', '0002');
    const saved = await commit(brandB, elsewhere);
    expect(saved.session.id).not.toBe(id);
    expect(await rowOf(saved.session.id)).toMatchObject({ brand: brandB.sitePath });
    expect(await rowOf(id)).toMatchObject({ brand: brandA.sitePath, shopper_no: '400000000021' });
    expect((await read(brandA, cookie)).get('shopper')?.frqShopperNo).toBe('400000000021');
  });

  it('gives the request context of a cookie of another brand a guest', async () => {
    const { cookie } = await stored(brandA, (s) => s.set('shopper', shopper('400000000033')));
    const services = { sessions } as AppServices;
    const contextOn = (brand: SessionBrand) =>
      createAppLoadContext(services, {
        tenant: brand as Tenant,
        nonce: 'n',
        https: false,
        clientIp: '203.0.113.7',
        cookie: `theme=dark; ${cookie}`,
      });
    expect((await contextOn(brandA)).shopper?.frqShopperNo).toBe('400000000033');
    const onB = await contextOn(brandB);
    expect(onB.shopper).toBeNull();
    expect(onB.session.has('shopper')).toBe(false);
  });

  it('never reads an expired record, and sweeps expired records at most once a minute', async () => {
    const { cookie, id } = await stored(brandA, (s) => s.set('homeStore', '0007'));
    await store.query(
      "update sessions set expires_at = now() - interval '1 second' where id = $1",
      [id],
    );
    const expired = await read(brandA, cookie);
    expect(expired.id).toBe('');
    expect(expired.get('homeStore')).toBeUndefined();

    expect(await sessions.sweepExpired()).toBeGreaterThanOrEqual(1);
    expect(await rowOf(id)).toBeNull();

    // Creating a session sweeps now and then: once, then not again within the minute.
    vi.useFakeTimers({ toFake: ['Date'] });
    const expire = async () => {
      const made = await stored(brandA, (s) => s.set('homeStore', '0008'));
      await store.query(
        "update sessions set expires_at = now() - interval '1 second' where id = $1",
        [made.id],
      );
      return made.id;
    };
    const first = await expire(); // its own create may sweep, before it expires
    vi.setSystemTime(Date.now() + SESSION_SWEEP_INTERVAL_MS + 1000);
    await stored(brandA, (s) => s.set('homeStore', '0009')); // sweeps
    expect(await rowOf(first)).toBeNull();
    const second = await expire();
    vi.setSystemTime(Date.now() + SESSION_SWEEP_INTERVAL_MS / 2);
    await stored(brandA, (s) => s.set('homeStore', '0009')); // too soon
    expect(await rowOf(second)).not.toBeNull();
    vi.setSystemTime(Date.now() + SESSION_SWEEP_INTERVAL_MS / 2 + 1000);
    await stored(brandA, (s) => s.set('homeStore', '0009')); // a minute after the last sweep
    expect(await rowOf(second)).toBeNull();
  });

  it('gives a new id at sign-in and at sign-out, carrying the home store and the notice', async () => {
    const guest = await stored(brandA, (s) => s.set('homeStore', '0003'));
    const session = await read(brandA, guest.cookie);
    session.set('shopper', shopper('400000000045'));
    session.flash('notice', 'Welcome back.');
    const signedIn = await commit(brandA, session);
    expect(signedIn.session.id).not.toBe(guest.id);
    expect(await rowOf(guest.id)).toBeNull();
    // The id known before the sign-in is a guest without anything.
    expect((await read(brandA, guest.cookie)).data).toEqual({});

    const next = await read(brandA, cookieOf(signedIn.setCookie));
    expect(next.get('homeStore')).toBe('0003');
    expect(next.get('shopper')?.frqShopperNo).toBe('400000000045');
    expect(next.get('notice')).toBe('Welcome back.');

    // Signing in again (a new sign-in time) is a new id too.
    next.set('shopper', shopper('400000000045', Date.now() + 1000));
    const again = await commit(brandA, next);
    expect(again.session.id).not.toBe(signedIn.session.id);
    expect(await rowOf(signedIn.session.id)).toBeNull();

    // Signing out: the signed-in record ends; the home store moves to a new guest id.
    const out = await read(brandA, cookieOf(again.setCookie));
    out.unset('shopper');
    const guestAgain = await commit(brandA, out);
    expect(guestAgain.session.id).not.toBe(again.session.id);
    expect(await rowOf(again.session.id)).toBeNull();
    expect(await rowOf(guestAgain.session.id)).toMatchObject({
      shopper_no: null,
      data: { homeStore: '0003' },
    });
    expect((await read(brandA, cookieOf(again.setCookie))).has('shopper')).toBe(false);
  });

  it('destroys the record and the cookie when nothing is left to keep', async () => {
    const signedIn = await stored(brandA, (s) => s.set('shopper', shopper('400000000052')));
    const session = await read(brandA, signedIn.cookie);
    session.unset('shopper');
    const out = await commit(brandA, session);
    expect(out.setCookie).toMatch(/^__session=;/);
    expect(out.setCookie).toMatch(/Expires=Thu, 01 Jan 1970/i);
    expect(await rowOf(signedIn.id)).toBeNull();
    // The replayed cookie is a guest; what it stores later goes to a new record.
    const replayed = await read(brandA, signedIn.cookie);
    expect(replayed.id).toBe('');
    replayed.set('homeStore', '0004');
    const fresh = await commit(brandA, replayed);
    expect(fresh.session.id).not.toBe(signedIn.id);
    expect(await rowOf(signedIn.id)).toBeNull();
  });

  it('ends the other sessions of a shopper on a brand, or all of them', async () => {
    const no = `4${String(Date.now()).slice(-11)}`;
    const mine = await stored(brandA, (s) => s.set('shopper', shopper(no)));
    const phone = await stored(brandA, (s) => s.set('shopper', shopper(no)));
    const laptop = await stored(brandA, (s) => s.set('shopper', shopper(no)));
    const otherBrand = await stored(brandB, (s) => s.set('shopper', shopper(no)));
    const otherShopper = await stored(brandA, (s) => s.set('shopper', shopper(`${no}9`)));

    expect(await sessions.endSessions(brandA.sitePath, no, { except: mine.id })).toBe(2);
    expect((await read(brandA, phone.cookie)).has('shopper')).toBe(false);
    expect((await read(brandA, laptop.cookie)).has('shopper')).toBe(false);
    expect((await read(brandA, mine.cookie)).get('shopper')?.frqShopperNo).toBe(no);
    expect((await read(brandB, otherBrand.cookie)).has('shopper')).toBe(true);
    expect((await read(brandA, otherShopper.cookie)).has('shopper')).toBe(true);

    expect(await sessions.endSessions(brandA.sitePath, no)).toBe(1);
    expect((await read(brandA, mine.cookie)).has('shopper')).toBe(false);
  });

  it('never brings back a record ended while a request was using it', async () => {
    const no = `5${String(Date.now()).slice(-11)}`;
    const { cookie, id } = await stored(brandA, (s) => s.set('shopper', shopper(no)));
    const inFlight = await read(brandA, cookie);
    await sessions.endSessions(brandA.sitePath, no); // a password change elsewhere
    inFlight.set('homeStore', '0006');
    await commit(brandA, inFlight);
    expect(await rowOf(id)).toBeNull();
    expect((await read(brandA, cookie)).has('shopper')).toBe(false);
  });

  it('costs no query without a cookie and writes nothing when nothing changed', async () => {
    // A signed-in shopper's session: a change of home store keeps its id (one update).
    const { cookie, id } = await stored(brandA, (s) => {
      s.set('homeStore', '0010');
      s.set('shopper', shopper(`6${String(Date.now()).slice(-11)}`));
    });
    statements.length = 0;
    await read(brandA, null);
    await read(brandA, 'theme=dark');
    expect(statements).toEqual([]);

    const session = await read(brandA, cookie);
    expect(statements).toEqual(['select']);
    session.set('homeStore', '0010'); // the same store chosen again
    const same = await commit(brandA, session);
    expect(statements).toEqual(['select']);
    expect(same.session.id).toBe(id);
    expect(cookieOf(same.setCookie)).toBe(cookie);

    session.set('homeStore', '0011');
    await commit(brandA, session);
    expect(statements).toEqual(['select', 'update']);
    expect((await read(brandA, cookie)).get('homeStore')).toBe('0011');
  });

  it('gives a guest a new id when the home store changes or a notice is added, not when it is read', async () => {
    const guest = await stored(brandA, (s) => s.set('homeStore', '0013'));
    const session = await read(brandA, guest.cookie);
    session.set('homeStore', '0014');
    const moved = await commit(brandA, session);
    // The guest page cache keys pages by the cookie: a new store, a new cookie.
    expect(moved.session.id).not.toBe(guest.id);
    expect(cookieOf(moved.setCookie)).not.toBe(guest.cookie);
    expect(await rowOf(guest.id)).toBeNull();
    expect((await read(brandA, guest.cookie)).data).toEqual({});
    expect((await read(brandA, cookieOf(moved.setCookie))).get('homeStore')).toBe('0014');

    // The same store again with a notice: a page kept for the cookie would not show it.
    const again = await read(brandA, cookieOf(moved.setCookie));
    again.set('homeStore', '0014');
    again.flash('notice', 'Now shopping at Store 14.');
    const noticed = await commit(brandA, again);
    expect(noticed.session.id).not.toBe(moved.session.id);
    expect(await rowOf(moved.session.id)).toBeNull();

    // The page that shows the notice stores its removal under the same id.
    const shown = await read(brandA, cookieOf(noticed.setCookie));
    expect(shown.get('notice')).toBe('Now shopping at Store 14.');
    const after = await commit(brandA, shown);
    expect(after.session.id).toBe(noticed.session.id);
    expect(cookieOf(after.setCookie)).toBe(cookieOf(noticed.setCookie));
    expect((await rowOf(noticed.session.id))?.data).toEqual({ homeStore: '0014' });
  });

  it('treats a cookie signed with the secret but holding no id (a cookie session) as a guest', async () => {
    const old = createCookie('__session', { secrets: [SECRET], path: '/' });
    const header = cookieOf(await old.serialize({ shopper: shopper('400000000061') }));
    const session = await read(brandA, header);
    expect(session.id).toBe('');
    expect(session.data).toEqual({});
    const forged = createCookie('__session', { secrets: ['not-the-secret'.repeat(3)], path: '/' });
    const { id } = await stored(brandA, (s) => s.set('homeStore', '0012'));
    expect((await read(brandA, cookieOf(await forged.serialize(id)))).data).toEqual({});
  });
});
