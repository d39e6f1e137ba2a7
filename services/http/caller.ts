/**
 * Who is calling a reference service, for the services whose callers are servers (the SSO
 * provider's login front end, the mailing list): the brand site, which presents the service's
 * key, and speaks for a shopper whose address it forwards.
 *
 * - **The key** (`X-Api-Key`): a service started with one answers its server calls only to a
 *   caller presenting it (compared in constant time). A service that listens beyond loopback
 *   refuses to start without one (`serviceApiKey`); on loopback with none set, a caller on the
 *   same machine is trusted (the site starts the services in-process that way).
 * - **The shopper's address** (`X-Shopper-Address`): per-address limits count the shopper the
 *   site forwards, never the site itself (every shopper would share one budget). The header is
 *   believed only from a trusted caller; anyone else is counted by the address it connects from.
 */
import crypto from 'node:crypto';
import type http from 'node:http';
import net from 'node:net';

export const API_KEY_HEADER = 'x-api-key';
export const SHOPPER_ADDRESS_HEADER = 'x-shopper-address';
/** A key shorter than this is refused at start: it could be guessed. */
export const MIN_API_KEY_LENGTH = 24;

/** A configuration a service refuses to start with; the message is one line for the operator. */
export class ServiceKeyError extends Error {
  name = 'ServiceKeyError';
}

/** True for 127.0.0.0/8, ::1, localhost (and their IPv4-mapped forms). */
export function isLoopback(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost' || h === '::1') return true;
  const v4 = h.startsWith('::ffff:') ? h.slice('::ffff:'.length) : h;
  return net.isIPv4(v4) && v4.startsWith('127.');
}

/**
 * The key a service started alone expects, from the environment variable `name`: required (one
 * line, the service does not start) when `host` is not a loopback address; at least
 * MIN_API_KEY_LENGTH characters when set. Null: no key (loopback only).
 */
export function serviceApiKey(
  env: Record<string, string | undefined>,
  name: string,
  host: string,
): string | null {
  const value = env[name]?.trim() || null;
  if (value && value.length < MIN_API_KEY_LENGTH) {
    throw new ServiceKeyError(`${name} must be at least ${MIN_API_KEY_LENGTH} characters long.`);
  }
  if (!value && !isLoopback(host)) {
    throw new ServiceKeyError(
      `${name} must be set to listen on ${host}: callers beyond this machine must present it ` +
        `(e.g. ${name}=$(openssl rand -base64 32)).`,
    );
  }
  return value;
}

const digest = (text: string) => crypto.createHash('sha256').update(text).digest();

/** The request presents `key` in X-Api-Key (constant time). */
export function presentsKey(req: http.IncomingMessage, key: string): boolean {
  const given = req.headers[API_KEY_HEADER];
  if (typeof given !== 'string') return false;
  return crypto.timingSafeEqual(digest(given), digest(key));
}

export interface Caller {
  /** The caller presented the key, or (no key set) connects from this machine. */
  trusted: boolean;
  /** The shopper's address when a trusted caller forwards one, else the connecting address. */
  address: string;
}

export function callerOf(req: http.IncomingMessage, key: string | null): Caller {
  const socketAddress = (req.socket.remoteAddress ?? 'unknown').replace(/^::ffff:/, '');
  const trusted = key ? presentsKey(req, key) : isLoopback(socketAddress);
  const forwarded = req.headers[SHOPPER_ADDRESS_HEADER];
  const shopper = typeof forwarded === 'string' ? forwarded.trim().replace(/^::ffff:/, '') : '';
  return {
    trusted,
    address: trusted && net.isIP(shopper) ? shopper : socketAddress,
  };
}
