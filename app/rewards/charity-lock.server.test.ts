/**
 * A double submit that reaches two site processes (docs/decisions/0019-several-processes.md:
 * several processes on one PostgreSQL): each process has its own in-process queue, so only the
 * database lock keeps the two changes apart. Two module instances stand for the two processes, two
 * pools for their connections; the loyalty service is a shared in-memory enrolment whose calls take
 * a while, so that unserialised changes interleave.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDb, type Db } from '@common/db.server';

const url = process.env.TEST_DATABASE_URL;

type Module = typeof import('./charity.server');

async function freshModule(): Promise<Module> {
  vi.resetModules();
  return import('./charity.server');
}

function sharedLoyalty(enrolled: string[]) {
  const state = new Set(enrolled);
  const pause = () => new Promise((r) => setTimeout(r, 30));
  const loyalty = {
    async getUserCharities() {
      await pause();
      return [...state].map((charityId) => ({
        charityId,
        charityDescription: '',
        notes: '',
        zipCode: '',
        isEnrolled: true,
      }));
    },
    async enrollCharity(_frq: string, id: string) {
      await pause();
      state.add(id);
      return true;
    },
    // Like a backend that answers success for a charity no longer enrolled.
    async disenrollCharity(_frq: string, id: string) {
      await pause();
      state.delete(id);
      return true;
    },
  };
  return { loyalty, state };
}

describe.skipIf(!url)('charity changes across processes (PostgreSQL)', () => {
  let first: Db;
  let second: Db;
  beforeAll(async () => {
    first = await openDb({ databaseUrl: url, maxConnections: 2 });
    second = await openDb({ databaseUrl: url, maxConnections: 2 });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  async function twoProcesses(withLock: boolean) {
    const [a, b] = [await freshModule(), await freshModule()];
    expect(a).not.toBe(b);
    const { loyalty, state } = sharedLoyalty(['old']);
    const key = `lins\u0000lock-test-${Math.random()}`;
    const run = (m: Module, db: Db, charityId: string) =>
      m.changeCharity({
        loyalty,
        restore: loyalty,
        frqShopperNo: '42',
        charityId,
        key,
        lock: withLock ? m.databaseLock(db) : undefined,
      });
    const outcomes = await Promise.all([run(a, first, 'x'), run(b, second, 'y')]);
    return { outcomes, enrolled: [...state].sort() };
  }

  it('without the lock two processes interleave and leave two charities enrolled', async () => {
    const { enrolled } = await twoProcesses(false);
    expect(enrolled).toEqual(['x', 'y']);
  });

  it('with the lock the second change waits: one charity enrolled, the last chosen', async () => {
    const { outcomes, enrolled } = await twoProcesses(true);
    expect(outcomes).toEqual(['updated', 'updated']);
    expect(enrolled).toHaveLength(1);
  });

  it('PGlite needs no database lock: one process, the in-process queue', async () => {
    const m = await freshModule();
    // Only the store's kind matters: no PGlite needs opening for it.
    expect(m.databaseLock({ kind: 'pglite' } as Db)).toBeUndefined();
    expect(m.databaseLock(first)).toBeTypeOf('function');
  });
});

describe('a change lock that cannot be taken', () => {
  it('sends nothing and fails the change (the generic message), never throws', async () => {
    const m = await freshModule();
    const { logger } = await import('@common/logger.server');
    vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    const { loyalty, state } = sharedLoyalty(['old']);
    const outcome = await m.changeCharity({
      loyalty,
      restore: loyalty,
      frqShopperNo: '42',
      charityId: 'x',
      key: 'k',
      lock: () => Promise.reject(new Error('connection refused')),
    });
    expect(outcome).toBe('failed');
    expect([...state]).toEqual(['old']);
  });
});
