import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeTargets, uniqueAppId } from '@test/stores';
import { openSiteStore, type SiteQuery, type SiteStore } from '~/lib/site-store/site-store.server';
import { SessionRecordCache } from './record-cache.server';
import {
  createSessionStorages,
  type AppSession,
  type SessionBrand,
  type SessionShopper,
  type SessionStorages,
} from './session.server';

/**
 * Session records kept in memory by the embedded store's one process: a record is read from the
 * store once, and every change made through the storages or a raised shopper version is seen by
 * the very next read (a sign-out, ending every session, an update, a version raised by a write).
 * Run on PGlite and, with TEST_DATABASE_URL, on PostgreSQL (the statements are the same).
 */

function shopper(frqShopperNo: string): SessionShopper {
  const now = Date.now();
  return {
    frqShopperNo,
    firstName: 'Pat',
    myStore: '5',
    frequentShopperJwt: 'jwt',
    oAuthJwt: 'jwt',
    signedInAt: now,
    expiresAt: now + 3_600_000,
  };
}

const cookieOf = (setCookie: string) => setCookie.split(';')[0];

describe.each(storeTargets())('session records kept in memory on $name', (target) => {
  let store: SiteStore;
  /** The statements sent to the store, by their first word. */
  const statements: string[] = [];
  let counting: SiteQuery;
  let sessions: SessionStorages;
  let brand: SessionBrand;
  let other: SessionBrand;

  beforeAll(async () => {
    store = await openSiteStore({ dataDir: target.dataDir, databaseUrl: target.databaseUrl });
    counting = {
      query: (sql, params) => {
        statements.push(sql.trim().split(/\s+/)[0].toLowerCase());
        return store.query(sql, params);
      },
    };
    sessions = createSessionStorages(counting, 's'.repeat(40), false, { keepRecords: true });
    brand = { sitePath: uniqueAppId('kept-a'), origin: 'http://a.localhost:3000' };
    other = { sitePath: uniqueAppId('kept-b'), origin: 'http://b.localhost:3000' };
  });
  afterAll(() => store?.close());

  const read = (b: SessionBrand, cookie: string | null) => sessions.read(b, false, cookie);
  const commit = (b: SessionBrand, session: AppSession, maxAge = 3600) =>
    sessions.commit(b, false, session, maxAge);
  /** Statements `run` sends. */
  async function sent(run: () => Promise<unknown>): Promise<string[]> {
    const from = statements.length;
    await run();
    return statements.slice(from);
  }
  async function signedIn(frqShopperNo: string) {
    const session = await read(brand, null);
    session.set('shopper', shopper(frqShopperNo));
    const { setCookie } = await commit(brand, session);
    return cookieOf(setCookie);
  }

  it('reads a record from the store once, then from memory, a fresh copy each time', async () => {
    const cookie = await signedIn('400000000101');
    const first = await read(brand, cookie);
    expect(first.get('shopper')?.frqShopperNo).toBe('400000000101');
    let again: AppSession | null = null;
    expect(
      await sent(async () => {
        again = await read(brand, cookie);
      }),
    ).toEqual([]);
    expect(again!.get('shopper')?.frqShopperNo).toBe('400000000101');
    // A request changing its own copy changes no other request's.
    again!.get('shopper')!.firstName = 'Changed';
    expect((await read(brand, cookie)).get('shopper')?.firstName).toBe('Pat');
    // The record is one brand's: the cookie copied to another brand is a guest there.
    expect((await read(other, cookie)).has('shopper')).toBe(false);
  });

  it('sees an update, a sign-out and a replayed cookie at once', async () => {
    const cookie = await signedIn('400000000102');
    const session = await read(brand, cookie);
    session.set('homeStore', '0009');
    await commit(brand, session);
    expect((await read(brand, cookie)).get('homeStore')).toBe('0009');

    const leaving = await read(brand, cookie);
    leaving.unset('shopper');
    await commit(brand, leaving);
    // The old cookie, sent again after the sign-out, is a guest's.
    const replayed = await read(brand, cookie);
    expect(replayed.has('shopper')).toBe(false);
    expect(replayed.id).toBe('');
  });

  it('ends every session of a shopper in memory too, and sees a raised version', async () => {
    const phone = await signedIn('400000000103');
    const laptop = await signedIn('400000000103');
    const onPhone = await read(brand, phone);
    await read(brand, laptop);
    const before = sessions.shopperVersion(onPhone);

    await sessions.raiseShopperVersion(brand.sitePath, '400000000103');
    const after = await read(brand, phone);
    expect(sessions.shopperVersion(after)).toBe(before + 1);

    await sessions.endSessions(brand.sitePath, '400000000103', { except: onPhone.id });
    expect((await read(brand, laptop)).has('shopper')).toBe(false);
    const kept = await read(brand, phone);
    expect(kept.get('shopper')?.frqShopperNo).toBe('400000000103');
    expect(sessions.shopperVersion(kept)).toBe(before + 2);
  });

  it('never serves a record past its end', async () => {
    const session = await read(brand, null);
    session.set('homeStore', '0004');
    const { setCookie } = await commit(brand, session, 1);
    const cookie = cookieOf(setCookie);
    expect((await read(brand, cookie)).get('homeStore')).toBe('0004');
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await read(brand, cookie)).get('homeStore')).toBeUndefined();
  });
});

describe('SessionRecordCache', () => {
  const record = { json: '{"homeStore":"1"}', shopperNo: '7', expiresAt: Date.now() + 60_000 };

  it('keeps nothing a read found when a change came while it ran', () => {
    const cache = new SessionRecordCache();
    const begun = cache.begin();
    cache.forget('b', 'other-id');
    cache.keep(begun, 'b', 'id', { ...record, version: 1 });
    expect(cache.get('b', 'id')).toBeNull();

    const again = cache.begin();
    cache.keep(again, 'b', 'id', { ...record, version: 1 });
    expect(cache.get('b', 'id')).toEqual({ data: { homeStore: '1' }, version: 1 });
  });

  it('keeps the higher of two versions raised out of order', () => {
    const cache = new SessionRecordCache();
    cache.keep(cache.begin(), 'b', 'id', { ...record, version: 4 });
    cache.versionRaised('b', '7', 6);
    cache.versionRaised('b', '7', 5);
    expect(cache.get('b', 'id')?.version).toBe(6);
    cache.forgetShopper('b', '7');
    expect(cache.get('b', 'id')).toBeNull();
  });
});
