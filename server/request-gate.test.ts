import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import express, { type NextFunction, type Request, type Response } from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ALLOWED_METHODS,
  bodyLimitFor,
  bodyStream,
  closeWhenBodyUnread,
  DEFAULT_BODY_LIMIT,
  gatedBody,
  requestGate,
  type BodyLimit,
} from './request-gate';
import { FORM_BODY_LIMIT, UPLOAD_LIMITS } from '~/lib/form-kit/upload-limits';

let servers: http.Server[] = [];
afterEach(() => {
  servers.forEach((s) => {
    s.closeAllConnections();
    s.close();
  });
  servers = [];
});

/**
 * The gate as server/app.ts mounts it: the close-on-unread middleware first, an early answer
 * before the gate (as the unknown-host 404 is), the gate, a step after it that refuses without
 * reading (as the origin check does), then a handler that parses the body the gate kept, as
 * Remix gets it. Errors are answered with their status, as the app's error handler does.
 */
async function start(limits: BodyLimit[] = []) {
  let handled = 0;
  const app = express();
  app.use(closeWhenBodyUnread);
  app.use('/unknown-host', (_req, res) => void res.status(404).send('not served here'));
  // A step that read part of the body and answered (as Remix did for a guest's post to /logout).
  app.post('/half-read', (req, res) => {
    req.once('data', () => {
      req.pause();
      res.status(302).set('Location', '/').end();
    });
  });
  app.use(requestGate({ limits }));
  app.use('/refused', (_req, res) => void res.status(403).send('refused'));
  app.all('*', async (req, res) => {
    handled++;
    const body = gatedBody(req);
    const fields = body
      ? [
          ...(await new Request('http://x/', {
            method: 'POST',
            headers: { 'content-type': body.contentType },
            body: body.bytes,
          }).formData()),
        ].map(([k, v]) => [k, typeof v === 'string' ? v : `file:${v.name}`])
      : null;
    res.json({ method: req.method, contentType: body?.contentType ?? null, fields });
  });
  app.use((error: { status?: number }, _req: Request, res: Response, _next: NextFunction) => {
    res.status(error.status ?? 500).send(`error ${error.status ?? 500}`);
  });
  const server = app.listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise((r) => server.once('listening', r));
  const port = (server.address() as AddressInfo).port;

  const send = (opts: {
    method?: string;
    path?: string;
    headers?: Record<string, string | number>;
    body?: string | Buffer;
    /** Sent as chunks (no Content-Length). */
    chunked?: boolean;
  }) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
      (resolve, reject) => {
        const body = opts.body === undefined ? undefined : Buffer.from(opts.body);
        const headers: Record<string, string | number> = { ...opts.headers };
        if (body && !opts.chunked && !('content-length' in headers)) {
          headers['content-length'] = body.length;
        }
        const req = http.request(
          {
            port,
            host: '127.0.0.1',
            method: opts.method ?? 'POST',
            path: opts.path ?? '/form',
            headers,
          },
          (res) => {
            let text = '';
            res.on('data', (c) => (text += c));
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
            );
          },
        );
        // A server that answers before reading may close while the client still writes.
        req.on('error', (error: NodeJS.ErrnoException) => {
          if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
        });
        if (body && opts.chunked) {
          // Several chunks, so the size is only known while it streams.
          for (let at = 0; at < body.length; at += 16 * 1024)
            req.write(body.subarray(at, at + 16 * 1024));
          req.end();
        } else req.end(body);
      },
    );

  return { port, send, handled: () => handled };
}

/**
 * Writes raw bytes on one connection and collects what comes back until the server closes it or
 * `waitMs` passes.
 */
function exchange(port: number, parts: (string | Buffer)[], waitMs: number) {
  return new Promise<{ text: string; closedAfterMs: number | null }>((resolve) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    let done = false;
    const finish = (closed: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ text, closedAfterMs: closed ? Date.now() - started : null });
    };
    const timer = setTimeout(() => finish(false), waitMs);
    socket.on('data', (d) => (text += d.toString('latin1')));
    socket.on('error', () => finish(true));
    socket.on('close', () => finish(true));
    for (const part of parts) socket.write(part);
  });
}

