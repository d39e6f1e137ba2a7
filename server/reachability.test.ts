import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createReachabilityProbe } from './reachability';

const servers: http.Server[] = [];
afterEach(() => servers.splice(0).forEach((s) => s.close()));

async function listen(handler: http.RequestListener) {
  const server = http.createServer(handler).listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise((r) => server.once('listening', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('reachability probe', () => {
  it('counts any HTTP answer as reachable and probes at most once per interval', async () => {
    let hits = 0;
    const url = await listen((_req, res) => {
      hits++;
      res.statusCode = 404;
      res.end();
    });
    const check = createReachabilityProbe(`${url}/loyalty/app`, { cacheMs: 60_000 });
    expect((await check()).reachable).toBe(true);
    expect((await check()).reachable).toBe(true);
    expect(hits).toBe(1);
  });

  it('says unreachable for a refused connection and a hanging service', async () => {
    const closed = await listen(() => undefined);
    const port = new URL(closed).port;
    await new Promise((r) => servers.pop()!.close(r));
    const refused = await createReachabilityProbe(`http://127.0.0.1:${port}`)();
    expect(refused).toMatchObject({ reachable: false, problem: 'ECONNREFUSED' });

    const hanging = await listen(() => undefined); // never answers
    const started = Date.now();
    const slow = await createReachabilityProbe(hanging, { timeoutMs: 200 })();
    expect(slow.reachable).toBe(false);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
