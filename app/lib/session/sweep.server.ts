/** Deleting expired session records (./session.server.ts): on demand, and now and then. */
import { logger } from '@common/logger.server';
import type { SiteQuery } from '~/lib/site-store/site-store.server';

/** Expired records are deleted at most this often, by the process that creates a session. */
export const SESSION_SWEEP_INTERVAL_MS = 60_000;

/** Deleting expired records: on demand, and now and then when a session is created. */
export function expiredSweeper(store: SiteQuery) {
  let lastSweep = 0;

  async function sweepExpired(): Promise<number> {
    const rows = await store.query('delete from sessions where expires_at <= now() returning 1');
    return rows.length;
  }

  /** One indexed delete a minute at most, on a create: the table never keeps ended records long. */
  async function nowAndThen() {
    const now = Date.now();
    if (now - lastSweep < SESSION_SWEEP_INTERVAL_MS) return;
    lastSweep = now;
    await sweepExpired().catch((error: unknown) =>
      logger.warn({ err: error }, 'expired sessions not swept'),
    );
  }

  return { sweepExpired, nowAndThen };
}
