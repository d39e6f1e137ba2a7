import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSharedPglite } from '../../common/db.server';
import { recordingLogger, storeTargets } from '../../test/stores';
import {
  mailingListDataDir,
  startMailingListService,
  withMailingSearchPath,
  type StartMailingListServiceOptions,
} from './index';

type Json = Record<string, unknown>;

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

const getJson = async (url: string) => (await (await fetch(url)).json()) as Json;

describe.each(storeTargets())('restart on $name', (target) => {
  it('keeps the lists and their members across a restart', async () => {
    let store: StartMailingListServiceOptions;
    if (target.databaseUrl) {
      store = { databaseUrl: target.databaseUrl };
    } else {
      // A real data folder (not memory) is the point of this test.
      const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'mailing-list-restart-'));
      folders.push(folder);
      store = { dataDir: folder };
    }
    const list = `r${crypto.randomBytes(4).toString('hex')}-pharmacy`;
    const logger = recordingLogger();
    const subscribe = `/subscribe/${list}?EMAIL=Keep@Example.com&MMERGE3=LINS&AGE=55-60&AGREE=1`;

    const first = await startMailingListService({ ...store, logger });
    if (!target.databaseUrl) {
      expect(fs.existsSync(path.join(store.dataDir!, 'mailing-list', 'PG_VERSION'))).toBe(true);
    }
    expect(await getJson(`${first.url}${subscribe}`)).toEqual({
      result: 'success',
      msg: 'Thank you for subscribing!',
    });
    await first.close();
    expect(first.health().status).toBe('down');

    const second = await startMailingListService({ ...store, logger });
    try {
      expect(await getJson(`${second.url}${subscribe}`)).toEqual({
        result: 'error',
        msg: `keep@example.com is already subscribed to list ${list}.`,
      });
      expect(
        await getJson(`${second.url}/lists/${list}/members?email=keep@example.com`),
      ).toMatchObject({
        subscribed: true,
        member: { store: 'LINS', ageRange: '55-60', agreed: true },
      });
      expect(((await getJson(`${second.url}/healthz`)).lists as Json)[list]).toBe(1);
    } finally {
      await second.close();
    }
    expect(logger.errors).toEqual([]);
  }, 60_000);
});

describe('a store handed in', () => {
  it("runs in schema 'mailing' of the site's one embedded PGlite, apart from the other stores", async () => {
    const shared = await openSharedPglite('memory://');
    try {
      const loyalty = shared.schema('public');
      // Another store's migrations of the same version name must not hide this service's.
      await loyalty.exec(
        `create table schema_migrations (version text primary key, applied_at timestamptz);
         insert into schema_migrations (version) values ('001_mailing_list_init');`,
      );
      const service = await startMailingListService({
        db: shared.schema('mailing'),
        logger: recordingLogger(),
      });
      try {
        const reply = await getJson(`${service.url}/subscribe/lins?EMAIL=a@b.co&MMERGE3=LINS`);
        expect(reply.result).toBe('success');
      } finally {
        await service.close();
      }
      const tables = await loyalty.query<{ schema: string; name: string }>(
        `select table_schema as schema, table_name as name from information_schema.tables
          where table_name in ('lists', 'members') order by table_name`,
      );
      expect(tables).toEqual([
        { schema: 'mailing', name: 'lists' },
        { schema: 'mailing', name: 'members' },
      ]);
      // Closing the service left the shared instance open for its other stores.
      expect(await shared.schema('mailing').query('select email from members')).toEqual([
        { email: 'a@b.co' },
      ]);
    } finally {
      await shared.close();
    }
  });

  it('answers 503 (not 500) and reports down while the store is gone', async () => {
    const shared = await openSharedPglite('memory://');
    const logger = recordingLogger();
    const service = await startMailingListService({ db: shared.schema('mailing'), logger });
    try {
      await shared.close();
      const res = await fetch(`${service.url}/subscribe/lins?EMAIL=a@b.co&MMERGE3=LINS&c=cb`);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        result: 'error',
        msg: 'The mailing list is unavailable. Please try again later.',
      });
      expect((await fetch(`${service.url}/healthz`)).status).toBe(503);
      expect(service.health()).toEqual({ status: 'down', store: 'pglite' });
      expect(logger.errors.length).toBeGreaterThan(0);
    } finally {
      await service.close();
    }
  });

  it('is refused when its statements would land in another schema', async () => {
    const shared = await openSharedPglite('memory://');
    try {
      await expect(
        startMailingListService({ db: shared.schema('public'), logger: recordingLogger() }),
      ).rejects.toThrow(
        "The mailing-list store must run in schema 'mailing' (it runs in 'public').",
      );
    } finally {
      await shared.close();
    }
  });
});

describe('store locations', () => {
  it('keeps PGlite in <dataDir>/mailing-list and PostgreSQL in schema mailing', () => {
    expect(mailingListDataDir('/srv/data')).toBe('/srv/data/mailing-list');
    expect(mailingListDataDir('memory://')).toBe('memory://');
    const url = new URL(withMailingSearchPath('postgres://u:p@db:5432/site?options=-c%20a%3Db'));
    expect(url.searchParams.get('options')).toBe('-c a=b -c search_path=mailing');
    expect(new URL(withMailingSearchPath('postgres://db/site')).searchParams.get('options')).toBe(
      '-c search_path=mailing',
    );
  });
});
