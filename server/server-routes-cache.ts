import { createRequire } from 'node:module';

/**
 * The route tree Remix renders a page with, built once per build instead of once per page.
 * <RemixServer> turns the build's route manifest into React Router routes on every render
 * (a route object, its elements and closures for each of the app's routes): ~1 % of a signed-in
 * page's CPU for the same tree each time. The tree depends only on the manifest, the route
 * modules, the future flags and SPA mode, all fixed for a build; nothing downstream changes it
 * (the static router copies it into routes of its own).
 *
 * So Remix's `createServerRoutes` (called by <RemixServer> through its module's exports) is
 * replaced once at start by one that keeps its answer for the manifest it was given, and builds
 * again when any input differs (another build, another route module, other flags).
 */
type CreateServerRoutes = (
  manifest: object,
  routeModules: Record<string, unknown>,
  future: unknown,
  isSpaMode: boolean,
  ...rest: unknown[]
) => unknown[];

interface Kept {
  routeModules: Record<string, unknown>;
  future: unknown;
  isSpaMode: boolean;
  routes: unknown[];
}

const MEMOISED = Symbol.for('site.serverRoutesCache');

function sameModules(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((id) => a[id] === b[id]);
}

/** `original` with its top-level answer kept per manifest (its recursive calls pass through). */
export function memoiseServerRoutes(original: CreateServerRoutes): CreateServerRoutes {
  const kept = new WeakMap<object, Kept>();
  const memoised: CreateServerRoutes = (manifest, routeModules, future, isSpaMode, ...rest) => {
    if (rest.length > 0) return original(manifest, routeModules, future, isSpaMode, ...rest);
    const known = kept.get(manifest);
    if (
      known &&
      known.future === future &&
      known.isSpaMode === isSpaMode &&
      sameModules(known.routeModules, routeModules)
    ) {
      return known.routes;
    }
    const routes = original(manifest, routeModules, future, isSpaMode);
    kept.set(manifest, { routeModules: { ...routeModules }, future, isSpaMode, routes });
    return routes;
  };
  Object.defineProperty(memoised, MEMOISED, { value: true });
  return memoised;
}

interface RoutesModule {
  createServerRoutes: CreateServerRoutes;
}

/** Replaces Remix's createServerRoutes with the kept one; once per process. */
export function installServerRoutesCache(
  module: RoutesModule = createRequire(import.meta.url)(
    '@remix-run/react/dist/routes.js',
  ) as RoutesModule,
): void {
  if ((module.createServerRoutes as unknown as Record<symbol, unknown>)[MEMOISED]) return;
  module.createServerRoutes = memoiseServerRoutes(module.createServerRoutes);
}
