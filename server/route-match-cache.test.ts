import { createRequire } from 'node:module';
import { describe, expect, it, vi } from 'vitest';
import {
  MAX_ADDRESSES,
  MAX_KEPT_PATH,
  installRouteMatchCache,
  memoiseMatchRoutes,
  treeShape,
  type MatchRoutes,
  type RouteLike,
} from './route-match-cache';

const router = createRequire(import.meta.url)('@remix-run/router') as {
  matchRoutes: MatchRoutes;
  parsePath: (p: string) => { pathname?: string };
};
const original = router.matchRoutes;

interface Route extends RouteLike {
  id: string;
  children?: Route[];
}

/** A tree like the site's: a root layout, index, nested params, an optional segment, a splat. */
function tree(): Route[] {
  return [
    {
      id: 'root',
      path: '',
      children: [
        { id: 'home', index: true },
        { id: 'coupons', path: 'digital-coupons' },
        {
          id: 'account',
          path: 'account',
          children: [
            { id: 'account-index', index: true },
            { id: 'receipts', path: 'receipts' },
          ],
        },
        { id: 'post', path: 'posts/:category/:slug' },
        { id: 'lang', path: ':lang?/about' },
        { id: 'Case', path: 'CaseOnly', caseSensitive: true },
        { id: 'splat', path: '*' },
      ],
    },
  ];
}

const addresses = [
  '/',
  '/digital-coupons',
  '/account',
  '/account/',
  '/account/receipts',
  '/posts/news/hello-world',
  '/posts/caf%C3%A9/x',
  '/about',
  '/en/about',
  '/CaseOnly',
  '/caseonly',
  '/no/such/page',
  '/digital-coupons?page=2#top',
];

const pathnameOf = (l: string | { pathname?: string }) =>
  typeof l === 'string' ? router.parsePath(l).pathname : l.pathname;

/** A match without its route object, and the route's id. */
const plain = (matches: ReturnType<MatchRoutes>) =>
  matches?.map(({ route, ...m }) => ({ ...m, id: (route as Route).id }));

describe('remembered route matching', () => {
  it('answers as the router does, first and second time, with and without a base', () => {
    const matchRoutes = memoiseMatchRoutes(original, pathnameOf);
    for (const basename of [undefined, '/', '/shop']) {
      for (const address of addresses) {
        const at = basename === '/shop' ? `/shop${address}` : address;
        const expected = plain(original(tree(), at, basename));
        expect(plain(matchRoutes(tree(), at, basename))).toEqual(expected);
        expect(plain(matchRoutes(tree(), { pathname: at.split(/[?#]/)[0] }, basename))).toEqual(
          expected,
        );
      }
    }
  });

  it("gives the routes of the tree passed, not an earlier tree's", () => {
    const matchRoutes = memoiseMatchRoutes(original, pathnameOf);
    const first = tree();
    const second = tree();
    matchRoutes(first, '/account/receipts');
    const matches = matchRoutes(second, '/account/receipts')!;
    expect(matches.map((m) => m.route)).toEqual([
      second[0],
      second[0]!.children![2],
      second[0]!.children![2]!.children![1],
    ]);
    expect(matches[2]!.route).toBe(second[0]!.children![2]!.children![1]);
  });

  it('keeps answers apart for trees of another shape', () => {
    const matchRoutes = memoiseMatchRoutes(original, pathnameOf);
    const other = tree();
    other[0]!.children![1]!.path = 'coupons';
    expect(treeShape(other)).not.toBe(treeShape(tree()));
    expect(plain(matchRoutes(tree(), '/digital-coupons'))!.at(-1)!.id).toBe('coupons');
    expect(plain(matchRoutes(other, '/digital-coupons'))!.at(-1)!.id).toBe('splat');
  });

  it('asks the router once per tree shape and address', () => {
    const counted = vi.fn(original);
    const matchRoutes = memoiseMatchRoutes(counted as MatchRoutes, pathnameOf);
    matchRoutes(tree(), '/posts/a/b');
    matchRoutes(tree(), '/posts/a/b');
    matchRoutes(tree(), { pathname: '/posts/a/b' });
    matchRoutes(tree(), '/no/such/page');
    matchRoutes(tree(), '/no/such/page');
    expect(counted).toHaveBeenCalledTimes(2);
  });

  it('gives fresh params each time, shared by the matches of one answer', () => {
    const matchRoutes = memoiseMatchRoutes(original, pathnameOf);
    const first = matchRoutes(tree(), '/posts/news/a')!;
    first.at(-1)!.params.slug = 'changed';
    const second = matchRoutes(tree(), '/posts/news/a')!;
    expect(second.at(-1)!.params).toEqual({ category: 'news', slug: 'a' });
    expect(second[0]!.params).toBe(second.at(-1)!.params);
    expect(second[0]!.params).not.toBe(first[0]!.params);
  });

  it('keeps at most MAX_ADDRESSES answers per tree, forgetting the oldest', () => {
    const counted = vi.fn(original);
    const matchRoutes = memoiseMatchRoutes(counted as MatchRoutes, pathnameOf);
    for (let i = 0; i <= MAX_ADDRESSES; i += 1) matchRoutes(tree(), `/posts/c/${i}`);
    expect(counted).toHaveBeenCalledTimes(MAX_ADDRESSES + 1);
    matchRoutes(tree(), `/posts/c/${MAX_ADDRESSES}`);
    expect(counted).toHaveBeenCalledTimes(MAX_ADDRESSES + 1);
    matchRoutes(tree(), '/posts/c/0');
    expect(counted).toHaveBeenCalledTimes(MAX_ADDRESSES + 2);
  });

  it('never keeps an address longer than MAX_KEPT_PATH', () => {
    const counted = vi.fn(original);
    const matchRoutes = memoiseMatchRoutes(counted as MatchRoutes, pathnameOf);
    const long = `/posts/c/${'x'.repeat(MAX_KEPT_PATH)}`;
    expect(plain(matchRoutes(tree(), long))).toEqual(plain(original(tree(), long)));
    matchRoutes(tree(), long);
    expect(counted).toHaveBeenCalledTimes(2);
  });

  it('is installed on the router module once', () => {
    const module = { matchRoutes: original, parsePath: router.parsePath };
    installRouteMatchCache(module);
    const installed = module.matchRoutes;
    expect(installed).not.toBe(original);
    installRouteMatchCache(module);
    expect(module.matchRoutes).toBe(installed);
    expect(plain(installed(tree(), '/account'))).toEqual(plain(original(tree(), '/account')));
  });
});
