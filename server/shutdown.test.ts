import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installShutdown, type ShutdownOptions } from './shutdown';

/**
 * The shutdown sequence against a real HTTP server on loopback: slow requests in flight,
 * keep-alive connections, a connection accepted just before the signal.
 */

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
  at: number;
}

const servers: http.Server[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    s.close();
  }
});

async function setup(
  options: Partial<ShutdownOptions> = {},
  slowMs = 300,
): Promise<{
  port: number;
  server: http.Server;
  arrived: () => number;
  /** What GET /busy does before it answers. */
  onBusy: (work: () => void) => void;
  shutdown: (reason: string) => Promise<number>;
  exits: number[];
  events: string[];
  log: {
    info: ReturnType<typeof vi.fn>;
    warn: ReturnType<typeof vi.fn>;
    error: ReturnType<typeof vi.fn>;
  };
}> {
  let arrived = 0;
  let busy = () => {};
  const events: string[] = [];
  const server = http.createServer((req, res) => {
    if (req.url === '/slow') {
      arrived++;
      setTimeout(() => {
        res.setHeader('Content-Type', 'text/plain');
        res.end('done');
      }, slowMs);
    } else if (req.url === '/never') {
      arrived++;
    } else if (req.url === '/busy') {
      busy();
      res.end('ok');
    } else {
      res.end('ok');
    }
  });
  server.keepAliveTimeout = 65_000;
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const exits: number[] = [];
  const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  const { shutdown } = installShutdown({
    server,
    steps: [
      { name: 'first store', run: () => void events.push('first store') },
      {
        name: 'second store',
        run: async () => {
          await new Promise((r) => setTimeout(r, 20));
          events.push('second store');
        },
      },
    ],
    signals: [],
    idleGraceMs: 200,
    exit: (code) => void exits.push(code),
    logger: log as never,
    ...options,
  });
  return {
    port: (server.address() as net.AddressInfo).port,
    server,
    arrived: () => arrived,
    onBusy: (work) => void (busy = work),
    shutdown,
    exits,
    events,
    log,
  };
}

