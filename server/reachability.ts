import { request } from 'undici';

export interface Reachability {
  reachable: boolean;
  /** Epoch ms of the last probe. */
  checkedAt: number;
  /** Why the last probe failed (a code such as ECONNREFUSED, or 'timeout'); never a secret. */
  problem?: string;
}

/**
 * Whether an outside service answers at all, for /healthz: one HEAD request to its origin (any
 * HTTP answer counts, even a 404 or 401), at most one every `cacheMs`, bounded by `timeoutMs`. A
 * probe that is slow or refused marks the service unreachable; the health page then says
 * 'degraded' while the site keeps serving what does not need it.
 */
export function createReachabilityProbe(
  url: string,
  options: { timeoutMs?: number; cacheMs?: number; now?: () => number } = {},
) {
  const origin = new URL(url).origin;
  const timeoutMs = options.timeoutMs ?? 1000;
  const cacheMs = options.cacheMs ?? 5000;
  const now = options.now ?? Date.now;
  let last: Reachability | null = null;
  let pending: Promise<Reachability> | null = null;

  async function probe(): Promise<Reachability> {
    try {
      const res = await request(origin, {
        method: 'HEAD',
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
        signal: AbortSignal.timeout(timeoutMs),
      });
      await res.body.dump();
      return { reachable: true, checkedAt: now() };
    } catch (error) {
      const e = error as { code?: unknown; name?: unknown };
      const problem =
        typeof e.code === 'string'
          ? e.code
          : e.name === 'TimeoutError' || e.name === 'AbortError'
            ? 'timeout'
            : 'unreachable';
      return { reachable: false, checkedAt: now(), problem };
    }
  }

  return function check(): Promise<Reachability> {
    if (last && now() - last.checkedAt < cacheMs) return Promise.resolve(last);
    pending ??= probe().then((result) => {
      last = result;
      pending = null;
      return result;
    });
    return pending;
  };
}
