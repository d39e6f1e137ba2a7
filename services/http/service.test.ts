/**
 * The shared HTTP layer on its own: routing (static before parameters, 405 with its Allow list,
 * HEAD with GET, paths that do not decode), bounded bodies (declared or chunked past the limit,
 * a body that trickles, one cut off, JSON of any shape) and the tail (the service's error body,
 * its explanations, faults logged as 500, a body left unread closes the connection).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BodyError, readJson } from './body';
import { createRouter } from './router';
import { createServiceHandler, HttpError, type RouteHandler } from './service';

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** One request exactly as given; `trickle` sends the body a byte at a time, never ending it. */
function raw(
  base: string,
  method: string,
  target: string,
  options: { headers?: Record<string, string>; body?: string; trickle?: boolean } = {},
): Promise<Raw> {
  const { hostname, port } = new URL(base);
  const headers = { ...options.headers };
  if (options.body !== undefined && !headers['transfer-encoding'] && !headers['content-length']) {
    headers['content-length'] = String(Buffer.byteLength(options.body));
  }
  return new Promise((resolve, reject) => {
    const req = http.request(
      { hostname, port, method, path: target, headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('error', reject);
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          req.destroy();
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          });
        });
      },
    );
    req.on('error', reject);
    if (options.trickle) {
      req.write(options.body?.slice(0, 1) ?? '');
      return;
    }
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

function recordingLogger() {
  const errors: unknown[] = [];
  const warnings: unknown[] = [];
  return {
    errors,
    warnings,
    debug: () => undefined,
    warn: (obj: object) => warnings.push(obj),
    error: (obj: object) => errors.push(obj),
  };
}

class Refused extends Error {}

