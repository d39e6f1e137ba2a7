import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDb } from '@common/db.server';
import { migrateLoyalty, storeTargets } from '@test/stores';
import {
  defaultMigrationsDir,
  openSiteStore,
  siteDataDir,
  withSiteSearchPath,
  type SiteStore,
} from './site-store.server';

const folders: string[] = [];
const stores: SiteStore[] = [];
afterAll(async () => {
  for (const store of stores) await store.close();
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});

async function open(options: Parameters<typeof openSiteStore>[0]) {
  const store = await openSiteStore(options);
  stores.push(store);
  return store;
}

const migrationVersions = () =>
  fs
    .readdirSync(defaultMigrationsDir())
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => f.replace(/\.sql$/, ''));

describe('site store helpers', () => {
  it('puts PGlite in <dataDir>/site, keeps memory:// as is', () => {
    expect(siteDataDir('/srv/data')).toBe('/srv/data/site');
    expect(siteDataDir('memory://')).toBe('memory://');
  });

  it('adds search_path=site to the connection options, keeping any already there', () => {
    const url = new URL(withSiteSearchPath('postgres://u:p@db:5432/shop?sslmode=require'));
    expect(url.searchParams.get('options')).toBe('-c search_path=site');
    expect(url.searchParams.get('sslmode')).toBe('require');
    const again = new URL(
      withSiteSearchPath('postgres://db/shop?options=-c%20statement_timeout%3D5s'),
    );
    expect(again.searchParams.get('options')).toBe('-c statement_timeout=5s -c search_path=site');
  });
});

describe.each(storeTargets())('site store on $name', (target) => {
  it('applies the migrations into the site schema and runs queries and transactions', async () => {
    const store = await open({ dataDir: target.dataDir, databaseUrl: target.databaseUrl });
    expect(store.kind).toBe(target.name);
    const applied = await store.query<{ version: string }>(
      'select version from site.schema_migrations order by version',
    );
    expect(applied.map((r) => r.version)).toEqual(migrationVersions());
    const tables = await store.query<{ table_name: string }>(
      `select table_name from information_schema.tables where table_schema = 'site'
        order by table_name`,
    );
    expect(tables.map((t) => t.table_name)).toEqual(
      expect.arrayContaining(['password_reset_tokens', 'rate_limits', 'schema_migrations']),
    );

    const key = `test:${Math.random()}`;
    await expect(
      store.transaction(async (tx) => {
        await tx.query('insert into rate_limits (key, points) values ($1, 1)', [key]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await store.query('select 1 from rate_limits where key = $1', [key])).toEqual([]);
    await store.transaction((tx) =>
      tx.query('insert into rate_limits (key, points) values ($1, 2)', [key]),
    );
    expect(await store.query('select points from rate_limits where key = $1', [key])).toEqual([
      { points: 2 },
    ]);
    await store.query('delete from rate_limits where key = $1', [key]);
  });
});

describe('site store on a PGlite folder', () => {
  it('creates <dataDir>/site, keeps data across a reopen and does not migrate twice', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-store-'));
    folders.push(dataDir);
    const first = await openSiteStore({ dataDir });
    expect(fs.existsSync(path.join(dataDir, 'site', 'PG_VERSION'))).toBe(true);
    await first.query("insert into rate_limits (key, points) values ('kept', 3)");
    await first.close();

    const second = await open({ dataDir });
    expect(await second.query("select points from rate_limits where key = 'kept'")).toEqual([
      { points: 3 },
    ]);
    const versions = await second.query('select version from schema_migrations');
    expect(versions).toHaveLength(migrationVersions().length);
  });
});

const databaseUrl = process.env.TEST_DATABASE_URL;
describe.runIf(databaseUrl)('site store sharing a PostgreSQL database', () => {
  it('lives beside the loyalty service (public schema) without touching it', async () => {
    // The loyalty service's own migrations in `public`, as server.ts runs them.
    const loyalty = await openDb({ databaseUrl });
    try {
      await migrateLoyalty(loyalty);
      const [a, b] = await Promise.all([
        open({ databaseUrl }), // two processes starting at once
        open({ databaseUrl }),
      ]);
      expect(await a.query('select count(*)::int as n from schema_migrations')).toEqual([
        { n: migrationVersions().length },
      ]);
      expect(await b.query('select 1 from password_reset_tokens limit 1')).toEqual([]);
      const publicTables = await loyalty.query<{ table_name: string }>(
        `select table_name from information_schema.tables where table_schema = 'public'`,
      );
      const names = publicTables.map((t) => t.table_name);
      expect(names).toContain('shoppers');
      expect(names).not.toContain('password_reset_tokens');
      const loyaltyVersions = await loyalty.query<{ version: string }>(
        'select version from public.schema_migrations',
      );
      expect(loyaltyVersions.map((v) => v.version)).not.toContain(migrationVersions()[0]);
    } finally {
      await loyalty.close();
    }
  });
});
