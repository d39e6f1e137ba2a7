/**
 * The link of a welcome e-mail's "Manage your subscription" (docs/reference/newsletter.md
 * "Welcome"): the brand, the list's variant and the address, signed with the site's secret
 * (HMAC-SHA-256), so only the mail the site sent opens that address's page. It does not expire:
 * the link is there to leave the list, whenever the shopper wants to.
 */
import crypto from 'node:crypto';
import type { SignupVariant } from './messages';

export interface ManagedSubscription {
  brand: string;
  variant: SignupVariant;
  email: string;
}

const VARIANTS: readonly string[] = ['standard', 'ace', 'pharmacy'];

function mac(secret: string, payload: string): string {
  return crypto
    .createHmac('sha256', `newsletter-manage:${secret}`)
    .update(payload)
    .digest('base64url');
}

export function signManageToken(secret: string, s: ManagedSubscription): string {
  const payload = Buffer.from(JSON.stringify([s.brand, s.variant, s.email])).toString('base64url');
  return `${payload}.${mac(secret, payload)}`;
}

/** The subscription a token names, when its signature holds and it is this brand's; else null. */
export function readManageToken(
  secret: string,
  brand: string,
  token: string | null | undefined,
): ManagedSubscription | null {
  if (!token || token.length > 1000) return null;
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(mac(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length !== 3) return null;
  const [b, variant, email] = value as unknown[];
  if (b !== brand || typeof variant !== 'string' || !VARIANTS.includes(variant)) return null;
  if (typeof email !== 'string' || !email.includes('@')) return null;
  return { brand, variant: variant as SignupVariant, email };
}