function get(port: number, path: string, agent: http.Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          connection: res.headers.connection,
          body: Buffer.concat(chunks).toString('utf8'),
          at: Date.now(),
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** A connection of its own; `send` writes one GET on it (of /fast unless told). */
function rawConnection(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  const connected = new Promise((resolve) => socket.once('connect', resolve));
  let text = '';
  socket.on('data', (c: Buffer) => (text += c.toString('utf8')));
  const answer = new Promise<{ text: string; error?: string }>((resolve) => {
    socket.on('close', () => resolve({ text }));
    socket.on('error', (e: NodeJS.ErrnoException) => resolve({ text, error: e.code }));
  });
  return {
    connected,
    answer,
    text: () => text,
    send: (path = '/fast') => socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`),
  };
}

async function until(check: () => boolean, what: string) {
  for (let i = 0; i < 200; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('installShutdown', () => {
  it('answers every request in flight with Connection: close, then closes the stores and exits 0', async () => {
    const t = await setup();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 30 });
    // 25 keep-alive connections; 20 carry the slow requests, 5 stay idle.
    await Promise.all(Array.from({ length: 25 }, () => get(t.port, '/fast', agent)));
    const slow = Array.from({ length: 20 }, () => get(t.port, '/slow', agent));
    await until(() => t.arrived() === 20, 'the slow requests');

    // A connection accepted before the signal whose request comes a moment after it.
    let connections = 0;
    t.server.on('connection', () => connections++);
    const waiting = net.connect(t.port, '127.0.0.1');
    await until(() => connections === 1, 'the waiting connection');
    const waitingAnswer = new Promise<{ text: string; error?: string }>((resolve) => {
      let text = '';
      waiting.on('data', (c: Buffer) => (text += c.toString('utf8')));
      waiting.on('end', () => resolve({ text }));
      waiting.on('error', (e: NodeJS.ErrnoException) => resolve({ text, error: e.code }));
    });

    const signalledAt = Date.now();
    const done = t.shutdown('SIGTERM');
    setTimeout(() => waiting.write('GET /fast HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'), 50);
    // A keep-alive client's next request, on one of its idle connections.
    const next = new Promise<Answer>((resolve, reject) =>
      setTimeout(() => get(t.port, '/fast', agent).then(resolve, reject), 50),
    );

    const answers = await Promise.all(slow);
    for (const a of answers) {
      expect(a).toMatchObject({ status: 200, body: 'done', connection: 'close' });
    }
    expect(await next).toMatchObject({ status: 200, body: 'ok', connection: 'close' });
    const w = await waitingAnswer;
    expect(w.error).toBeUndefined();
    expect(w.text).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(w.text).toMatch(/\r\nConnection: close\r\n/i);
    expect(w.text.endsWith('ok')).toBe(true);

    expect(await done).toBe(0);
    expect(t.exits).toEqual([0]);
    // Closed in order, after the last answer.
    expect(t.events).toEqual(['first store', 'second store']);
    expect(Date.now() - signalledAt).toBeLessThan(2_000);
    // No new connection is accepted.
    const refused = await new Promise<string>((resolve) => {
      const s = net.connect(t.port, '127.0.0.1');
      s.on('connect', () => resolve('connected'));
      s.on('error', (e: NodeJS.ErrnoException) => resolve(String(e.code)));
    });
    expect(refused).toBe('ECONNREFUSED');
    expect(t.log.info).toHaveBeenCalledWith(
      { reason: 'SIGTERM', inFlight: 20 },
      expect.stringContaining('shutting down'),
    );
    agent.destroy();
  });

  it('closes idle keep-alive connections after the grace period', async () => {
    const t = await setup();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 5 });
    await Promise.all(Array.from({ length: 5 }, () => get(t.port, '/fast', agent)));
    const sockets = Object.values(agent.freeSockets).flat();
    expect(sockets).toHaveLength(5);
    const closed = Promise.all(sockets.map((s) => new Promise((r) => s!.once('close', r))));
    const started = Date.now();
    expect(await t.shutdown('SIGINT')).toBe(0);
    await closed;
    // The grace (200 ms here) lets a request already on its way arrive; then they are closed.
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(Date.now() - started).toBeLessThan(1_500);
    agent.destroy();
  });

  it('a request that arrived while the process was busy past the grace is answered, not reset', async () => {
    const t = await setup({ idleGraceMs: 350, firstRequestGraceMs: 400 });
    // One keep-alive connection between two requests, and one that has sent nothing yet.
    const between = rawConnection(t.port);
    between.send();
    await until(() => between.text().includes('ok'), 'the first answer');
    const fresh = rawConnection(t.port);
    const trigger = rawConnection(t.port);
    await Promise.all([fresh.connected, trigger.connected]);
    // While the process handles GET /busy (rendering a big page, say), both send a request, and
    // the process stays busy past both graces: nothing else is read meanwhile.
    t.onBusy(() => {
      between.send();
      fresh.send();
      const until = Date.now() + 400;
      while (Date.now() < until) {
        // busy
      }
    });
    const done = t.shutdown('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    trigger.send('/busy');
    for (const c of [between, fresh, trigger]) {
      const { text, error } = await c.answer;
      expect(error).toBeUndefined();
      expect(text).toMatch(/HTTP\/1\.1 200 OK\r\n[^]*Connection: close\r\n[^]*ok$/i);
    }
    expect(await done).toBe(0);
  });

  it('a new connection gets its own grace for its first request; one that sends nothing is then closed', async () => {
    const t = await setup({ idleGraceMs: 100, firstRequestGraceMs: 600 });
    const late = rawConnection(t.port);
    const silent = rawConnection(t.port);
    await Promise.all([late.connected, silent.connected]);
    const started = Date.now();
    const done = t.shutdown('SIGTERM');
    // Past the keep-alive grace and the listener's closing, within the first request's grace.
    setTimeout(() => late.send(), 350);
    const l = await late.answer;
    expect(l.error).toBeUndefined();
    expect(l.text).toMatch(/^HTTP\/1\.1 200 OK\r\n[^]*Connection: close\r\n[^]*ok$/i);
    // Closed without a word (no reset) once its grace is over; the exit does not wait for the bound.
    expect(await silent.answer).toEqual({ text: '' });
    expect(await done).toBe(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(590);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('a second signal changes nothing', async () => {
    const t = await setup();
    const first = t.shutdown('SIGINT');
    const second = t.shutdown('SIGTERM');
    expect(second).toBe(first);
    expect(await first).toBe(0);
    expect(t.exits).toEqual([0]);
    expect(t.log.info).toHaveBeenCalledWith({ reason: 'SIGTERM' }, 'already shutting down');
  });

  it('a step that fails is logged, the others still run, and the exit code is 1', async () => {
    const events: string[] = [];
    const t = await setup({
      steps: [
        {
          name: 'mail transport',
          run: () => {
            throw new Error('smtp gone');
          },
        },
        { name: 'site store', run: () => void events.push('site store') },
      ],
    });
    expect(await t.shutdown('SIGTERM')).toBe(1);
    expect(events).toEqual(['site store']);
    expect(t.exits).toEqual([1]);
    expect(t.log.error).toHaveBeenCalledWith(
      expect.objectContaining({ step: 'mail transport' }),
      'shutdown: closing the mail transport failed',
    );
  });

  it('past the bound: a log line and exit 1, whatever is still open', async () => {
    const t = await setup({ timeoutMs: 300 });
    const agent = new http.Agent({ keepAlive: true });
    const hanging = get(t.port, '/never', agent).catch((e: NodeJS.ErrnoException) => e.code);
    await until(() => t.arrived() === 1, 'the hanging request');
    const started = Date.now();
    expect(await t.shutdown('SIGTERM')).toBe(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(t.exits).toEqual([1]);
    expect(t.events).toEqual([]);
    expect(t.log.error).toHaveBeenCalledWith(
      expect.objectContaining({ inFlight: 1 }),
      'shutdown did not finish within 0.3 s: exiting',
    );
    expect(await hanging).toBe('ECONNRESET');
    agent.destroy();
  });
});
