import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_GZIP_LEVEL, responseCompression } from './compress';

/** Text that compresses differently at each level (a page's repetitive markup). */
const body = Array.from(
  { length: 3000 },
  (_, i) => `<li class="item-${i % 37}"><a href="/p/${(i * 7919) % 1000}">Item ${i}</a></li>`,
).join('\n');

let server: http.Server;
let port: number;

beforeAll(async () => {
  const app = express();
  app.use(responseCompression());
  app.get('/build/app-1234.js', (_req, res) => res.type('application/javascript').send(body));
  app.get('/page', (_req, res) => res.type('text/html').send(body));
  app.get('/tiny', (_req, res) => res.type('text/html').send('<p>hello</p>'));
  server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise((r) => server.close(r)));

function get(path: string) {
  return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, headers: { 'accept-encoding': 'gzip' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

const gzipAt = (level: number) => zlib.gzipSync(body, { level }).length;

describe('response compression', () => {
  it('compresses pages at PAGE_GZIP_LEVEL, cheaper than the default', async () => {
    expect(gzipAt(PAGE_GZIP_LEVEL)).not.toBe(gzipAt(6));
    const page = await get('/page');
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(page.body).toString('utf8')).toBe(body);
    expect(page.body.length).toBe(gzipAt(PAGE_GZIP_LEVEL));
  });

  it('compresses the fingerprinted bundles at the default level (every byte counts)', async () => {
    const asset = await get('/build/app-1234.js');
    expect(asset.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(asset.body).toString('utf8')).toBe(body);
    expect(asset.body.length).toBe(gzipAt(6));
  });

  it('sends a tiny body as it is', async () => {
    const tiny = await get('/tiny');
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString('utf8')).toBe('<p>hello</p>');
  });
});
