import { createRequire } from 'node:module';
import { describe, expect, it, vi } from 'vitest';
import { installServerRoutesCache, memoiseServerRoutes } from './server-routes-cache';

type Create = Parameters<typeof memoiseServerRoutes>[0];
const remixRoutes = createRequire(import.meta.url)('@remix-run/react/dist/routes.js') as {
  createServerRoutes: Create;
};

const manifest = () => ({
  root: { id: 'root', path: '', hasLoader: true, module: '/root.js' },
  'routes/_index': { id: 'routes/_index', parentId: 'root', index: true, module: '/i.js' },
  'routes/account': { id: 'routes/account', parentId: 'root', path: 'account', module: '/a.js' },
});
const modules = () => ({
  root: { default: () => null },
  'routes/_index': { default: () => null },
  'routes/account': { default: () => null, handle: { x: 1 } },
});
const future = { v3_singleFetch: true };

/** A route tree without its functions (each build makes its own): ids, paths, handles, parts. */
const shape = (routes: unknown[]): unknown =>
  (routes as Record<string, unknown>[]).map((r) => ({
    ...Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'function' ? k : v])),
    children: r.children ? shape(r.children as unknown[]) : undefined,
  }));

describe("Remix's server route tree, kept", () => {
  it('is built once per manifest and reused while its inputs stay the same', () => {
    const original = vi.fn(remixRoutes.createServerRoutes);
    const create = memoiseServerRoutes(original);
    const m = manifest();
    const mods = modules();
    const first = create(m, mods, future, false);
    expect(create(m, { ...mods }, future, false)).toBe(first);
    expect(original).toHaveBeenCalledTimes(1);
    expect(shape(first)).toEqual(shape(remixRoutes.createServerRoutes(m, mods, future, false)));
  });

  it('is built again for another manifest, route module, flags or mode', () => {
    const original = vi.fn(remixRoutes.createServerRoutes);
    const create = memoiseServerRoutes(original);
    const m = manifest();
    const mods = modules();
    const first = create(m, mods, future, false);
    const other = create(manifest(), mods, future, false);
    expect(other).not.toBe(first);
    const changed = create(
      m,
      { ...mods, 'routes/account': { default: () => null } },
      future,
      false,
    );
    expect(changed).not.toBe(first);
    expect(create(m, mods, { ...future }, false)).not.toBe(changed);
    expect(create(m, mods, future, true)).not.toBe(first);
    expect(original).toHaveBeenCalledTimes(5);
  });

  it('is installed on the module once', () => {
    const module = { createServerRoutes: remixRoutes.createServerRoutes };
    installServerRoutesCache(module);
    const installed = module.createServerRoutes;
    expect(installed).not.toBe(remixRoutes.createServerRoutes);
    installServerRoutesCache(module);
    expect(module.createServerRoutes).toBe(installed);
  });
});
