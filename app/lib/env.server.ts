import { z } from 'zod';
import { parseTrustProxy, TrustProxyError } from '~/lib/security/trust-proxy.server';

/**
 * Environment, validated once at start-up. A bad value stops the process with one line that names
 * the variable, so an operator never has to read a stack trace to find a typo.
 */
const urlString = z.string().url();

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('.data'),
  TENANTS_DIR: z.string().min(1).default('tenants'),
  CONTENT_DIR: z.string().min(1).default('content'),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LOYALTY_API_URL: urlString.optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** How long a guest page is shared between guests (0 turns the cache off). */
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
  /**
   * How long a signed-in shopper's loyalty reads are kept in each process (0: not kept; the
   * last-known answers for an outage are still saved). Unset: 60 s for points, offers and coupon
   * lists, 300 s for receipts, savings, profile and charity (docs/decisions/0032-shopper-read-cache.md).
   */
  LOYALTY_READ_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).optional(),
  /** How often (ms) the tenants folder is rescanned in addition to file-system events. */
  TENANTS_RESCAN_MS: z.coerce.number().int().min(200).max(60000).default(2000),
  /** Login, reset-request and registration posts allowed per client IP, brand and minute. */
  RATE_LIMIT_IP_PER_MINUTE: z.coerce.number().int().min(1).max(100000).default(10),
  /** Failed logins per account and brand before each next attempt waits (decision record 0011). */
  RATE_LIMIT_LOGIN_FAILURES: z.coerce.number().int().min(1).max(1000).default(5),
  /**
   * Which proxies' X-Forwarded-For / X-Forwarded-Proto to believe (Express `trust proxy`): true,
   * false, a hop count, or addresses / subnets / loopback, linklocal, uniquelocal. See
   * security/trust-proxy.server.ts.
   */
  TRUST_PROXY: z
    .string()
    .default('loopback')
    .transform((text, ctx) => {
      try {
        return parseTrustProxy(text);
      } catch (error) {
        if (!(error instanceof TrustProxyError)) throw error;
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: error.message });
        return z.NEVER;
      }
    }),
  /**
   * Lets a scraper elsewhere read /metrics with `Authorization: Bearer <token>`; without it
   * /metrics answers only on the machine itself (server/metrics.ts).
   */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Honeypot bot check: shortest time (ms) between rendering and posting a form. */
  BOT_CHECK_MIN_FILL_MS: z.coerce.number().int().min(0).max(60000).default(2000),
  /**
   * `off`: the site process runs no job worker (reminder e-mails); an operator then runs
   * `npm run jobs` from cron every hour instead.
   */
  JOBS_IN_PROCESS: z.enum(['on', 'off']).default('on'),
  /**
   * Seconds between the in-process worker's looks for brands whose send hour it is; unset: once
   * an hour, just after the hour starts.
   */
  JOBS_TICK_SECONDS: z.coerce.number().int().min(1).max(3600).optional(),
});

export type Env = z.infer<typeof envSchema>;

/** Parses an environment; empty strings count as unset. Throws a one-line message on failure. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const cleaned: Record<string, string> = {};
  for (const [key, value] of Object.entries(source)) {
    if (value !== undefined && value !== '') cleaned[key] = value;
  }
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = issue.path.join('.');
    throw new EnvError(`Invalid environment: ${name} ${issue.message}`);
  }
  return result.data;
}

export class EnvError extends Error {
  name = 'EnvError';
}
