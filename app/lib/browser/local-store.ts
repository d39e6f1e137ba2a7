/**
 * Stored local entries (popup flags, the cookie notice's flag): a value plus an expiry timestamp,
 * kept in the browser's localStorage as JSON `{ value, expiry }` (expiry in epoch milliseconds,
 * null = never). An entry whose expiry has passed is deleted when it is read.
 *
 * Every call is safe where localStorage is missing or refuses access (server render, private
 * modes, storage disabled, quota full): reads return null and writes do nothing.
 */

/** The part of the Storage interface we use (a fake one in tests). */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface LocalStoreOptions {
  /** Defaults to window.localStorage when it is usable. */
  storage?: KeyValueStorage | null;
  /** Current time in epoch ms; defaults to Date.now. */
  now?: () => number;
}

export interface ExpiryOptions {
  days?: number;
  minutes?: number;
}

interface StoredEntry<T> {
  value: T;
  expiry: number | null;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

function defaultStorage(): KeyValueStorage | null {
  try {
    // Reading the property itself throws in some browsers when storage is disabled.
    return typeof window !== 'undefined' && window.localStorage ? window.localStorage : null;
  } catch {
    return null;
  }
}

function resolve(options: LocalStoreOptions) {
  return {
    storage: options.storage === undefined ? defaultStorage() : options.storage,
    now: options.now ?? Date.now,
  };
}

/** Expiry timestamp for the given lifetime, or null (never expires) when none is given. */
export function expiryFrom(now: number, { days, minutes }: ExpiryOptions = {}): number | null {
  if (days === undefined && minutes === undefined) return null;
  return now + (days ?? 0) * DAY + (minutes ?? 0) * MINUTE;
}

/** Stores `value` under `key` for the given lifetime (no lifetime = no expiry). */
export function setEntry<T>(
  key: string,
  value: T,
  expiry: ExpiryOptions = {},
  options: LocalStoreOptions = {},
): void {
  const { storage, now } = resolve(options);
  if (!storage) return;
  const entry: StoredEntry<T> = { value, expiry: expiryFrom(now(), expiry) };
  try {
    storage.setItem(key, JSON.stringify(entry));
  } catch {
    // Quota exceeded or storage refused: the entry is simply not remembered.
  }
}

/** The stored value, or null when absent, unreadable or expired (an expired entry is deleted). */
export function getEntry<T = unknown>(key: string, options: LocalStoreOptions = {}): T | null {
  const { storage, now } = resolve(options);
  if (!storage) return null;
  let raw: string | null;
  try {
    raw = storage.getItem(key);
  } catch {
    return null;
  }
  if (raw === null) return null;
  let entry: Partial<StoredEntry<T>> | null = null;
  try {
    entry = JSON.parse(raw) as Partial<StoredEntry<T>>;
  } catch {
    entry = null;
  }
  const valid =
    entry !== null &&
    typeof entry === 'object' &&
    'value' in entry &&
    (entry.expiry === null || typeof entry.expiry === 'number');
  if (!valid || (typeof entry!.expiry === 'number' && entry!.expiry <= now())) {
    removeEntry(key, { storage, now });
    return null;
  }
  return entry!.value as T;
}

export function removeEntry(key: string, options: LocalStoreOptions = {}): void {
  const { storage } = resolve(options);
  try {
    storage?.removeItem(key);
  } catch {
    // Nothing to do: storage refused access.
  }
}
