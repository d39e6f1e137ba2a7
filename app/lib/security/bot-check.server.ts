/**
 * The bot check of registration and of the content forms (the "Bot check" rule under Registration
 * in docs/reference/accounts.md).
 *
 * - reCAPTCHA v3 when the brand names keys (`services.recaptcha`: siteKey, secretKeyEnv): the
 *   page runs grecaptcha.execute(siteKey, { action }) and posts the token in
 *   RECAPTCHA_TOKEN_FIELD; the server asks Google's siteverify (undici, hard timeout) with the
 *   secret from process.env[secretKeyEnv], the token and the client IP. It passes only with
 *   success true, the expected action and a score >= the brand's minScore (default 0.5). Google
 *   unreachable, slow or answering nonsense: it fails (fail closed).
 * - Otherwise a honeypot: a visually hidden text field (HONEYPOT_FIELD) that must come back
 *   empty, plus a signed time stamp (FORM_STARTED_FIELD, HMAC with the session secret) proving
 *   the form was rendered by us at least 2 s (and at most 12 h) before it was posted.
 *
 * `registration.botCheck` chooses explicitly; unset means reCAPTCHA when keys are configured, else
 * the honeypot, which production accepts only when chosen explicitly (assertBotCheckConfigured).
 * The reCAPTCHA response's hostname is not compared: keys are bound to their domains at Google.
 */
import crypto from 'node:crypto';
import { request } from 'undici';
import { logger } from '@common/logger.server';
import type { Tenant } from '~/lib/tenant/schema';
import { readLimited } from '~/lib/http/read-limited.server';

export const BOT_CHECK_FAILED_MESSAGE =
  'We were unable to verify your request. Please try submitting again.';
/** Hidden input that people leave empty (label it e.g. 'Leave this field empty'). */
export const HONEYPOT_FIELD = 'website';
/** Hidden input carrying the signed render time. */
export const FORM_STARTED_FIELD = 'formStarted';
/** Hidden input the page fills with the reCAPTCHA v3 token before posting. */
export const RECAPTCHA_TOKEN_FIELD = 'recaptchaToken';
export const RECAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';
/** siteverify answers a few hundred bytes; more is not read. */
const SITEVERIFY_MAX_BYTES = 64 * 1024;
/** reCAPTCHA action of the registration form. */
export const REGISTER_ACTION = 'register';

export type BotCheckMode = 'recaptcha' | 'honeypot';
export type BotCheckResult = { ok: true } | { ok: false; reason: string; message: string };

type BotCheckTenant = Pick<Tenant, 'sitePath' | 'registration' | 'services'>;
type Env = Record<string, string | undefined>;

/** The check a brand runs. */
export function botCheckMode(tenant: BotCheckTenant): BotCheckMode {
  return tenant.registration.botCheck ?? (tenant.services.recaptcha ? 'recaptcha' : 'honeypot');
}

/** What the registration page needs (site key only: the secret never leaves the server). */
export function publicBotCheck(
  tenant: BotCheckTenant,
): { mode: 'recaptcha'; siteKey: string; action: string } | { mode: 'honeypot' } {
  const recaptcha = tenant.services.recaptcha;
  return botCheckMode(tenant) === 'recaptcha' && recaptcha
    ? { mode: 'recaptcha', siteKey: recaptcha.siteKey, action: REGISTER_ACTION }
    : { mode: 'honeypot' };
}

/**
 * Why a brand may not run in production, or null: it needs reCAPTCHA keys (site key and the
 * secret's environment variable set), or `registration.botCheck: 'honeypot'` chosen explicitly.
 */
export function botCheckProblem(
  tenant: BotCheckTenant & Partial<Pick<Tenant, 'file'>>,
  env: Env = process.env,
): string | null {
  const choice = tenant.registration.botCheck;
  if (choice === 'honeypot') return null;
  const recaptcha = tenant.services.recaptcha;
  if (recaptcha && env[recaptcha.secretKeyEnv]) return null;
  const where = `brand '${tenant.sitePath}'${tenant.file ? ` (${tenant.file})` : ''}`;
  return recaptcha
    ? `${where}: reCAPTCHA secret ${recaptcha.secretKeyEnv} is not set`
    : `${where}: no bot check for registration: set services.recaptcha { siteKey, secretKeyEnv } or registration.botCheck "honeypot"`;
}

/** Start-up check: in production, throws one line naming every brand without a bot check. */
export function assertBotCheckConfigured(
  tenants: readonly (BotCheckTenant & Pick<Tenant, 'file'>)[],
  nodeEnv: string | undefined,
  env: Env = process.env,
): void {
  if (nodeEnv !== 'production') return;
  const problems = tenants.map((t) => botCheckProblem(t, env)).filter(Boolean);
  if (problems.length) throw new BotCheckConfigError(`Refusing to start: ${problems.join('; ')}`);
}

export class BotCheckConfigError extends Error {
  name = 'BotCheckConfigError';
}

export interface BotCheckOptions {
  /** The session secret: signs the honeypot's time stamp. */
  secret: string;
  /** Shortest time between rendering and posting the form. Default 2000 ms. */
  minFillMs?: number;
  /** Longest (a stale page must be reloaded). Default 12 h. */
  maxFillMs?: number;
  /** Whole siteverify exchange. Default 5000 ms. */
  timeoutMs?: number;
  /** For tests: a local stand-in for Google's siteverify. */
  verifyUrl?: string;
  env?: Env;
  now?: () => number;
  /**
   * Production: a brand without a valid bot check (one added while running, which the start-up
   * check never saw) fails every verification instead of falling back to the honeypot.
   */
  production?: boolean;
}

