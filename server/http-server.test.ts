import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { hardenServer, SERVER_LIMITS } from './http-server';

let servers: http.Server[] = [];
afterEach(() => {
  servers.forEach((s) => {
    s.closeAllConnections();
    s.close();
  });
  servers = [];
});

/** Sends `text` and waits for the server to close the connection; resolves with the time. */
function closedAfter(port: number, text: string, waitMs: number) {
  return new Promise<{ ms: number | null; answer: string }>((resolve) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ ms: null, answer });
    }, waitMs);
    socket.on('data', (d) => (answer += d));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ ms: Date.now() - started, answer });
    });
    socket.write(text);
  });
}

describe('hardenServer', () => {
  it('sets the header, request and keep-alive timeouts and the header count', () => {
    const server = hardenServer(http.createServer());
    expect(server.headersTimeout).toBe(SERVER_LIMITS.headersTimeout);
    expect(server.requestTimeout).toBe(SERVER_LIMITS.requestTimeout);
    expect(server.keepAliveTimeout).toBe(65_000);
    expect(server.maxHeadersCount).toBe(SERVER_LIMITS.maxHeadersCount);
    // Node's defaults are looser: 60 s, 300 s, 5 s and 2000 header lines.
    expect(SERVER_LIMITS.headersTimeout).toBeLessThanOrEqual(20_000);
    expect(SERVER_LIMITS.requestTimeout).toBeLessThanOrEqual(30_000);
  });

  it('drops a client that sends its headers or its body too slowly', async () => {
    // Node checks the timeouts every connectionsCheckingInterval (30 s unless told): short here.
    const server = http.createServer({ connectionsCheckingInterval: 50 }, (req, res) => {
      req.resume();
      req.on('end', () => res.end('ok'));
    });
    hardenServer(server, { headersTimeout: 300, requestTimeout: 600 });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;

    const slowHeaders = await closedAfter(port, 'POST / HTTP/1.1\r\nHost: x\r\n', 5000);
    expect(slowHeaders.ms).not.toBeNull();
    expect(slowHeaders.answer).toMatch(/^HTTP\/1\.1 408 /);

    const slowBody = await closedAfter(
      port,
      'POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nabc',
      5000,
    );
    expect(slowBody.ms).not.toBeNull();
    expect(slowBody.ms!).toBeGreaterThanOrEqual(500);
  });
});
