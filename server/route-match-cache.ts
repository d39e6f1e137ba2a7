import { createRequire } from 'node:module';

/**
 * Remix's route matching, remembered. A page rendered on the server matches its address against
 * the route tree four times: the server runtime once, its data router once, and while rendering
 * the router's <Routes> and <Scripts> (the route list sent to the browser) once each. Each time
 * the router flattens and ranks the whole tree and compiles a regular expression for every route
 * it tries: 5-8 % of a signed-in page's CPU, for an answer that only the tree's shape and the
 * address decide.
 *
 * So the router's exported `matchRoutes`, which the server runtime, Remix's <Scripts> and React
 * Router call through the module's exports, is replaced once at start by a version that keeps its
 * answers by the tree's shape (each route's path, index and case flags, and children) and the
 * address. A kept answer is the positions of the matched routes in the tree and the matched
 * params and paths: each call gets fresh match objects whose routes are the routes of the tree it
 * passed, as the router's own would. The data router's own matching (internal to the router
 * module) still runs.
 *
 * Addresses come from anyone: at most MAX_ADDRESSES answers are kept per tree, the oldest
 * forgotten first, at most MAX_TREES trees, and none for an address longer than MAX_KEPT_PATH.
 */
export const MAX_ADDRESSES = 2000;
export const MAX_TREES = 8;
/** Longer addresses are matched every time, never kept (2000 of them would be memory to spend). */
export const MAX_KEPT_PATH = 512;

export interface RouteLike {
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: RouteLike[];
}

export interface RouteMatch<R extends RouteLike = RouteLike> {
  params: Record<string, string | undefined>;
  pathname: string;
  pathnameBase: string;
  route: R;
}

type Location = string | { pathname?: string };
export type MatchRoutes = <R extends RouteLike>(
  routes: R[],
  location: Location,
  basename?: string,
) => RouteMatch<R>[] | null;

interface Answer {
  positions: number[][];
  params: Record<string, string | undefined>;
  pathnames: string[];
  pathnameBases: string[];
}

const MEMOISED = Symbol.for('site.routeMatchCache');

/**
 * A tree's shape, kept by its array: the server runtime's tree lives as long as the build, and
 * the tree a render builds is matched twice. Route trees are not changed once built on the server.
 */
const shapes = new WeakMap<readonly RouteLike[], string>();

/** What decides a match: each route's path, index and case flags, in tree order. */
export function treeShape(routes: readonly RouteLike[]): string {
  const known = shapes.get(routes);
  if (known !== undefined) return known;
  let shape = '';
  const walk = (list: readonly RouteLike[]) => {
    shape += '[';
    for (const route of list) {
      shape += `${route.index === true ? 'i' : ''}${route.caseSensitive === true ? 'c' : ''}:${
        route.path === undefined ? '' : JSON.stringify(route.path)
      }`;
      if (route.children && route.children.length > 0) walk(route.children);
      shape += ',';
    }
    shape += ']';
  };
  walk(routes);
  shapes.set(routes, shape);
  return shape;
}

function positionsOf(routes: readonly RouteLike[]): Map<RouteLike, number[]> {
  const positions = new Map<RouteLike, number[]>();
  const walk = (list: readonly RouteLike[], at: number[]) => {
    list.forEach((route, i) => {
      const position = [...at, i];
      if (!positions.has(route)) positions.set(route, position);
      if (route.children) walk(route.children, position);
    });
  };
  walk(routes, []);
  return positions;
}

function routeAt<R extends RouteLike>(routes: R[], position: number[]): R {
  let list: RouteLike[] = routes;
  let route: RouteLike | undefined;
  for (const i of position) {
    route = list[i];
    list = route?.children ?? [];
  }
  return route as R;
}

/**
 * `original` (the router's matchRoutes) with its answers kept; `pathnameOf` reads a location's
 * pathname as the router does (its parsePath for a string).
 */
export function memoiseMatchRoutes(
  original: MatchRoutes,
  pathnameOf: (location: Location) => string | undefined,
): MatchRoutes {
  const trees = new Map<string, Map<string, Answer | null>>();
  const memoised: MatchRoutes = (routes, location, basename) => {
    const pathname = pathnameOf(location) ?? '/';
    if (pathname.length > MAX_KEPT_PATH) return original(routes, location, basename);
    const shape = treeShape(routes);
    const key = `${basename ?? '/'}\n${pathname}`;
    let answers = trees.get(shape);
    const kept = answers?.get(key);
    if (kept === null) return null;
    if (kept) {
      const params = { ...kept.params };
      return kept.positions.map((position, i) => ({
        params,
        pathname: kept.pathnames[i]!,
        pathnameBase: kept.pathnameBases[i]!,
        route: routeAt(routes, position),
      }));
    }
    const matches = original(routes, location, basename);
    let answer: Answer | null = null;
    if (matches) {
      const positions = positionsOf(routes);
      const found = matches.map((m) => positions.get(m.route));
      // A match whose route is not in the tree passed (never from the router): not kept.
      if (found.some((p) => p === undefined)) return matches;
      answer = {
        positions: found as number[][],
        params: { ...(matches.at(-1)?.params ?? {}) },
        pathnames: matches.map((m) => m.pathname),
        pathnameBases: matches.map((m) => m.pathnameBase),
      };
    }
    if (!answers) {
      if (trees.size >= MAX_TREES) trees.clear();
      answers = new Map();
      trees.set(shape, answers);
    }
    if (answers.size >= MAX_ADDRESSES) answers.delete(answers.keys().next().value!);
    answers.set(key, answer);
    return matches;
  };
  Object.defineProperty(memoised, MEMOISED, { value: true });
  return memoised;
}

interface RouterModule {
  matchRoutes: MatchRoutes;
  parsePath: (path: string) => { pathname?: string };
}

/**
 * Replaces the router module's matchRoutes (the one instance Remix and React Router load) with the
 * memoised one; once per process, whatever the number of calls.
 */
export function installRouteMatchCache(
  router: RouterModule = createRequire(import.meta.url)('@remix-run/router') as RouterModule,
): void {
  if ((router.matchRoutes as unknown as Record<symbol, unknown>)[MEMOISED]) return;
  const { parsePath } = router;
  router.matchRoutes = memoiseMatchRoutes(router.matchRoutes, (location) =>
    typeof location === 'string' ? parsePath(location).pathname : location.pathname,
  );
}
