import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startSiteProcess, waitForHealth } from '../kit/site-process';
import { PORT } from '../kit/support';
import { SITE_SERVER_ARGS } from '../../scripts/site-client';

/**
 * Stopping the site (server/shutdown.ts, scripts/start.mjs): the built server under load, and
 * `npm start` as an operator runs it, each its own process on its own port with a fresh data
 * folder (PGlite stores, generated secrets).
 */

// One after the other in one worker: each starts a site with fresh stores, which takes the
// machine's two cores for ~10-30 s, and the other specs run meanwhile.
test.describe.configure({ mode: 'default' });
test.setTimeout(180_000);

function siteEnv(port: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-shutdown-')),
    LOG_LEVEL: 'info',
    SESSION_SECRET: 'e2e-shutdown-session-secret-0123456789abcdef',
    RATE_LIMIT_IP_PER_MINUTE: '1000',
  };
}

function started(port: number, child: ChildProcess) {
  return waitForHealth(`http://127.0.0.1:${port}/healthz`, 150_000, () => {
    if (child.exitCode !== null) throw new Error(`the site exited with ${child.exitCode}`);
  });
}

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
}

/** A GET; `sent` resolves once the whole request has been handed to the connection. */
function send(port: number, agent: http.Agent, pathname: string, host = 'lins.localhost') {
  let sent!: Promise<unknown>;
  const answer = new Promise<Answer>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: pathname,
        agent,
        // Rendered every time: the guest page cache would answer at once.
        headers: { host: `${host}:${port}`, 'cache-control': 'no-cache' },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            connection: res.headers.connection,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    // A failed request rejects `answer`; `sent` only says when it has gone out.
    sent = once(req, 'finish').catch(() => undefined);
    req.end();
  });
  return { answer, sent };
}

function get(port: number, agent: http.Agent, pathname: string, host = 'lins.localhost') {
  return send(port, agent, pathname, host).answer;
}

/** Whether a process still runs (a zombie waiting for its parent counts as gone). */
function running(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

/** A process and all its descendants. */
function tree(root: number): number[] {
  const rows = execFileSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number));
  const found = [root];
  for (let i = 0; i < found.length; i++) {
    for (const [pid, ppid] of rows) if (ppid === found[i]) found.push(pid);
  }
  return found;
}

/**
 * A connection whose request is on its way: the first headers now, the rest when `finish` is
 * called. Resolves with everything the server sent until it closed the connection.
 */
function slowRequest(port: number, pathname: string) {
  const socket = net.connect(port, '127.0.0.1');
  const connected = once(socket, 'connect').catch(() => undefined);
  socket.write(`GET ${pathname} HTTP/1.1\r\nHost: lins.localhost:${port}\r\n`);
  let text = '';
  socket.on('data', (c: Buffer) => (text += c.toString('utf8')));
  const answer = new Promise<{ text: string; error?: string }>((resolve) => {
    socket.on('end', () => resolve({ text }));
    socket.on('error', (e: NodeJS.ErrnoException) => resolve({ text, error: e.code }));
  });
  return {
    connected,
    finish: () => socket.write('Cache-Control: no-cache\r\n\r\n'),
    answer,
  };
}

