/**
 * Sign-ups held until the shopper confirms them (docs/reference/newsletter.md "Confirmation"):
 * a brand whose `newsletter.confirmation` is 'double-opt-in' keeps the provider's fields here and
 * mails a link with a token; the provider is called only once the link's page is confirmed.
 *
 * The token is 32 random bytes in base64url; only its SHA-256 is stored (site store
 * `newsletter_confirmations`). It works once, for its brand only, for 48 hours; expired rows are
 * deleted whenever a sign-up is held.
 */
import crypto from 'node:crypto';
import type { SiteQuery } from '~/lib/site-store/site-store.server';
import type { SignupVariant } from './messages';

export const CONFIRMATION_TTL_HOURS = 48;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface HeldSignup {
  brand: string;
  variant: SignupVariant;
  /** The provider's query fields (EMAIL, FNAME, MMERGE3, …). */
  fields: Record<string, string | undefined>;
}

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** Keeps the sign-up and returns its token (the only time it exists in clear). */
export async function holdSignup(store: SiteQuery, signup: HeldSignup): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await store.query('delete from newsletter_confirmations where expires_at < now()');
  await store.query(
    `insert into newsletter_confirmations (token_hash, brand, variant, fields, expires_at)
     values ($1, $2, $3, $4, now() + make_interval(hours => $5))`,
    [
      hashToken(token),
      signup.brand,
      signup.variant,
      JSON.stringify(signup.fields),
      CONFIRMATION_TTL_HOURS,
    ],
  );
  return token;
}

interface Row {
  variant: SignupVariant;
  fields: string | Record<string, string | undefined>;
}

const fieldsOf = (row: Row) =>
  typeof row.fields === 'string' ? (JSON.parse(row.fields) as HeldSignup['fields']) : row.fields;

/** The held sign-up of a token of this brand, unexpired; null otherwise (nothing changes). */
export async function findSignup(
  store: SiteQuery,
  brand: string,
  token: string | null | undefined,
): Promise<HeldSignup | null> {
  if (!token || !TOKEN_PATTERN.test(token)) return null;
  const [row] = await store.query<Row>(
    `select variant, fields from newsletter_confirmations
      where token_hash = $1 and brand = $2 and expires_at > now()`,
    [hashToken(token), brand],
  );
  return row ? { brand, variant: row.variant, fields: fieldsOf(row) } : null;
}

/**
 * Takes the held sign-up (deleted: of two confirming posts, one gets it); null when the token is
 * unknown, used, expired or another brand's.
 */
export async function takeSignup(
  store: SiteQuery,
  brand: string,
  token: string | null | undefined,
): Promise<HeldSignup | null> {
  if (!token || !TOKEN_PATTERN.test(token)) return null;
  const [row] = await store.query<Row>(
    `delete from newsletter_confirmations
      where token_hash = $1 and brand = $2 and expires_at > now()
      returning variant, fields`,
    [hashToken(token), brand],
  );
  return row ? { brand, variant: row.variant, fields: fieldsOf(row) } : null;
}

/** Puts a taken sign-up back (the provider failed: the same link can be confirmed again). */
export async function restoreSignup(
  store: SiteQuery,
  token: string,
  signup: HeldSignup,
): Promise<void> {
  await store.query(
    `insert into newsletter_confirmations (token_hash, brand, variant, fields, expires_at)
     values ($1, $2, $3, $4, now() + make_interval(hours => $5)) on conflict do nothing`,
    [
      hashToken(token),
      signup.brand,
      signup.variant,
      JSON.stringify(signup.fields),
      CONFIRMATION_TTL_HOURS,
    ],
  );
}