export interface BotCheckInput {
  tenant: BotCheckTenant;
  /** The posted form (FormData or URLSearchParams). */
  form: { get(name: string): FormDataEntryValue | null };
  /** The client's address, passed to reCAPTCHA as remoteip. */
  remoteIp?: string;
  /** The reCAPTCHA action the page used. Default 'register'. */
  action?: string;
}

export interface BotCheck {
  /** Values of the honeypot's hidden inputs for a form rendered now. */
  honeypotFields(tenant: Pick<Tenant, 'sitePath'>): Record<string, string>;
  verify(input: BotCheckInput): Promise<BotCheckResult>;
}

export function createBotCheck(options: BotCheckOptions): BotCheck {
  const settings: CheckSettings = {
    secret: options.secret,
    minFillMs: options.minFillMs ?? 2000,
    maxFillMs: options.maxFillMs ?? 12 * 60 * 60 * 1000,
    timeoutMs: options.timeoutMs ?? 5000,
    verifyUrl: options.verifyUrl ?? RECAPTCHA_VERIFY_URL,
    env: options.env ?? process.env,
    now: options.now ?? Date.now,
  };
  return {
    honeypotFields(tenant) {
      const issued = String(settings.now());
      return {
        [HONEYPOT_FIELD]: '',
        [FORM_STARTED_FIELD]: `${issued}.${sign(settings, tenant.sitePath, issued)}`,
      };
    },
    verify(input) {
      if (options.production) {
        const problem = botCheckProblem(input.tenant, settings.env);
        if (problem) {
          logger.warn({ problem }, 'bot check not configured');
          return Promise.resolve(fail('not configured'));
        }
      }
      return botCheckMode(input.tenant) === 'recaptcha'
        ? verifyRecaptcha(settings, input)
        : Promise.resolve(verifyHoneypot(settings, input));
    },
  };
}

/** The options with their defaults. */
type CheckSettings = Required<Omit<BotCheckOptions, 'production'>>;

/** The honeypot's signature of a render time for a brand. */
function sign(settings: CheckSettings, site: string, issued: string): string {
  return crypto
    .createHmac('sha256', settings.secret)
    .update(`bot-check:${site}:${issued}`)
    .digest('base64url');
}

function fail(reason: string): BotCheckResult {
  logger.info({ reason }, 'bot check failed');
  return { ok: false, reason, message: BOT_CHECK_FAILED_MESSAGE };
}

/** Passes with the trap empty and a signed render time neither too recent nor too old. */
function verifyHoneypot(settings: CheckSettings, input: BotCheckInput): BotCheckResult {
  const trap = input.form.get(HONEYPOT_FIELD);
  if (trap !== null && trap !== '') return fail('honeypot filled');
  const stamp = input.form.get(FORM_STARTED_FIELD);
  const match = typeof stamp === 'string' ? /^(\d{10,16})\.([\w-]{43})$/.exec(stamp) : null;
  if (!match) return fail('time stamp missing');
  const [, issued, mac] = match;
  const expected = Buffer.from(sign(settings, input.tenant.sitePath, issued));
  if (!crypto.timingSafeEqual(Buffer.from(mac), expected)) return fail('time stamp forged');
  const elapsed = settings.now() - Number(issued);
  if (elapsed < settings.minFillMs) return fail('form posted too fast');
  if (elapsed > settings.maxFillMs) return fail('form too old');
  return { ok: true };
}

/** Passes when siteverify says success, with the expected action and a high enough score. */
async function verifyRecaptcha(
  settings: CheckSettings,
  input: BotCheckInput,
): Promise<BotCheckResult> {
  const config = input.tenant.services.recaptcha;
  if (!config) return fail('reCAPTCHA chosen but services.recaptcha is missing');
  const secret = settings.env[config.secretKeyEnv];
  if (!secret) {
    logger.warn({ env: config.secretKeyEnv }, 'reCAPTCHA secret is not set');
    return fail('reCAPTCHA secret not set');
  }
  const token = input.form.get(RECAPTCHA_TOKEN_FIELD);
  if (typeof token !== 'string' || !token || token.length > 4096) return fail('token missing');
  const verified = await siteverify(settings, secret, token, input.remoteIp);
  if ('failed' in verified) return fail(verified.failed);
  const { answer } = verified;
  if (!answer || answer.success !== true) {
    return fail(`not successful: ${JSON.stringify(answer?.['error-codes'] ?? null)}`);
  }
  const action = input.action ?? REGISTER_ACTION;
  if (answer.action !== action) return fail(`action ${String(answer.action)} != ${action}`);
  if (typeof answer.score !== 'number' || answer.score < config.minScore) {
    return fail(`score ${String(answer.score)} < ${config.minScore}`);
  }
  return { ok: true };
}

/** Google's answer about a token, or why there is none (fail closed: no answer, no pass). */
async function siteverify(
  settings: CheckSettings,
  secret: string,
  token: string,
  remoteIp: string | undefined,
): Promise<{ answer: Record<string, unknown> } | { failed: string }> {
  const body = new URLSearchParams({ secret, response: token });
  if (remoteIp) body.set('remoteip', remoteIp);
  const { timeoutMs } = settings;
  try {
    const response = await request(settings.verifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: body.toString(),
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (response.statusCode !== 200) {
      await response.body.dump();
      return { failed: `siteverify answered ${response.statusCode}` };
    }
    const answer = JSON.parse(
      await readLimited(response.body, SITEVERIFY_MAX_BYTES, response.headers['content-length']),
    ) as Record<string, unknown>;
    return { answer };
  } catch (error) {
    logger.warn({ err: error }, 'reCAPTCHA siteverify unreachable');
    return { failed: 'siteverify unreachable' };
  }
}
