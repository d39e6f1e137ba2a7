/**
 * TRUST_PROXY: which proxies in front of the site Express believes about the client's address
 * (X-Forwarded-For) and scheme (X-Forwarded-Proto). It decides `req.ip`, which every per-IP
 * limit counts under, and `req.protocol`, which the Origin check compares.
 *
 * The values Express accepts for `app.set('trust proxy', …)`:
 * - `true`: every hop is trusted: the first (left-most) X-Forwarded-For entry is the client,
 *   which any client can write: only behind a proxy that replaces the header;
 * - `false`: no proxy: the client is the socket's peer;
 * - a hop count N (`1`): the N nearest hops, whatever their addresses, are proxies; with 1, the
 *   client is the last X-Forwarded-For entry (the one the proxy appended), and a client's own
 *   X-Forwarded-For entries are ignored. A client that can reach the site without the proxy
 *   chooses its address itself, though: prefer addresses when the proxy's are known;
 * - addresses, CIDR subnets and the names `loopback`, `linklocal`, `uniquelocal`, comma-separated
 *   (`loopback, 10.0.0.0/8`): hops from those addresses are proxies; the client is the nearest
 *   address that is not one of them. Default `loopback`.
 *
 * Checked with proxy-addr's own compiler (what Express runs), so a typo stops the start-up instead
 * of meaning something else: before, `TRUST_PROXY=1` was passed on as the string '1', which
 * Express reads as the address 0.0.0.1, so behind one proxy every shopper shared one budget.
 */
import proxyaddr from 'proxy-addr';

export type TrustProxy = boolean | number | string[];

export class TrustProxyError extends Error {
  name = 'TrustProxyError';
}

/** The `trust proxy` value for a TRUST_PROXY text; throws a TrustProxyError (one line). */
export function parseTrustProxy(text: string): TrustProxy {
  const value = text.trim();
  if (/^true$/i.test(value)) return true;
  if (/^false$/i.test(value)) return false;
  if (/^\d+$/.test(value)) return Number(value);
  const list = value.split(',').map((part) => part.trim());
  for (const entry of list) {
    try {
      proxyaddr.compile([entry]);
    } catch {
      throw new TrustProxyError(
        `must be true, false, a hop count, or addresses, subnets, loopback, linklocal or uniquelocal separated by commas: ${JSON.stringify(entry)} is none of these`,
      );
    }
  }
  return list;
}
