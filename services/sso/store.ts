/**
 * The provider's storage: an oidc-provider adapter over one in-memory map per service instance.
 *
 * Why not oidc-provider's bundled MemoryAdapter: it keeps every instance's entries in one
 * process-wide LRU of 1 000 entries, so the 1 001st code or token silently evicts a live refresh
 * token, entries never expire by time (only by eviction), and two providers in one process (tests,
 * a restart in place) share it. Here each service has its own map; an entry leaves when it expires
 * or is destroyed; only past `maxEntries` is the oldest dropped, with a warning.
 *
 * Why memory at all: the reference provider is a stand-in for the retailer's own, run as one
 * process. A restart forgets every code, token and login session (partners sign their shoppers in
 * again), as it also draws new signing keys. A provider meant to survive restarts or run as
 * several processes would put the same seven methods on PostgreSQL.
 */
import type { Adapter, AdapterPayload } from 'oidc-provider';

interface Entry {
  payload: AdapterPayload;
  /** ms since the epoch; Infinity for no expiry. */
  expiresAt: number;
}

/** Models whose entries carry a grantId and go when their grant is revoked. */
const GRANTABLE = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
]);

export interface MemoryStoreOptions {
  maxEntries?: number;
  now?: () => number;
  logger: { warn(obj: object, msg?: string): void };
}

/** Plain records of the service's own (login sessions), kept beside the provider's. */
export interface Records<T> {
  get(id: string): T | undefined;
  set(id: string, value: T, expiresInSeconds: number): void;
  delete(id: string): void;
}

export interface MemoryStore {
  adapter(model: string): Adapter;
  records<T extends object>(model: string): Records<T>;
  /**
   * Removes every entry of an account (its grants with every code and token issued under them,
   * and any record saved with that `accountId`); how many grants were revoked.
   */
  revokeAccount(accountId: string): number;
  /** Live entries (expired ones are dropped first). */
  size(): number;
}

export function createMemoryStore(options: MemoryStoreOptions): MemoryStore {
  const maxEntries = options.maxEntries ?? 100_000;
  const now = options.now ?? (() => Date.now());
  const entries = new Map<string, Entry>();
  /** grantId → keys of the entries issued under it. */
  const grants = new Map<string, Set<string>>();
  /** `${model}:uid:${uid}` and `${model}:userCode:${code}` → the entry's key. */
  const aliases = new Map<string, string>();
  /** accountId → keys of the entries saved with it (grants, tokens, login sessions). */
  const accounts = new Map<string, Set<string>>();
  let warned = false;

  function live(key: string): Entry | undefined {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now()) {
      remove(key);
      return undefined;
    }
    return entry;
  }

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    const { grantId, uid, userCode, accountId } = entry.payload;
    const model = key.slice(0, key.indexOf(':'));
    if (grantId) grants.get(grantId)?.delete(key);
    if (typeof accountId === 'string') {
      const keys = accounts.get(accountId);
      keys?.delete(key);
      if (keys?.size === 0) accounts.delete(accountId);
    }
    // An alias may point at a newer entry already (a session saved under a new id keeps its uid).
    for (const alias of [
      uid && `${model}:uid:${uid}`,
      userCode && `${model}:userCode:${userCode}`,
    ]) {
      if (alias && aliases.get(alias) === key) aliases.delete(alias);
    }
  }

  function sweep() {
    const t = now();
    for (const [key, entry] of entries) if (entry.expiresAt <= t) remove(key);
    for (const [grantId, keys] of grants) if (keys.size === 0) grants.delete(grantId);
  }

  function makeRoom() {
    if (entries.size < maxEntries) return;
    sweep();
    while (entries.size >= maxEntries) {
      const oldest = entries.keys().next().value as string;
      remove(oldest);
      if (!warned) {
        warned = true;
        options.logger.warn({ maxEntries }, 'sso: store full, oldest entries dropped');
      }
    }
  }

  function put(model: string, id: string, payload: AdapterPayload, expiresIn: number) {
    const key = `${model}:${id}`;
    remove(key);
    makeRoom();
    const expiresAt = expiresIn > 0 ? now() + expiresIn * 1000 : Infinity;
    entries.set(key, { payload, expiresAt });
    if (payload.grantId && GRANTABLE.has(model)) {
      let keys = grants.get(payload.grantId);
      if (!keys) grants.set(payload.grantId, (keys = new Set()));
      keys.add(key);
    }
    if (typeof payload.accountId === 'string') {
      let keys = accounts.get(payload.accountId);
      if (!keys) accounts.set(payload.accountId, (keys = new Set()));
      keys.add(key);
    }
    if (payload.uid) aliases.set(`${model}:uid:${payload.uid}`, key);
    if (payload.userCode) aliases.set(`${model}:userCode:${payload.userCode}`, key);
  }

  function adapter(model: string): Adapter {
    const keyOf = (id: string) => `${model}:${id}`;
    const byAlias = async (alias: string) => {
      const key = aliases.get(alias);
      return key ? live(key)?.payload : undefined;
    };
    return {
      async upsert(id, payload, expiresIn) {
        put(model, id, payload, expiresIn);
      },
      async find(id) {
        return live(keyOf(id))?.payload;
      },
      findByUid: (uid) => byAlias(`${model}:uid:${uid}`),
      findByUserCode: (userCode) => byAlias(`${model}:userCode:${userCode}`),
      async consume(id) {
        const entry = live(keyOf(id));
        if (entry) entry.payload.consumed = Math.floor(now() / 1000);
      },
      async destroy(id) {
        remove(keyOf(id));
      },
      async revokeByGrantId(grantId) {
        for (const key of grants.get(grantId) ?? []) remove(key);
        grants.delete(grantId);
      },
    };
  }

  function records<T extends object>(model: string): Records<T> {
    return {
      get: (id) => live(`${model}:${id}`)?.payload as T | undefined,
      set: (id, value, expiresInSeconds) =>
        put(model, id, value as AdapterPayload, expiresInSeconds),
      delete: (id) => remove(`${model}:${id}`),
    };
  }

  function revokeAccount(accountId: string): number {
    let revoked = 0;
    for (const key of [...(accounts.get(accountId) ?? [])]) {
      const entry = entries.get(key);
      if (!entry) continue;
      if (key.startsWith('Grant:')) {
        const grantId = key.slice('Grant:'.length);
        for (const issued of [...(grants.get(grantId) ?? [])]) remove(issued);
        grants.delete(grantId);
        revoked += 1;
      }
      // A token whose grant was already gone (or saved without one) goes as well.
      const { grantId } = entry.payload;
      if (grantId) {
        for (const issued of [...(grants.get(grantId) ?? [])]) remove(issued);
        grants.delete(grantId);
      }
      remove(key);
    }
    accounts.delete(accountId);
    return revoked;
  }

  return {
    adapter,
    records,
    revokeAccount,
    size() {
      sweep();
      return entries.size;
    },
  };
}