const URLENCODED = { 'content-type': 'application/x-www-form-urlencoded' };
const multipart = (boundary: string, parts: { name: string; value: string; filename?: string }[]) =>
  parts
    .map(
      (p) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${
          p.filename !== undefined ? `; filename="${p.filename}"` : ''
        }\r\n\r\n${p.value}\r\n`,
    )
    .join('') + `--${boundary}--\r\n`;
const statuses = (list: { status: number }[]) => list.map((r) => r.status);

describe('request gate: methods', () => {
  it('lets GET, HEAD and POST through', async () => {
    const app = await start();
    expect((await app.send({ method: 'GET' })).status).toBe(200);
    expect((await app.send({ method: 'HEAD' })).status).toBe(200);
    const post = await app.send({ headers: URLENCODED, body: 'a=1' });
    expect(post.status).toBe(200);
    expect(JSON.parse(post.body).fields).toEqual([['a', '1']]);
  });

  it('answers OPTIONS with 204 and Allow, without running the app', async () => {
    const app = await start();
    const res = await app.send({ method: 'OPTIONS' });
    expect(res.status).toBe(204);
    expect(res.headers.allow).toBe(ALLOWED_METHODS);
    expect(app.handled()).toBe(0);
  });

  it('refuses every other method with 405 and Allow', async () => {
    const app = await start();
    for (const method of ['TRACE', 'PUT', 'DELETE', 'PATCH', 'PROPFIND', 'MKCOL', 'LOCK']) {
      const res = await app.send({ method });
      expect(res.status, method).toBe(405);
      expect(res.headers.allow, method).toBe('GET, HEAD, POST');
    }
    // A body sent with a refused method is not read: the connection closes after the answer.
    const put = await app.send({ method: 'PUT', headers: URLENCODED, body: 'a'.repeat(200_000) });
    expect(put.status).toBe(405);
    expect(put.headers.connection).toBe('close');
    expect(app.handled()).toBe(0);
  });
});

describe('request gate: body size', () => {
  it('refuses a Content-Length over the limit at once, without reading the body', async () => {
    const app = await start();
    // Announces 10 MB, sends 10 bytes and waits: the answer may not wait for the rest.
    const res = await exchange(
      app.port,
      [
        'POST /form HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n' +
          'Content-Length: 10000000\r\n\r\n',
        'a=aaaaaaaa',
      ],
      3000,
    );
    expect(res.text).toMatch(/^HTTP\/1\.1 413 /);
    expect(res.text).toMatch(/\r\nConnection: close\r\n/i);
    expect(res.closedAfterMs).not.toBeNull();
    expect(app.handled()).toBe(0);
  });

  it('refuses a chunked body as soon as it passes the limit', async () => {
    const app = await start();
    const res = await app.send({
      headers: URLENCODED,
      body: `a=${'x'.repeat(200_000)}`,
      chunked: true,
    });
    expect(res.status).toBe(413);
    expect(res.headers.connection).toBe('close');
    expect(app.handled()).toBe(0);
  });

  it('takes a form at the limit, refuses one byte more', async () => {
    const app = await start();
    const at = await app.send({
      headers: URLENCODED,
      body: `a=${'x'.repeat(DEFAULT_BODY_LIMIT - 2)}`,
    });
    expect(at.status).toBe(200);
    const over = await app.send({
      headers: URLENCODED,
      body: `a=${'x'.repeat(DEFAULT_BODY_LIMIT - 1)}`,
    });
    expect(over.status).toBe(413);
    const overChunked = await app.send({
      headers: URLENCODED,
      body: `a=${'x'.repeat(DEFAULT_BODY_LIMIT - 1)}`,
      chunked: true,
    });
    expect(overChunked.status).toBe(413);
  });

  it('gives a route prefix its declared limit, on whole path segments and its data URL', async () => {
    const app = await start([{ prefix: '/upload', bytes: 256 * 1024 }]);
    const big = `a=${'x'.repeat(100_000)}`;
    const post = (path: string, chunked = false) =>
      app.send({ path, headers: URLENCODED, body: big, chunked });
    expect(
      statuses(await Promise.all(['/upload', '/upload/photo', '/upload.data'].map((p) => post(p)))),
    ).toEqual([200, 200, 200]);
    expect((await post('/upload', true)).status).toBe(200);
    expect(statuses(await Promise.all(['/uploads', '/form', '/'].map((p) => post(p))))).toEqual([
      413, 413, 413,
    ]);
  });

  it('picks the longest matching prefix', () => {
    const limits = [
      { prefix: '/a', bytes: 10 },
      { prefix: '/a/b/', bytes: 20 },
    ];
    expect(bodyLimitFor('/a/b/c', limits)).toBe(20);
    expect(bodyLimitFor('/a/x', limits)).toBe(10);
    expect(bodyLimitFor('/a/b.data', limits)).toBe(20);
    expect(bodyLimitFor('/ab', limits)).toBe(DEFAULT_BODY_LIMIT);
    expect(bodyLimitFor('/_root.data', [{ prefix: '/', bytes: 5 }])).toBe(5);
  });

  it('lets the content forms carry files; every other route keeps the default', () => {
    expect(bodyLimitFor('/forms/customer-service')).toBe(FORM_BODY_LIMIT);
    expect(bodyLimitFor('/forms/customer-service.data')).toBe(FORM_BODY_LIMIT);
    expect(FORM_BODY_LIMIT).toBeGreaterThan(UPLOAD_LIMITS.maxTotalBytes);
    for (const path of [
      '/formsx',
      '/register',
      '/',
      '/customer-service',
      '/customer-service.data',
    ]) {
      expect(bodyLimitFor(path), path).toBe(DEFAULT_BODY_LIMIT);
    }
  });
});

describe('request gate: body types', () => {
  it('takes urlencoded and multipart forms, and hands the bytes on unchanged', async () => {
    const app = await start();
    const url = await app.send({
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' },
      body: 'name=%C3%A9t%C3%A9&b=2',
    });
    expect(JSON.parse(url.body).fields).toEqual([
      ['name', 'été'],
      ['b', '2'],
    ]);
    const body = multipart('XyZ', [
      { name: 'a', value: 'one' },
      { name: 'photo', value: 'bytes', filename: 'p.png' },
    ]);
    const multi = await app.send({
      headers: { 'content-type': 'multipart/form-data; boundary=XyZ' },
      body,
    });
    expect(multi.status).toBe(200);
    expect(JSON.parse(multi.body).fields).toEqual([
      ['a', 'one'],
      ['photo', 'file:p.png'],
    ]);
  });

  it('reads an empty post without a type as an empty form', async () => {
    const app = await start();
    for (const headers of [{ 'content-length': 0 }, {}] as Record<string, number>[]) {
      const res = await app.send({ headers });
      expect(res.status).toBe(200);
      expect(JSON.parse(res.body)).toMatchObject({
        contentType: 'application/x-www-form-urlencoded',
        fields: [],
      });
    }
  });

  it('refuses what is not a form with 415', async () => {
    const app = await start();
    const results = await Promise.all([
      app.send({ headers: { 'content-type': 'application/json' }, body: '{"a":1}' }),
      app.send({ headers: { 'content-type': 'text/plain' }, body: 'a=1' }),
      app.send({ headers: { 'content-type': 'application/xml' }, body: '<a/>' }),
      app.send({ body: 'a=1' }),
      app.send({ body: 'a=1', chunked: true }),
      app.send({ headers: { ...URLENCODED, 'content-encoding': 'gzip' }, body: 'a=1' }),
    ]);
    expect(statuses(results)).toEqual([415, 415, 415, 415, 415, 415]);
    expect(app.handled()).toBe(0);
  });

  it('refuses a form that does not parse with 400', async () => {
    const app = await start();
    const good = multipart('b1', [{ name: 'a', value: 'x' }]);
    const results = await Promise.all([
      app.send({ headers: { 'content-type': 'multipart/form-data' }, body: good }),
      app.send({ headers: { 'content-type': 'multipart/form-data; boundary=other' }, body: good }),
      app.send({
        headers: { 'content-type': 'multipart/form-data; boundary=b1' },
        body: good.slice(0, -8),
      }),
      app.send({
        headers: { 'content-type': 'multipart/form-data; boundary=b1' },
        body: 'garbage',
      }),
    ]);
    expect(statuses(results)).toEqual([400, 400, 400, 400]);
    expect(app.handled()).toBe(0);
  });

  it('refuses a NUL in a field name, value or file name with 400', async () => {
    const app = await start();
    const results = await Promise.all([
      app.send({ headers: URLENCODED, body: 'a=x%00y' }),
      app.send({ headers: URLENCODED, body: 'a%00=x' }),
      app.send({ headers: URLENCODED, body: Buffer.from('a=x\0y', 'latin1') }),
      app.send({
        headers: { 'content-type': 'multipart/form-data; boundary=b1' },
        body: multipart('b1', [{ name: 'a', value: 'x\0' }]),
      }),
      app.send({
        headers: { 'content-type': 'multipart/form-data; boundary=b1' },
        body: multipart('b1', [{ name: 'f', value: 'data', filename: 'a\0.txt' }]),
      }),
    ]);
    expect(statuses(results)).toEqual([400, 400, 400, 400, 400]);
    // A NUL inside a file's contents is data, not a field: accepted.
    const file = await app.send({
      headers: { 'content-type': 'multipart/form-data; boundary=b1' },
      body: multipart('b1', [{ name: 'f', value: 'da\0ta', filename: 'a.bin' }]),
    });
    expect(file.status).toBe(200);
  });

  it('refuses text that is not UTF-8 in a field name, value or file name with 400', async () => {
    const app = await start();
    const multi = { 'content-type': 'multipart/form-data; boundary=b1' };
    const rawMultipart = (name: string, value: Buffer, filename?: string) =>
      Buffer.concat([
        Buffer.from(
          `--b1\r\nContent-Disposition: form-data; name="${name}"${
            filename === undefined ? '' : `; filename="${filename}"`
          }\r\n\r\n`,
          'latin1',
        ),
        value,
        Buffer.from('\r\n--b1--\r\n'),
      ]);
    const results = await Promise.all([
      app.send({ headers: URLENCODED, body: 'a=%C3%28' }),
      app.send({ headers: URLENCODED, body: 'a=%FF' }),
      app.send({ headers: URLENCODED, body: '%ED%A0%80=x' }),
      app.send({ headers: URLENCODED, body: Buffer.from([0x61, 0x3d, 0xff]) }),
      app.send({ headers: multi, body: rawMultipart('a', Buffer.from([0x78, 0xff])) }),
      app.send({ headers: multi, body: rawMultipart('f', Buffer.from('d'), 'a\u00ff.txt') }),
    ]);
    expect(statuses(results)).toEqual([400, 400, 400, 400, 400, 400]);
    expect(app.handled()).toBe(0);
    // UTF-8, escaped or raw, and a file's bytes (data, not text) pass.
    const good = await Promise.all([
      app.send({ headers: URLENCODED, body: 'a=%C3%A9t%C3%A9&b=100%&c=%zz' }),
      app.send({ headers: URLENCODED, body: Buffer.from('a=été', 'utf8') }),
      app.send({ headers: multi, body: rawMultipart('a', Buffer.from('été', 'utf8')) }),
      app.send({ headers: multi, body: rawMultipart('f', Buffer.from([0xff, 0]), 'a.bin') }),
    ]);
    expect(statuses(good)).toEqual([200, 200, 200, 200]);
    expect(JSON.parse(good[0].body).fields).toEqual([
      ['a', 'été'],
      ['b', '100%'],
      ['c', '%zz'],
    ]);
  });

  it('refuses a NUL or text that is not UTF-8 in the query string with 400, whatever the method', async () => {
    const app = await start();
    const bad = [
      '/form?address=%00',
      '/form?a=x%00y&b=1',
      '/form?%00=1',
      '/form?q=%C3%28',
      '/form?q=%FF',
      '/form?q=%E2%82',
      '/form?q=%ED%A0%80',
      '/form?q=%C0%AF',
    ];
    for (const path of bad) {
      for (const method of ['GET', 'HEAD', 'POST']) {
        const res = await app.send({
          method,
          path,
          ...(method === 'POST' ? { headers: URLENCODED, body: 'a=1' } : {}),
        });
        expect(res.status, `${method} ${path}`).toBe(400);
      }
    }
    expect(app.handled()).toBe(0);
    for (const path of ['/form?q=%C3%A9t%C3%A9&x=100%&y=%zz&z=a+b', '/form?', '/form?a&b=']) {
      expect((await app.send({ method: 'GET', path })).status, path).toBe(200);
    }
  });

  it('keeps serving after a client that leaves mid-body', async () => {
    const app = await start();
    const res = await exchange(
      app.port,
      [
        'POST /form HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n' +
          'Content-Length: 1000\r\n\r\na=1',
      ],
      200,
    );
    expect(res.text).toBe('');
    expect(app.handled()).toBe(0);
    expect((await app.send({ headers: URLENCODED, body: 'a=1' })).status).toBe(200);
  });
});

describe('connection: close when a body is left unread', () => {
  const post = (path: string, size: number) =>
    `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
    `Content-Length: ${size}\r\n\r\n`;
  const next = 'GET /form HTTP/1.1\r\nHost: x\r\n\r\n';

  it('closes the socket promptly after an answer given before the body was read', async () => {
    const app = await start();
    const body = 'a'.repeat(200_000);
    for (const path of ['/half-read', '/unknown-host']) {
      const res = await exchange(app.port, [post(path, body.length), body, next], 3000);
      expect(res.text, path).toMatch(/\r\nConnection: close\r\n/i);
      // Before: a keep-alive socket hung here for the whole keep-alive timeout.
      expect(res.closedAfterMs, path).not.toBeNull();
      expect(res.closedAfterMs!, path).toBeLessThan(2000);
    }
  });

  it('keeps the connection for the next request once the body was read', async () => {
    const app = await start();
    const body = 'a=1';
    for (const path of ['/form', '/refused']) {
      const res = await exchange(app.port, [post(path, body.length), body, next], 500);
      // Both answers on one socket (the second follows the first's body on the same line).
      expect(res.text.match(/HTTP\/1\.1 \d{3} /g), path).toHaveLength(2);
      expect(res.text, path).not.toMatch(/Connection: close/i);
    }
  });

  it('closes after a GET that came with a body nobody reads', async () => {
    const app = await start();
    const body = 'a'.repeat(200_000);
    const res = await exchange(
      app.port,
      [`GET /form HTTP/1.1\r\nHost: x\r\nContent-Length: ${body.length}\r\n\r\n`, body],
      3000,
    );
    expect(res.text).toMatch(/^HTTP\/1\.1 200 /);
    expect(res.closedAfterMs).not.toBeNull();
  });
});

