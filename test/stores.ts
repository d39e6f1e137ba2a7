/**
 * Helpers shared by the loyalty service's tests (not a test file itself): the stores to run
 * against (PGlite always, PostgreSQL when TEST_DATABASE_URL is set), unique appIds so that test
 * files sharing one PostgreSQL database never see each other's rows, a logger that records
 * errors, and a small HTTP client with the development credentials.
 */
import crypto from 'node:crypto';
import { DEV_LOYALTY_BASIC, DEV_LOYALTY_BEARER } from '../services/loyalty/credentials';
import type { Logger } from '../services/loyalty/http';

export interface StoreTarget {
  name: 'pglite' | 'postgres';
  /** For startLoyaltyService: `memory://` (PGlite in memory) or undefined with a database URL. */
  dataDir?: string;
  databaseUrl?: string;
}

export function storeTargets(): StoreTarget[] {
  const targets: StoreTarget[] = [{ name: 'pglite', dataDir: 'memory://' }];
  const url = process.env.TEST_DATABASE_URL;
  if (url) targets.push({ name: 'postgres', databaseUrl: url });
  return targets;
}

/** An appId no other test run uses (matters on a shared PostgreSQL database). */
export function uniqueAppId(prefix: string): string {
  return `${prefix}-${crypto.randomBytes(4).toString('hex')}`;
}

export interface RecordingLogger extends Logger {
  errors: unknown[];
}

/** A silent logger that keeps what was logged as an error, so tests can assert there was none. */
export function recordingLogger(): RecordingLogger {
  const errors: unknown[] = [];
  const noop = () => undefined;
  return { errors, debug: noop, info: noop, warn: noop, error: (obj) => errors.push(obj) };
}

export const BASIC_HEADER = `Basic ${Buffer.from(DEV_LOYALTY_BASIC).toString('base64')}`;
export const BEARER_HEADER = `Bearer ${DEV_LOYALTY_BEARER}`;

export interface CallResult<T = unknown> {
  status: number;
  body: T;
}

/** Calls the service with the right development credential for the path (or `auth`). */
export async function call<T = unknown>(
  baseUrl: string,
  method: string,
  path: string,
  body?: unknown,
  auth?: string | null,
): Promise<CallResult<T>> {
  const headers: Record<string, string> = {};
  const credential =
    auth === undefined ? (path.startsWith('/AppUsers/') ? BASIC_HEADER : BEARER_HEADER) : auth;
  if (credential) headers.authorization = credential;
  let payload: string | undefined;
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = typeof body === 'string' ? body : JSON.stringify(body);
  }
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body: payload });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}
export { migrateLoyalty } from '../services/loyalty/migrations';
export { DEV_LOYALTY_BASIC, DEV_LOYALTY_BEARER };
