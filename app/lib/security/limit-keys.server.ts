/**
 * What the rate limits count under (docs/decisions/0011-login-throttling.md): a client's address
 * (IPv6 by its /64), and the account a login attempt is counted against. Pure but for the
 * loyalty lookup `loginAccount` is handed; rate-limit.server.ts re-exports them.
 */
import net from 'node:net';
import { logger } from '@common/logger.server';

/**
 * The address a client is counted under: IPv4 as is (also when IPv4-mapped), IPv6 as its /64
 * prefix. Anything else (no address known) is counted as given.
 */
export function ipKey(ip: string): string {
  const value = ip
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .split('%')[0];
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(value);
  if (mapped) return mapped[1];
  if (!net.isIPv6(value)) return value;
  const [head, tail] = value.split('::');
  const words = (part: string | undefined) => (part ? part.split(':') : []);
  const left = words(head);
  const right = words(tail);
  // An embedded IPv4 tail takes two groups; only the first four groups matter here anyway.
  const rightCount = right.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array(8 - left.length - rightCount).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}

/** A typed login identifier, normalised: e-mail lower-cased, phone as its 10 digits. */
export function accountKey(emailOrPhone: string): string {
  const value = emailOrPhone.trim().toLowerCase();
  if (value.includes('@')) return value;
  const digits = value.replace(/\D/g, '');
  // A leading US country code is dropped, as the loyalty service does when it logs in.
  return (digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits) || value;
}

/** The budget of a shopper's account, whatever identifier was typed. */
export function shopperAccount(frqShopperNo: string): string {
  return `shopper:${frqShopperNo}`;
}

/** The budget of an identifier that names no account (it is throttled all the same). */
export function identifierAccount(emailOrPhone: string): string {
  return `login:${accountKey(emailOrPhone)}`;
}

/** Finds the shopper an e-mail address or a phone number belongs to (the loyalty lookup). */
export type CustomerLookup = (
  query: { email: string } | { phone: string },
) => Promise<{ frqShopperNo: string } | null>;

/**
 * The account a login attempt is counted against: the shopper number of the account the typed
 * e-mail or phone names, else the normalised identifier. A failed lookup counts under the
 * identifier (logged): the login itself will most likely fail the same way.
 */
export async function loginAccount(emailOrPhone: string, lookup: CustomerLookup): Promise<string> {
  const key = accountKey(emailOrPhone);
  const query = key.includes('@')
    ? { email: emailOrPhone.trim() }
    : /^\d{10}$/.test(key)
      ? { phone: key }
      : null;
  if (!query) return identifierAccount(emailOrPhone);
  try {
    const customer = await lookup(query);
    return customer ? shopperAccount(customer.frqShopperNo) : identifierAccount(emailOrPhone);
  } catch (error) {
    logger.info({ err: error }, 'login account lookup failed: counting the typed identifier');
    return identifierAccount(emailOrPhone);
  }
}