describe('the shared HTTP layer', () => {
  const logger = recordingLogger();
  let server: http.Server;
  let base = '';

  const LIMITS = { maxBytes: 1024 };
  const echo: RouteHandler = ({ params }) => ({ body: { params } });
  const router = createRouter<RouteHandler>()
    .on('GET', '/items/:id', echo)
    .on('GET', '/items/new', () => ({ body: { static: true } }))
    .on('PUT', '/items/:id', async ({ req }) => ({ body: { got: await readJson(req, LIMITS) } }))
    .on('POST', '/slow', async ({ req }) => ({
      body: { got: await readJson(req, { maxBytes: 1024, timeoutMs: 100 }) },
    }))
    .on('GET', '/html', () => ({ text: '<p>hi</p>', type: 'text/html; charset=utf-8' }))
    .on('GET', '/teapot', () => {
      throw new HttpError(418, 'Short and stout.', { 'x-kind': 'teapot' });
    })
    .on('GET', '/explained', () => {
      throw new Refused('the store said no');
    })
    .on('GET', '/bug', () => {
      throw new TypeError('a bug');
    })
    .on('GET', '/half', ({ res }) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('half');
      throw new Error('failed midway');
    });

  beforeAll(async () => {
    const handle = createServiceHandler({
      name: 'test',
      logger,
      router,
      errorBody: (error) => ({ problem: error.message }),
      refuse: (refusal) =>
        refusal === 'malformed' ? new HttpError(400, 'Not JSON, in our words.') : undefined,
      explain: (error) =>
        error instanceof Refused
          ? { error: new HttpError(503, 'Try later.'), level: 'warn', message: 'refused' }
          : undefined,
      headers: { pragma: 'no-cache' },
    });
    server = http.createServer((req, res) => void handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });
  afterEach(() => {
    logger.errors.length = 0;
    logger.warnings.length = 0;
  });

  describe('routing', () => {
    it('prefers a static segment to a parameter and decodes parameters', async () => {
      expect(JSON.parse((await raw(base, 'GET', '/items/new')).text)).toEqual({ static: true });
      const res = await raw(base, 'GET', '/items/a%2Fb%20c');
      expect(JSON.parse(res.text)).toEqual({ params: { id: 'a/b c' } });
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers.pragma).toBe('no-cache');
      expect((await raw(base, 'GET', '/items/x/')).status).toBe(200);
    });

    it('answers 404 to unknown paths and empty parameters, 405 with Allow to other methods', async () => {
      for (const target of ['/nope', '/items', '/items//', '/Items/x']) {
        const res = await raw(base, 'GET', target);
        expect(res.status, target).toBe(404);
        expect(JSON.parse(res.text), target).toEqual({ problem: 'Unknown route.' });
      }
      const res = await raw(base, 'DELETE', '/items/x');
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD, PUT');
      expect(JSON.parse(res.text)).toEqual({ problem: 'Method DELETE is not allowed here.' });
      const head = await raw(base, 'HEAD', '/items/x');
      expect(head.status).toBe(200);
      expect(head.text).toBe('');
    });

    it('refuses a target or path that does not decode with 400', async () => {
      for (const target of ['/items/%E0%A4%A', '/items/%ZZ', '/%', '//']) {
        const res = await raw(base, 'GET', target);
        expect(res.status, target).toBe(400);
        expect(JSON.parse(res.text).problem, target).toMatch(/^Malformed/);
      }
    });

    it('answers the case of a service that matches any case', () => {
      const loose = createRouter<string>({ caseSensitive: false }).on('GET', '/AppUsers/:id', 'x');
      expect(loose.match('GET', '/appusers/AbC')).toEqual({
        kind: 'found',
        handler: 'x',
        params: expect.objectContaining({ id: 'AbC' }),
      });
      const strict = createRouter<string>({ ignoreTrailingSlash: false, headWithGet: false });
      strict.on('GET', '/healthz', 'h');
      expect(strict.match('GET', '/healthz/').kind).toBe('not-found');
      expect(strict.match('HEAD', '/healthz')).toEqual({ kind: 'method', allowed: ['GET'] });
    });
  });

  describe('bodies', () => {
    it('parses JSON of any shape, and refuses what is not JSON in the service’s words', async () => {
      const put = (body: string) => raw(base, 'PUT', '/items/1', { body });
      expect(JSON.parse((await put('{"a":[1,null]}')).text)).toEqual({ got: { a: [1, null] } });
      expect(JSON.parse((await put('  ')).text)).toEqual({});
      for (const body of ['{"a":', '\u0000', '[[[[[[[[[[', "{'a':1}"]) {
        const res = await put(body);
        expect(res.status, body).toBe(400);
        expect(JSON.parse(res.text)).toEqual({ problem: 'Not JSON, in our words.' });
      }
    });

    it('refuses a body past the limit (413), declared or chunked, and closes the connection', async () => {
      const declared = await raw(base, 'PUT', '/items/1', { body: 'x'.repeat(1025) });
      expect(declared.status).toBe(413);
      expect(JSON.parse(declared.text)).toEqual({ problem: 'Request body is larger than 1 KB.' });
      expect(declared.headers.connection).toBe('close');
      const chunked = await raw(base, 'PUT', '/items/1', {
        headers: { 'transfer-encoding': 'chunked' },
        body: `"${'x'.repeat(2000)}"`,
      });
      expect(chunked.status).toBe(413);
    });

    it('answers 408 to a body that trickles past its time', async () => {
      const started = Date.now();
      const res = await raw(base, 'POST', '/slow', {
        headers: { 'content-length': '100' },
        body: '{',
        trickle: true,
      });
      expect(res.status).toBe(408);
      expect(res.headers.connection).toBe('close');
      expect(Date.now() - started).toBeLessThan(2000);
    });

    it('settles (aborted) when the client goes away mid-body', async () => {
      const req = new http.IncomingMessage(null as never);
      req.headers['content-length'] = '10';
      const reading = readJson(req, { maxBytes: 100 });
      req.push('{"a"');
      req.destroy();
      await expect(reading).rejects.toEqual(expect.any(BodyError));
      await expect(reading).rejects.toHaveProperty('reason', 'aborted');
    });
  });

  describe('the tail', () => {
    it('answers a route’s HttpError with its status, headers and the service’s body', async () => {
      const res = await raw(base, 'GET', '/teapot');
      expect(res.status).toBe(418);
      expect(res.headers['x-kind']).toBe('teapot');
      expect(JSON.parse(res.text)).toEqual({ problem: 'Short and stout.' });
      expect(logger.errors).toEqual([]);
    });

    it('answers what the service explains, logged at its level', async () => {
      const res = await raw(base, 'GET', '/explained');
      expect(res.status).toBe(503);
      expect(JSON.parse(res.text)).toEqual({ problem: 'Try later.' });
      expect(logger.warnings).toHaveLength(1);
      expect(logger.errors).toEqual([]);
    });

    it('answers any other failure 500 without its detail, and logs it', async () => {
      const res = await raw(base, 'GET', '/bug');
      expect(res.status).toBe(500);
      expect(JSON.parse(res.text)).toEqual({ problem: 'Internal error.' });
      expect(logger.errors).toHaveLength(1);
    });

    it('cuts the connection when the failure comes after the answer began', async () => {
      await expect(raw(base, 'GET', '/half')).rejects.toThrow();
      expect(logger.errors).toHaveLength(1);
    });

    it('sends a text reply with its type', async () => {
      const res = await raw(base, 'GET', '/html');
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.text).toBe('<p>hi</p>');
    });
  });

  it('hands what no route matches to a fallback, and keeps 405 for known paths', async () => {
    const fallbackRouter = createRouter<RouteHandler>().on('POST', '/own', () => ({ body: 1 }));
    const handle = createServiceHandler({
      name: 'fallback',
      logger,
      router: fallbackRouter,
      errorBody: (error) => ({ error: error.message }),
      fallback: (_req, res) => {
        res.writeHead(299);
        res.end('theirs');
      },
    });
    const other = http.createServer((req, res) => void handle(req, res));
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
    try {
      for (const target of ['/theirs', '/%ZZ', '//']) {
        expect((await raw(url, 'GET', target)).text, target).toBe('theirs');
      }
      expect((await raw(url, 'GET', '/own')).status).toBe(405);
    } finally {
      other.close();
    }
  });
});