async function refused(port: number): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${port}/healthz`);
    return false;
  } catch {
    return true;
  }
}

test('SIGTERM under load: every request answered in full, Connection: close, exit 0 in time', async () => {
  const port = PORT + 74;
  const env = siteEnv(port);
  const child = spawn(process.execPath, SITE_SERVER_ARGS, {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString('utf8')));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString('utf8')));
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    child.on('exit', (code) => resolve({ code, at: Date.now() })),
  );
  try {
    await started(port, child);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 30 });
    // 25 keep-alive connections: 20 carry the page requests, 5 wait idle.
    await Promise.all(Array.from({ length: 25 }, () => get(port, agent, '/healthz', '127.0.0.1')));

    // Requests the server has begun to receive (their headers come after the signal).
    const waiting = Array.from({ length: 5 }, () => slowRequest(port, '/digital-coupons'));
    const requests = Array.from({ length: 20 }, () => send(port, agent, '/digital-coupons'));
    const pages = requests.map((r) => r.answer);
    // Signal while the server is at work on them (they render in ~0.3-1.5 s together): once
    // every page request is on its connection and the slow ones are connected. Those it has not
    // read yet are on connections it accepted, so they are answered too.
    await Promise.all([...requests.map((r) => r.sent), ...waiting.map((w) => w.connected)]);
    const signalledAt = Date.now();
    child.kill('SIGTERM');
    // The rest of the slow requests' headers once the server has begun to shut down.
    await expect.poll(() => output, { timeout: 10_000 }).toMatch(/"msg":"shutting down/);
    for (const w of waiting) w.finish();
    // A keep-alive client's next request after the signal, on one of its idle connections.
    const after = await get(port, agent, '/digital-coupons');

    const answers = await Promise.all(pages);
    for (const a of answers) {
      expect(a.status).toBe(200);
      // 'end' came (a cut answer rejects): the whole document.
      expect(a.body).toContain('</html>');
    }
    for (const { answer } of waiting) {
      const { text, error } = await answer;
      expect(error).toBeUndefined();
      expect(text).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      expect(text).toMatch(/\r\nConnection: close\r\n/i);
      expect(text).toContain('</html>');
      expect(text.endsWith('0\r\n\r\n')).toBe(true); // the last chunk: nothing cut
    }
    expect(after.status).toBe(200);
    expect(after.connection).toBe('close');
    expect(after.body).toContain('</html>');

    const { code, at } = await exited;
    expect(code).toBe(0);
    expect(at - signalledAt).toBeLessThan(10_000);
    expect(output).toMatch(/"reason":"SIGTERM","inFlight":\d+,"msg":"shutting down/);
    expect(output).toContain('"msg":"shut down cleanly"');
    expect(await refused(port)).toBe(true);
    agent.destroy();
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    fs.rmSync(env.DATA_DIR!, { recursive: true, force: true });
  }
});

/**
 * A connection opened now whose request goes out when `send` is called. Resolves with everything
 * the server sent until it closed the connection, and the socket error if it was reset.
 */
function openConnection(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  const connected = once(socket, 'connect');
  let text = '';
  socket.on('data', (c: Buffer) => (text += c.toString('utf8')));
  const answer = new Promise<{ text: string; error?: string }>((resolve) => {
    socket.on('close', () => resolve({ text }));
    socket.on('error', (e: NodeJS.ErrnoException) => resolve({ text, error: e.code }));
  });
  const send = () =>
    socket.write(
      `GET /digital-coupons HTTP/1.1\r\nHost: lins.localhost:${port}\r\nCache-Control: no-cache\r\n\r\n`,
    );
  return { connected, send, answer };
}

test('SIGTERM just after connections were opened: the request each sends is answered, a silent one is closed, exit 0 at once', async () => {
  const site = await startSiteProcess({ port: PORT + 77, name: 'drain', timeoutMs: 150_000 });
  try {
    const connections = Array.from({ length: 10 }, () => openConnection(site.port));
    // One more that never sends a request: closed after its grace, without holding the exit.
    const silent = openConnection(site.port);
    await Promise.all([...connections, silent].map((c) => c.connected));
    // 150 ms before the signal. Half the requests leave before it (the server is rendering them
    // when it comes), the others right after it and over the next second.
    await new Promise((resolve) => setTimeout(resolve, 100));
    for (const c of connections.slice(0, 5)) c.send();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const signalledAt = Date.now();
    process.kill(site.pid, 'SIGTERM');
    connections.slice(5).forEach((c, i) => setTimeout(() => c.send(), i * 200));

    const answers = await Promise.all(connections.map((c) => c.answer));
    const answered = answers.filter(
      (a) => !a.error && /^HTTP\/1\.1 200 OK\r\n/.test(a.text) && a.text.endsWith('0\r\n\r\n'),
    );
    const seen = answers.map((a) => a.error ?? (a.text.slice(0, 12) || 'closed without answer'));
    expect(answered.length, `every connection gets its whole page: ${seen.join(', ')}`).toBe(10);
    for (const a of answered) expect(a.text).toMatch(/\r\nConnection: close\r\n/i);
    expect(await silent.answer, 'closed without a word, not reset').toEqual({ text: '' });
    expect(await site.exited).toBe(0);
    // The grace of a silent connection (1.5 s), not the 10 s bound.
    expect(Date.now() - signalledAt).toBeLessThan(6_000);
    expect(await refused(site.port)).toBe(true);
  } finally {
    await site.stop();
  }
});

test('npm start: SIGTERM to npm stops the server and every process of the tree', async () => {
  const port = PORT + 75;
  const env = siteEnv(port);
  env.LOG_LEVEL = 'warn';
  // Only the process tree matters here: no embedded loyalty service to create and seed.
  env.LOYALTY_API_URL = 'http://127.0.0.1:9';
  env.LOYALTY_SERVICE_BASIC = 'site:any';
  env.LOYALTY_SERVICE_BEARER = 'any';
  const npm = spawn('npm', ['start'], { env, stdio: 'ignore' });
  let pids: number[] = [];
  try {
    await started(port, npm);
    // npm, its `sh -c`, scripts/start.mjs and the server.
    pids = tree(npm.pid!);
    expect(pids.length).toBeGreaterThanOrEqual(3);
    process.kill(npm.pid!, 'SIGTERM');
    await expect
      .poll(async () => !pids.some(running) && (await refused(port)), {
        timeout: 15_000,
        intervals: [100],
        message: 'every process of the tree gone and the port closed',
      })
      .toBe(true);
  } finally {
    for (const pid of pids.filter(running)) process.kill(pid, 'SIGKILL');
    fs.rmSync(env.DATA_DIR!, { recursive: true, force: true });
  }
});
