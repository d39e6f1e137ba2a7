import { createRequire } from 'node:module';
import { describe, expect, it, vi } from 'vitest';
import { directLoaderCalls, installDirectLoaderCalls, passesUnchanged } from './loader-request';

type Call = Parameters<ReturnType<typeof directLoaderCalls>>[0];
const remixData = createRequire(import.meta.url)('@remix-run/server-runtime/dist/data.js') as {
  callRouteLoader: (call: Call) => Promise<unknown>;
};

const call = (request: Request, answer: () => unknown = () => ({ ok: 1 })) => {
  const loader = vi.fn((_args: { request: Request }) => answer());
  return {
    loader,
    call: {
      request,
      loadContext: { ctx: 1 },
      loader,
      params: { id: '7' },
      routeId: 'routes/x',
      singleFetch: true,
    } as Call,
  };
};

describe("a loader's request", () => {
  it('tells the requests that Remix would copy unchanged', () => {
    expect(passesUnchanged(new Request('http://lins.localhost/rewards'))).toBe(true);
    expect(passesUnchanged(new Request('http://lins.localhost/', { method: 'HEAD' }))).toBe(true);
    expect(passesUnchanged(new Request('http://lins.localhost/x?index'))).toBe(false);
    expect(passesUnchanged(new Request('http://lins.localhost/x?q=a%20b'))).toBe(false);
    expect(
      passesUnchanged(new Request('http://lins.localhost/x', { method: 'POST', body: 'a=1' })),
    ).toBe(false);
  });

  it('is the request itself when Remix would copy it unchanged, with the same answer', async () => {
    const request = new Request('http://lins.localhost/account', { headers: { cookie: 'a=1' } });
    const direct = call(request);
    expect(await directLoaderCalls(remixData.callRouteLoader)(direct.call)).toEqual({ ok: 1 });
    const args = direct.loader.mock.calls[0]![0] as unknown as Record<string, unknown>;
    expect(args.request).toBe(request);
    expect(args.context).toEqual({ ctx: 1 });
    expect(args.params).toEqual({ id: '7' });

    const remix = call(request);
    await remixData.callRouteLoader(remix.call);
    const copy = remix.loader.mock.calls[0]![0].request;
    expect(copy).not.toBe(request);
    expect([copy.url, copy.method, copy.headers.get('cookie')]).toEqual([
      request.url,
      request.method,
      'a=1',
    ]);
  });

  it("takes Remix's way for a query, and keeps Remix's checks", async () => {
    const wrapped = directLoaderCalls(remixData.callRouteLoader);
    const request = new Request('http://lins.localhost/x?index&q=a%20b');
    const withQuery = call(request);
    await wrapped(withQuery.call);
    expect(withQuery.loader.mock.calls[0]![0].request.url).toBe('http://lins.localhost/x?q=a+b');

    const empty = call(new Request('http://lins.localhost/x'), () => undefined);
    await expect(wrapped(empty.call)).rejects.toThrow(/didn't return anything/);
    const notSingle = call(new Request('http://lins.localhost/x'));
    const original = vi.fn(remixData.callRouteLoader);
    await directLoaderCalls(original)({ ...notSingle.call, singleFetch: false });
    expect(original).toHaveBeenCalled();
  });

  it('is installed on the module once', () => {
    const module = { callRouteLoader: remixData.callRouteLoader };
    installDirectLoaderCalls(module);
    const installed = module.callRouteLoader;
    expect(installed).not.toBe(remixData.callRouteLoader);
    installDirectLoaderCalls(module);
    expect(module.callRouteLoader).toBe(installed);
  });
});
