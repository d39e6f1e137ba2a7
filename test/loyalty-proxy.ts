/**
 * Proxies in front of the reference loyalty service for tests: one records every request the site
 * makes (method, path, JSON body) and may rewrite the service's answers, to stand for a
 * retailer's backend that words its errors differently; the other switches between passing
 * through, refusing and hanging, to stand for an outage and the service's return.
 */
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';

export interface ProxyOptions {
  /** Rewrites an answer's JSON body (e.g. an error's Reason); return it unchanged to pass. */
  rewrite?: (body: unknown, request: { method: string; path: string }) => unknown;
}

/** A pass-through HTTP proxy to the loyalty service that records every request. */
export async function recordingProxy(target: string, options: ProxyOptions = {}) {
  const requests: { method: string; path: string; body: unknown }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      requests.push({
        method: req.method ?? '',
        path: req.url ?? '',
        body: text ? JSON.parse(text) : null,
      });
      const headers: Record<string, string> = {};
      for (const name of ['authorization', 'content-type', 'accept']) {
        const value = req.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      fetch(target + (req.url ?? ''), {
        method: req.method,
        headers,
        body: text || undefined,
      })
        .then(async (upstream) => {
          res.writeHead(upstream.status, {
            'content-type': upstream.headers.get('content-type') ?? 'application/json',
          });
          const raw = Buffer.from(await upstream.arrayBuffer());
          if (!options.rewrite) return void res.end(raw);
          const request = { method: req.method ?? '', path: req.url ?? '' };
          const parsed = raw.length ? (JSON.parse(raw.toString('utf8')) as unknown) : null;
          res.end(JSON.stringify(options.rewrite(parsed, request)));
        })
        .catch(() => {
          res.writeHead(502);
          res.end();
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type BackendMode = 'forward' | 'refuse' | 'hang';

/**
 * A TCP front to the loyalty service that a test switches between passing everything through
 * ('forward'), resetting every connection as it arrives ('refuse': the client sees ECONNRESET,
 * as from a stopped service behind a load balancer) and accepting without ever answering
 * ('hang'). Switching ends the open connections, so none of the old mode lingers in a client's
 * keep-alive pool.
 */
export async function switchableBackend(target: string, mode: BackendMode) {
  const upstream = new URL(target);
  const sockets = new Set<net.Socket>();
  let current = mode;
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = net.createServer((socket) => {
    track(socket);
    if (current === 'refuse') return void socket.resetAndDestroy();
    if (current === 'hang') return; // read nothing, answer nothing
    const out = net.connect(Number(upstream.port), upstream.hostname);
    track(out);
    out.on('close', () => socket.destroy());
    socket.on('close', () => out.destroy());
    socket.pipe(out).pipe(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    setMode(next: BackendMode) {
      current = next;
      for (const socket of sockets) socket.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
