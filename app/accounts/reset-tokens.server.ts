/**
 * Password-reset tokens (docs/reference/accounts.md "Reset password").
 *
 * - A token is 32 random bytes (256 bits) in base64url; only its SHA-256 is stored, with the
 *   brand's loyalty appId and the lower-cased e-mail address it was issued for.
 * - It is valid for 30 minutes and can be used once. Times are the database's (now()), the one
 *   clock every web process shares.
 * - Issuing a new token leaves earlier unused ones valid until they expire: reset mail can take up
 *   to 10 minutes to arrive (the sent message says so), so a shopper who asked twice may well click
 *   the first mail that lands. Using any token (a password actually being reset) cancels every
 *   other outstanding token of that address.
 * - Expired rows are deleted whenever a token is issued.
 *
 * The reset page's POST: `consumeResetToken` first (exactly one of two concurrent posts wins),
 * then the loyalty call; if that call fails, `releaseResetToken` lets the shopper submit the same
 * form again ('Something went wrong… Please try submitting again.').
 */
import crypto from 'node:crypto';
import type { SiteQuery } from '~/lib/site-store/site-store.server';

export const RESET_TOKEN_TTL_MINUTES = 30;
const TOKEN_BYTES = 32;
/** base64url of 32 bytes, no padding. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export type ResetTokenStatus = 'valid' | 'invalid';

export interface ResetTokenKey {
  /** The brand's loyalty appId (tokens of one brand never work on another). */
  appId: string;
  email: string;
}
export interface ResetTokenInput extends ResetTokenKey {
  token: string | null | undefined;
}

/** Lower-cased and trimmed, as stored. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Equality whose time does not depend on where the strings differ. */
function sameText(a: string, b: string): boolean {
  const ha = crypto.createHash('sha256').update(a, 'utf8').digest();
  const hb = crypto.createHash('sha256').update(b, 'utf8').digest();
  return crypto.timingSafeEqual(ha, hb);
}

/** Creates a token for the address and returns it (the only time it exists in clear). */
export async function issueResetToken(store: SiteQuery, key: ResetTokenKey): Promise<string> {
  const token = crypto.randomBytes(TOKEN_BYTES).toString('base64url');
  // Opportunistic purge: reset requests are rare and rate-limited, the index makes it cheap.
  await store.query('delete from password_reset_tokens where expires_at < now()');
  await store.query(
    `insert into password_reset_tokens (token_hash, app_id, email, expires_at)
     values ($1, $2, $3, now() + make_interval(mins => $4))`,
    [hashToken(token), key.appId, normalizeEmail(key.email), RESET_TOKEN_TTL_MINUTES],
  );
  return token;
}

/**
 * 'valid' when the token exists for this brand and address, is unused and unexpired; 'invalid'
 * otherwise (missing, malformed, unknown, used, expired, other address or brand), with no hint
 * of which.
 */
export async function checkResetToken(
  store: SiteQuery,
  input: ResetTokenInput,
): Promise<ResetTokenStatus> {
  const { token } = input;
  if (!token || !TOKEN_PATTERN.test(token) || !input.email) return 'invalid';
  const rows = await store.query<{ app_id: string; email: string; usable: boolean }>(
    `select app_id, email, (used_at is null and expires_at > now()) as usable
       from password_reset_tokens where token_hash = $1`,
    [hashToken(token)],
  );
  const row = rows[0];
  if (!row) return 'invalid';
  // Both compared even when the first differs, in constant time.
  const sameApp = sameText(row.app_id, input.appId);
  const sameEmail = sameText(row.email, normalizeEmail(input.email));
  return sameApp && sameEmail && row.usable ? 'valid' : 'invalid';
}

/**
 * Marks the token used, atomically: of two concurrent calls with one token exactly one gets
 * true. Also cancels the address's other outstanding tokens. False when the token is not valid.
 */
export async function consumeResetToken(
  store: SiteQuery,
  input: ResetTokenInput,
): Promise<boolean> {
  const { token } = input;
  if (!token || !TOKEN_PATTERN.test(token) || !input.email) return false;
  const email = normalizeEmail(input.email);
  const hash = hashToken(token);
  // One statement: the CTE's UPDATE takes the row lock, so a concurrent call re-checks
  // `used_at is null` after this one commits and finds nothing.
  const rows = await store.query<{ token_hash: string }>(
    `with used as (
       update password_reset_tokens set used_at = now()
        where token_hash = $1 and app_id = $2 and email = $3
          and used_at is null and expires_at > now()
       returning token_hash
     ), others as (
       update password_reset_tokens set used_at = now()
        where app_id = $2 and email = $3 and used_at is null and token_hash <> $1
          and exists (select 1 from used)
     )
     select token_hash from used`,
    [hash, input.appId, email],
  );
  return rows.length === 1;
}

/**
 * Makes a consumed token usable again (until its original expiry), for when the password reset
 * itself failed after `consumeResetToken`. The other tokens it cancelled stay cancelled.
 */
export async function releaseResetToken(store: SiteQuery, input: ResetTokenInput): Promise<void> {
  const { token } = input;
  if (!token || !TOKEN_PATTERN.test(token) || !input.email) return;
  await store.query(
    `update password_reset_tokens set used_at = null
      where token_hash = $1 and app_id = $2 and email = $3 and expires_at > now()`,
    [hashToken(token), input.appId, normalizeEmail(input.email)],
  );
}
