/**
 * Days are Denver days, with daylight saving time: in July Denver is UTC−6, so 05:30 UTC is still
 * the evening before and 06:30 UTC is already the new day. A fixed UTC−7 got this wrong for half
 * the year. The clocks are injected (the routes' `now`, the seed's `now`).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, denverDate } from '../../common/dates';
import { openDb, type Db } from '../../common/db.server';
import { call, recordingLogger, storeTargets, uniqueAppId } from '../../test/stores';
import { DEMO_UNREGISTERED_PHONE } from './credentials';
import { createRequestHandler } from './http';
import { migrateLoyalty } from './migrations';
import { createRoutes } from './routes';
import { seed } from './seed';

const EVENING_BEFORE = Date.parse('2026-07-15T05:30:00Z'); // 2026-07-14 23:30 in Denver
const JUST_AFTER_MIDNIGHT = Date.parse('2026-07-15T06:30:00Z'); // 2026-07-15 00:30 in Denver

/** The Denver wall-clock time of an instant, read with Intl (independently of common/dates). */
const denverClock = (at: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'America/Denver',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(at);

describe.each(storeTargets())('Denver days on $name', (target) => {
  let db: Db;
  const logger = recordingLogger();
  const servers: http.Server[] = [];
  // Seeded on 2026-08-14 (Denver): terms version 2 takes effect 30 days earlier, on 2026-07-15.
  const termsApp = uniqueAppId('denver-terms');
  // Seeded just after midnight on 2026-07-15 (Denver).
  const summerApp = uniqueAppId('denver-summer');

  /** Serves the routes with an injected clock; resolves to the base URL. */
  async function serve(now: number): Promise<string> {
    const handler = createRequestHandler({
      routes: createRoutes({ db, jwtSecret: 'denver-days-test', now: () => now }),
      db,
      logger,
      credentials: { basic: 'site:dev-loyalty-basic', bearer: 'dev-loyalty-bearer-token' },
      appExists: async () => true,
      onStoreState: () => undefined,
      health: () => ({ status: 'ok', store: db.kind }),
    });
    const server = http.createServer((req, res) => void handler(req, res));
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  beforeAll(async () => {
    db = await openDb({ dir: target.dataDir, databaseUrl: target.databaseUrl });
    await migrateLoyalty(db);
    const apps = { storeNumbers: ['0012'], tiers: [500, 1000, 2000] };
    await seed(db, { appId: termsApp, ...apps, now: new Date('2026-08-14T18:00:00Z') });
    await seed(db, { appId: summerApp, ...apps, now: new Date(JUST_AFTER_MIDNIGHT) });
  }, 60_000);
  afterAll(async () => {
    for (const server of servers) server.close();
    await db?.close();
    expect(logger.errors).toEqual([]);
  });

  it('starts the day at Denver midnight in summer (terms in effect today)', async () => {
    const currentTerms = async (now: number) => {
      const res = await call<{ CurrentTerms: { CurrentTermsVersion: number }[] }>(
        await serve(now),
        'GET',
        `/loyalty/${termsApp}/customer/agreements?action=GET`,
      );
      return res.body.CurrentTerms[0].CurrentTermsVersion;
    };
    expect(await currentTerms(EVENING_BEFORE)).toBe(1);
    expect(await currentTerms(JUST_AFTER_MIDNIGHT)).toBe(2);
  });

  it('counts the months of savings up to the Denver month', async () => {
    const [ava] = await db.query<{ frq: string }>(
      `select frq_shopper_no as frq from shoppers where app_id = $1 and email is not null
       order by phone limit 1`,
      [termsApp],
    );
    const months = async (now: number) =>
      (
        await call<unknown[]>(
          await serve(now),
          'GET',
          `/loyalty/${termsApp}/customer/${ava.frq}/savings`,
        )
      ).body.length;
    expect(await months(Date.parse('2026-08-01T05:30:00Z'))).toBe(7); // still July 31 in Denver
    expect(await months(Date.parse('2026-08-01T06:30:00Z'))).toBe(8);
  });

  it('accepts a birthday up to today in Denver', async () => {
    const [dana] = await db.query<{ frq: string }>(
      'select frq_shopper_no as frq from shoppers where app_id = $1 and phone = $2',
      [summerApp, DEMO_UNREGISTERED_PHONE],
    );
    const setBirthday = async (now: number) =>
      call<{ Birthday?: string; Code?: number }>(
        await serve(now),
        'PUT',
        `/loyalty/${summerApp}/customer/${dana.frq}`,
        { birthday: '2026-07-15', updateBirthday: true },
      );
    const early = await setBirthday(EVENING_BEFORE);
    expect(early.status).toBe(400);
    expect(early.body.Code).toBe(20);
    const onTheDay = await setBirthday(JUST_AFTER_MIDNIGHT);
    expect(onTheDay.status).toBe(200);
    expect(onTheDay.body.Birthday).toBe('2026-07-15');
  });

  it('seeds plain dates relative to the Denver date', async () => {
    const terms = await db.query<{ version: number; effective: string }>(
      `select version, to_char(effective_date, 'YYYY-MM-DD') as effective from terms_versions
       where app_id = $1 order by version`,
      [summerApp],
    );
    expect(terms).toEqual([
      { version: 1, effective: addDays('2026-07-15', -400) },
      { version: 2, effective: '2026-06-15' },
    ]);
  });

  it('ends seeded offers and credits at the last second of a Denver day (UTC−6 in summer)', async () => {
    const offers = await db.query<{ active: Date; expiry: Date }>(
      'select active_date as active, expiry_date as expiry from offers where app_id = $1',
      [summerApp],
    );
    expect(offers.length).toBeGreaterThan(600);
    // Every offer starts at a Denver midnight and ends at 23:59:59 Denver time.
    expect(new Set(offers.map((o) => denverClock(o.active)))).toEqual(new Set(['00:00:00']));
    expect(new Set(offers.map((o) => denverClock(o.expiry)))).toEqual(new Set(['23:59:59']));
    // The ones ending today end at 2026-07-15 23:59:59 MDT.
    const endingToday = offers.filter((o) => denverDate(o.expiry) === '2026-07-15');
    expect(endingToday.length).toBeGreaterThan(0);
    for (const o of endingToday) {
      expect(o.expiry.toISOString()).toBe('2026-07-16T05:59:59.000Z');
    }

    const promos = await db.query<{ expires: Date }>(
      `select expires_at as expires from credits where app_id = $1 and description like 'PROMO%'`,
      [summerApp],
    );
    expect(promos).toHaveLength(3);
    for (const p of promos) expect(p.expires.toISOString()).toMatch(/T05:59:59\.000Z$/);
  });

  it('seeds local times on Denver wall clocks', async () => {
    const dana = await db.query<{ at: Date }>(
      `select p.adjustment_date as at from points_history p
       join shoppers s on s.app_id = p.app_id and s.frq_shopper_no = p.frq_shopper_no
       where p.app_id = $1 and s.phone = $2 order by p.adjustment_date`,
      [summerApp, DEMO_UNREGISTERED_PHONE],
    );
    // 45 days ago at 15:00 and 12 days ago at 17:00, Denver daylight time.
    expect(dana.map((p) => p.at.toISOString())).toEqual([
      '2026-05-31T21:00:00.000Z',
      '2026-07-03T23:00:00.000Z',
    ]);

    // Reward credits are usable for 180 days: the same Denver time 180 calendar days later, even
    // when daylight saving time changes in between.
    const rewards = await db.query<{ issued: Date; expires: Date }>(
      `select issued_at as issued, expires_at as expires from credits
       where app_id = $1 and description like 'RC500 %'`,
      [summerApp],
    );
    expect(rewards.length).toBeGreaterThan(0);
    for (const r of rewards) {
      expect(denverDate(r.expires)).toBe(addDays(denverDate(r.issued), 180));
      expect(denverClock(r.expires)).toBe(denverClock(r.issued));
    }
  });
});