describe('request gate: streamed posts (the content forms)', () => {
  const KB = 1024;
  const LIMITS: BodyLimit[] = [
    { prefix: '/up', bytes: 64 * KB, streamed: true, textBytes: 2 * KB },
  ];

  /**
   * A gate with one streamed path; the handler says what the gate kept, then reads the body with
   * bodyStream (as the Remix adapter does) unless told to answer without reading.
   */
  async function startStreamed() {
    const app = express();
    app.use(closeWhenBodyUnread);
    app.use(requestGate({ limits: LIMITS }));
    app.post('*', async (req, res, next) => {
      const body = gatedBody(req)!;
      if (req.query.answer === 'early') {
        res.status(429).send('limited');
        return;
      }
      let read = 0;
      try {
        if (body.bytes) read = body.bytes.length;
        else {
          const reader = bodyStream(req, body.limit).getReader();
          for (let part = await reader.read(); !part.done; part = await reader.read()) {
            read += part.value.byteLength;
          }
        }
      } catch (error) {
        return next(error);
      }
      res.json({ gateRead: body.bytes !== null, limit: body.limit, read });
    });
    app.use((error: { status?: number }, _req: Request, res: Response, _next: NextFunction) => {
      res.status(error.status ?? 500).send(`error ${error.status ?? 500}`);
    });
    const server = app.listen(0, '127.0.0.1');
    servers.push(server);
    await new Promise((r) => server.once('listening', r));
    return (server.address() as AddressInfo).port;
  }

  const MULTIPART = 'multipart/form-data; boundary=b1';

  it('hands a multipart post on unread; the app reads it, bounded at the limit', async () => {
    const port = await startStreamed();
    const ok = await exchange(
      port,
      [
        `POST /up HTTP/1.1\r\nHost: x\r\nContent-Type: ${MULTIPART}\r\nContent-Length: 1000\r\n\r\n`,
        'x'.repeat(1000),
      ],
      1000,
    );
    expect(ok.text).toMatch(/^HTTP\/1\.1 200 /);
    expect(ok.text).toContain('{"gateRead":false,"limit":65536,"read":1000}');

    // Chunked, so only the stream can tell: refused as it passes the limit.
    const size = 100 * KB;
    const chunked = await exchange(
      port,
      [
        `POST /up HTTP/1.1\r\nHost: x\r\nContent-Type: ${MULTIPART}\r\nTransfer-Encoding: chunked\r\n\r\n`,
        `${size.toString(16)}\r\n${'x'.repeat(size)}\r\n0\r\n\r\n`,
      ],
      2000,
    );
    expect(chunked.text).toMatch(/^HTTP\/1\.1 413 /);
  });

  it('refuses a declared length over the limit before reading, and closes after an early answer', async () => {
    const port = await startStreamed();
    const over = await exchange(
      port,
      [
        `POST /up HTTP/1.1\r\nHost: x\r\nContent-Type: ${MULTIPART}\r\nContent-Length: ${65 * KB}\r\n\r\n`,
      ],
      2000,
    );
    expect(over.text).toMatch(/^HTTP\/1\.1 413 /);
    const body = 'x'.repeat(60 * KB);
    const early = await exchange(
      port,
      [
        `POST /up?answer=early HTTP/1.1\r\nHost: x\r\nContent-Type: ${MULTIPART}\r\nContent-Length: ${body.length}\r\n\r\n`,
        body,
      ],
      3000,
    );
    expect(early.text).toMatch(/^HTTP\/1\.1 429 /);
    expect(early.text).toMatch(/\r\nConnection: close\r\n/i);
    expect(early.closedAfterMs).not.toBeNull();
  });

  it('reads a urlencoded post there itself, at the text limit', async () => {
    const port = await startStreamed();
    const small = await exchange(
      port,
      [
        `POST /up HTTP/1.1\r\nHost: x\r\nContent-Type: ${URLENCODED['content-type']}\r\nContent-Length: 3\r\n\r\na=1`,
      ],
      1000,
    );
    expect(small.text).toContain('{"gateRead":true,"limit":2048,"read":3}');
    const big = await exchange(
      port,
      [
        `POST /up HTTP/1.1\r\nHost: x\r\nContent-Type: ${URLENCODED['content-type']}\r\nContent-Length: ${3 * KB}\r\n\r\n`,
      ],
      2000,
    );
    expect(big.text).toMatch(/^HTTP\/1\.1 413 /);
  });
});
