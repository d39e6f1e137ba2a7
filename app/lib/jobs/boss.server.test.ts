import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openSiteStore } from '~/lib/site-store/site-store.server';
import { createQueueOnce, openBoss, type PgBoss, type QueueSettings } from './boss.server';

const url = process.env.TEST_DATABASE_URL;
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const clean of cleanups.reverse()) await clean();
});

const settings: QueueSettings = {
  policy: 'short',
  retryLimit: 2,
  retryDelay: 5,
  expireInSeconds: 60,
};

describe('createQueueOnce on the embedded store', () => {
  it('creates a missing queue with its settings, and leaves an existing one alone', async () => {
    const store = await openSiteStore({ dataDir: 'memory://' });
    const boss = await openBoss({ store });
    cleanups.push(async () => {
      await boss.stop({ graceful: false, wait: true });
      await store.close();
    });
    await createQueueOnce(boss, "it's-a-queue", settings);
    await createQueueOnce(boss, "it's-a-queue", { ...settings, retryLimit: 9 });
    const queue = await boss.getQueue("it's-a-queue");
    expect(queue).toMatchObject({ policy: 'short', retryLimit: 2, retryDelay: 5 });
    expect(await boss.send("it's-a-queue", { a: 1 })).toBeTruthy();
  });
});

describe.skipIf(!url)('createQueueOnce on PostgreSQL', () => {
  it(
    'three processes creating the same queues at once on a new database',
    { timeout: 60_000 },
    async () => {
      // Its own database: the job schema starts empty, as on a first deployment.
      const name = `boss_${crypto.randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const dbUrl = new URL(url!);
      dbUrl.pathname = `/${name}`;
      const bosses: PgBoss[] = [];
      cleanups.push(async () => {
        for (const boss of bosses) await boss.stop({ graceful: false, wait: true });
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      });
      for (let i = 0; i < 3; i++) bosses.push(await openBoss({ databaseUrl: dbUrl.toString() }));

      const queues = ['first', 'second', 'third', 'fourth'];
      await Promise.all(
        bosses.map(async (boss) => {
          for (const queue of queues) {
            await createQueueOnce(boss, queue, { ...settings, policy: 'standard' });
            await boss.send(queue, { from: bosses.indexOf(boss) });
          }
        }),
      );
      for (const queue of queues) {
        expect(await bosses[0]!.getQueueSize(queue)).toBe(3);
      }
    },
  );
});
