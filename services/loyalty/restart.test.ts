import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startLoyaltyService, type StartLoyaltyServiceOptions } from './index';
import { call, recordingLogger, storeTargets, uniqueAppId } from '../../test/stores';

type Json = Record<string, unknown>;

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

describe.each(storeTargets())('restart on $name', (target) => {
  it('keeps what was written across a restart and does not seed twice', async () => {
    let store: StartLoyaltyServiceOptions;
    if (target.databaseUrl) {
      store = { databaseUrl: target.databaseUrl };
    } else {
      // A real data folder (not memory) is the point of this test.
      const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'loyalty-restart-'));
      folders.push(folder);
      store = { dataDir: folder };
    }
    const appId = uniqueAppId('restart');
    const apps = [{ appId, storeNumbers: ['0101'], tiers: [500] }];
    const logger = recordingLogger();
    const email = `restart.${Date.now()}@example.com`;

    const first = await startLoyaltyService({ ...store, apps, logger });
    expect(first.seeded[0].seeded).toBe(true);
    if (!target.databaseUrl) {
      expect(fs.existsSync(path.join(store.dataDir!, 'loyalty', 'PG_VERSION'))).toBe(true);
    }
    const created = await call<Json>(first.url, 'POST', `/loyalty/${appId}/customer/register`, {
      firstName: 'Re',
      lastName: 'Start',
      email,
      phone: '8015550123',
      password: 'Restart1!',
    });
    expect(created.status).toBe(201);
    const n = created.body.FrqShopperNo as string;
    const live = await first.db.query<{ id: number }>(
      `select offer_id as id from offers where app_id = $1
         and active_date <= now() and expiry_date > now() + interval '1 day'
       order by offer_id limit 3`,
      [appId],
    );
    const clipped = live.map((o) => o.id);
    const clip = await call<Json>(
      first.url,
      'POST',
      `/loyalty/${appId}/quotient/${n}/offers/activate`,
      {
        offers: clipped.map((offerId) => ({ offerId })),
      },
    );
    expect(clip.body.Results).toEqual(clipped.map((OfferId) => ({ OfferId, Activated: true })));
    await first.close();
    expect(first.health().status).toBe('down');

    const second = await startLoyaltyService({ ...store, apps, logger });
    try {
      expect(second.seeded[0].seeded).toBe(false);
      const login = await call<Json>(second.url, 'POST', `/AppUsers/login?a=${appId}`, {
        emailOrPhone: email,
        password: 'Restart1!',
      });
      expect(login.status).toBe(200);
      expect((login.body.AppUserLogin as Json).FrqShopperNo).toBe(n);
      const offers = await call<{ Activated: { OfferId: number }[] }>(
        second.url,
        'GET',
        `/loyalty/${appId}/quotient/${n}/offers`,
      );
      expect(offers.body.Activated.map((o) => o.OfferId).sort()).toEqual([...clipped].sort());
      const [{ count }] = await second.db.query<{ count: number }>(
        'select count(*)::int as count from offers where app_id = $1',
        [appId],
      );
      expect(count).toBe(640);
    } finally {
      await second.close();
    }
    expect(logger.errors).toEqual([]);
  }, 60_000);
});
