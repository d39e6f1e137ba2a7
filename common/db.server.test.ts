import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, openSharedPglite, type SharedPglite } from './db.server';
import { migrate } from './migrate.server';

describe('embedded PGlite', () => {
  it('runs with 16 MB of shared buffers, not PostgreSQL’s 128 MB', async () => {
    const db = await openDb({ dir: 'memory://' });
    try {
      expect(await db.query('show shared_buffers')).toEqual([{ shared_buffers: '16MB' }]);
    } finally {
      await db.close();
    }
  });
});

describe('one PGlite shared by two stores, each in its own schema', () => {
  let shared: SharedPglite;
  beforeAll(async () => {
    shared = await openSharedPglite('memory://');
  });
  afterAll(async () => {
    await shared.close();
  });

  it('keeps same-named tables apart, migrations included', async () => {
    const loyalty = shared.schema('public');
    const site = shared.schema('site');
    await site.exec('create schema if not exists site');
    await migrate(loyalty, [{ version: '001_a', sql: 'create table things (name text)' }]);
    await migrate(site, [
      { version: '001_a', sql: 'create table things (name text)' },
      { version: '002_b', sql: 'create table notes (body text)' },
    ]);
    await loyalty.query('insert into things values ($1)', ['loyalty thing']);
    await site.query('insert into things values ($1)', ['site thing']);
    expect(await loyalty.query('select name from things')).toEqual([{ name: 'loyalty thing' }]);
    expect(await site.query('select name from things')).toEqual([{ name: 'site thing' }]);
    expect(await site.query('select name from site.things')).toEqual([{ name: 'site thing' }]);
    const versions = async (db: typeof site) =>
      (await db.query<{ version: string }>('select version from schema_migrations')).map(
        (r) => r.version,
      );
    expect(await versions(loyalty)).toEqual(['001_a']);
    expect(await versions(site)).toEqual(['001_a', '002_b']);
    // The connection's own search path is never changed by the site's statements.
    expect(await loyalty.query('show search_path')).toEqual([{ search_path: 'public' }]);
  });

  it('interleaves both stores’ statements and transactions without mixing them', async () => {
    const loyalty = shared.schema('public');
    const site = shared.schema('site');
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 2
          ? site.transaction(async (tx) => {
              await tx.query('insert into notes values ($1)', [`note ${i}`]);
              return tx.query('select count(*)::int as n from notes');
            })
          : loyalty.query('insert into things values ($1)', [`thing ${i}`]),
      ),
    );
    expect(await site.query('select count(*)::int as n from notes')).toEqual([{ n: 20 }]);
    expect(await loyalty.query('select count(*)::int as n from things')).toEqual([{ n: 21 }]);
    // A failed transaction of one store leaves the other's data and path alone.
    await expect(
      site.transaction(async (tx) => {
        await tx.query('insert into notes values ($1)', ['rolled back']);
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    expect(await site.query('select count(*)::int as n from notes')).toEqual([{ n: 20 }]);
    expect(await loyalty.query('show search_path')).toEqual([{ search_path: 'public' }]);
    // A store's close leaves the shared instance open for the others.
    await site.close();
    expect(await loyalty.query('select 1 as one')).toEqual([{ one: 1 }]);
  });

  it('runs a store’s statement on its own, not inside a transaction made to set its path', async () => {
    const site = shared.schema('site');
    // VACUUM refuses to run inside a transaction block.
    await expect(site.exec('vacuum notes')).resolves.toBeUndefined();
    await expect(site.query('vacuum notes')).resolves.toEqual([]);
  });

  it('keeps each store on its own schema when statements of several fail in between', async () => {
    const loyalty = shared.schema('public');
    const site = shared.schema('site');
    const third = shared.schema('third');
    await third.exec('create schema if not exists third; create table things (name text)');
    await third.query('insert into things values ($1)', ['third thing']);
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) => {
        const store = [loyalty, site, third][i % 3];
        return i % 4 === 0
          ? store.query('select * from no_such_table')
          : store.query<{ name: string }>('select name from things order by name limit 1');
      }),
    );
    results.forEach((r, i) => {
      if (i % 4 === 0) expect(r.status).toBe('rejected');
      else
        expect(r).toEqual({
          status: 'fulfilled',
          value: [{ name: ['loyalty thing', 'site thing', 'third thing'][i % 3] }],
        });
    });
  });

  it('refuses a schema name that is not a plain identifier', () => {
    expect(() => shared.schema('site; drop table things')).toThrow(/bad schema name/);
  });
});
