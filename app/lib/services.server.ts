/**
 * The process-wide services of the shopper-account pages, built once in server.ts from the
 * validated environment: the site store (reset tokens, shared rate-limit counters), the mailer,
 * the rate limits and the bot check.
 */
import path from 'node:path';
import type { Env } from './env.server';
import { logger } from '@common/logger.server';
import { createMailer, type Mailer } from '~/lib/mail/mailer.server';
import { createBotCheck, type BotCheck } from '~/lib/security/bot-check.server';
import { createRateLimits, type RateLimits } from '~/lib/security/rate-limit.server';
import { openSiteStore, type SiteStore } from '~/lib/site-store/site-store.server';

export interface AccountServices {
  siteStore: SiteStore;
  mailer: Mailer;
  limits: RateLimits;
  botCheck: BotCheck;
  /** The secret the site signs its own cookies with (the session's, and a guest's list). */
  cookieSecret: string;
  close(): Promise<void>;
}

type AccountEnv = Pick<
  Env,
  | 'NODE_ENV'
  | 'DATA_DIR'
  | 'DATABASE_URL'
  | 'SMTP_URL'
  | 'RATE_LIMIT_IP_PER_MINUTE'
  | 'RATE_LIMIT_LOGIN_FAILURES'
  | 'BOT_CHECK_MIN_FILL_MS'
>;

export async function createAccountServices(
  env: AccountEnv,
  sessionSecret: string,
  /** The site schema of the embedded database the process shares (server.ts), if any. */
  sharedStore?: SiteStore,
): Promise<AccountServices> {
  const siteStore = await openSiteStore({
    shared: sharedStore,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    onPoolError: (error) => logger.warn({ err: error }, 'site store connection lost'),
  });
  const mailer = createMailer({
    smtpUrl: env.SMTP_URL,
    outboxDir: path.resolve(env.DATA_DIR, 'outbox'),
  });
  // After the site store: its migrations create the shared rate_limits table.
  const limits = createRateLimits({
    databaseUrl: env.DATABASE_URL,
    settings: {
      ipPoints: env.RATE_LIMIT_IP_PER_MINUTE,
      accountFailures: env.RATE_LIMIT_LOGIN_FAILURES,
    },
  });
  const botCheck = createBotCheck({
    secret: sessionSecret,
    minFillMs: env.BOT_CHECK_MIN_FILL_MS,
    production: env.NODE_ENV === 'production',
  });
  logger.info(
    { store: siteStore.kind, mail: mailer.kind, limits: limits.store },
    'account services ready',
  );
  return {
    siteStore,
    mailer,
    limits,
    botCheck,
    cookieSecret: sessionSecret,
    async close() {
      mailer.close();
      await limits.close();
      await siteStore.close();
    },
  };
}
