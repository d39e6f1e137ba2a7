/**
 * The signed token of a reminder e-mail's unsubscribe link: which brand, which shopper and which
 * kind of reminder, with an HMAC over them keyed by the site's cookie secret. It never expires (a
 * mail read months later still unsubscribes); the leading version lets the key or the format be
 * changed later while old links are still read (or refused on purpose).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const REMINDER_KINDS = ['couponsExpiring', 'rewardsReady'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

/** What an unsubscribe link stops: one kind, or every reminder (a digest that held both). */
export type UnsubscribeKind = ReminderKind | 'all';
const UNSUBSCRIBE_KINDS: readonly string[] = [...REMINDER_KINDS, 'all'];

export interface UnsubscribeClaim {
  brand: string;
  shopperNo: string;
  kind: UnsubscribeKind;
}

const VERSION = 'v1';

function mac(secret: string, payload: string): string {
  return createHmac('sha256', `reminders-unsubscribe:${secret}`)
    .update(payload)
    .digest('base64url');
}

/** `v1.<payload>.<mac>`, safe in a query string. */
export function signUnsubscribe(secret: string, claim: UnsubscribeClaim): string {
  const payload = Buffer.from(
    JSON.stringify([claim.brand, claim.shopperNo, claim.kind]),
    'utf8',
  ).toString('base64url');
  return `${VERSION}.${payload}.${mac(secret, `${VERSION}.${payload}`)}`;
}

/** The claim of a well-formed token signed with `secret`; null for anything else. */
export function verifyUnsubscribe(secret: string, token: unknown): UnsubscribeClaim | null {
  if (typeof token !== 'string' || token.length > 512) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== VERSION) return null;
  const [version, payload, given] = parts as [string, string, string];
  const expected = Buffer.from(mac(secret, `${version}.${payload}`));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 3) return null;
    const [brand, shopperNo, kind] = value as unknown[];
    if (typeof brand !== 'string' || typeof shopperNo !== 'string') return null;
    if (typeof kind !== 'string' || !UNSUBSCRIBE_KINDS.includes(kind)) return null;
    return { brand, shopperNo, kind: kind as UnsubscribeKind };
  } catch {
    return null;
  }
}
