/**
 * The reference services' router: find-my-way (Fastify's radix-tree router) behind a small
 * interface that also answers the two questions a service needs on a miss: is the path known
 * under another method (a 405 with its Allow list), and did its percent-encoding fail to decode.
 * Routes are added once when a service starts; a lookup allocates only what find-my-way returns.
 */
import FindMyWay from 'find-my-way';

export type Params = Readonly<Record<string, string>>;

export interface RouterOptions {
  /** Default true. The loyalty API matches paths in any case (`/AppUsers` and `/appusers`). */
  caseSensitive?: boolean;
  /** Default true: `/healthz/` is `/healthz`. */
  ignoreTrailingSlash?: boolean;
  /** Default true: a GET route answers HEAD too (Node leaves the body out of a HEAD answer). */
  headWithGet?: boolean;
}

export type Match<H> =
  | { kind: 'found'; handler: H; params: Params }
  /** The path has routes, under other methods only. */
  | { kind: 'method'; allowed: string[] }
  | { kind: 'not-found' }
  /** The path's percent-encoding does not decode (`%ZZ`, a cut or invalid UTF-8 sequence). */
  | { kind: 'bad-path' };

const NOT_FOUND = { kind: 'not-found' } as const;
const BAD_PATH = { kind: 'bad-path' } as const;
/** The order an Allow header lists methods in. */
const METHOD_ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
/**
 * find-my-way refuses longer parameters (default 100 characters) as a miss; the services decide
 * themselves (a 5000-character ad page is an unknown page, a long appId a validation error).
 * Node's header limit (16 KB) bounds a path anyway.
 */
const MAX_PARAM_LENGTH = 16 * 1024;

export interface Router<H> {
  on(method: string | readonly string[], path: string, handler: H): Router<H>;
  match(method: string, path: string): Match<H>;
}

export function createRouter<H>(options: RouterOptions = {}): Router<H> {
  const headWithGet = options.headWithGet ?? true;
  const tree = FindMyWay({
    caseSensitive: options.caseSensitive ?? true,
    ignoreTrailingSlash: options.ignoreTrailingSlash ?? true,
    maxParamLength: MAX_PARAM_LENGTH,
    // A result without a store (ours always have one) marks a path that does not decode.
    onBadUrl: () => undefined,
  });
  const methods = new Set<string>();
  // find-my-way calls handlers itself in its lookup(); here it only finds, so the route's
  // handler travels as the store and this one is never called.
  const unused = () => undefined;

  type Found = Extract<Match<H>, { kind: 'found' }>;

  /** The route, BAD_PATH, or undefined; an empty parameter is no match. */
  function find(method: string, path: string): Found | typeof BAD_PATH | undefined {
    const found = tree.find(method as FindMyWay.HTTPMethod, path);
    if (!found) return undefined;
    if (found.store === null || found.store === undefined) return BAD_PATH;
    const params = found.params as Record<string, string>;
    // `/loyalty//charities` has no appId: a parameter stands for one or more characters.
    for (const key in params) if (params[key] === '') return undefined;
    return { kind: 'found', handler: found.store as H, params };
  }

  const router: Router<H> = {
    on(method, path, handler) {
      const list = typeof method === 'string' ? [method] : [...method];
      if (headWithGet && list.includes('GET') && !list.includes('HEAD')) list.push('HEAD');
      for (const m of list) {
        methods.add(m);
        tree.on(m as FindMyWay.HTTPMethod, path, unused, handler);
      }
      return router;
    },
    match(method, path) {
      const hit = find(method, path);
      if (hit) return hit;
      // A miss: known under other methods? (Only misses pay for these look-ups.)
      const allowed: string[] = [];
      for (const other of methods) {
        if (other === method) continue;
        const known = find(other, path);
        if (known === BAD_PATH) return BAD_PATH;
        if (known) allowed.push(other);
      }
      if (!allowed.length) return NOT_FOUND;
      allowed.sort((a, b) => rank(a) - rank(b));
      return { kind: 'method', allowed };
    },
  };
  return router;
}

function rank(method: string): number {
  const at = METHOD_ORDER.indexOf(method);
  return at === -1 ? METHOD_ORDER.length : at;
}
