import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { IMAGES_DIR, startAdviewerService, type AdviewerService, type Ad } from './index';
import { CATALOGUE } from './catalogue';
import { MAX_COUNTED_IDS } from './http';

/** Wednesday Nov 25 2026, noon in Denver (UTC−7 in winter). */
const WEDNESDAY_NOON = new Date('2026-11-25T19:00:00Z');

function recordingLogger() {
  const errors: unknown[] = [];
  const warnings: unknown[] = [];
  const noop = () => undefined;
  return {
    errors,
    warnings,
    debug: noop,
    info: noop,
    warn: (obj: object) => warnings.push(obj),
    error: (obj: object) => errors.push(obj),
  };
}

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** A request exactly as given (no URL normalisation, any method), over node:http. */
function raw(
  base: string,
  method: string,
  target: string,
  options: { headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<Raw> {
  const { hostname, port } = new URL(base);
  const headers = { ...options.headers };
  // Node sends a GET body unframed unless told its length.
  if (options.body !== undefined && !headers['Transfer-Encoding']) {
    headers['Content-Length'] = String(Buffer.byteLength(options.body));
  }
  return new Promise((resolve, reject) => {
    const req = http.request(
      { hostname, port, method, path: target, headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    req.on('error', reject);
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}

describe('reference ad viewer over HTTP', () => {
  let service: AdviewerService;
  let now = WEDNESDAY_NOON;
  const logger = recordingLogger();

  const authenticate = async (page: string) => {
    const res = await fetch(`${service.url}/${page}/api/account/authenticate`, { method: 'POST' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { authToken: string };
    expect(typeof body.authToken).toBe('string');
    return body.authToken;
  };
  const content = (page: string, token: string | null, query = '?itemView=true') =>
    fetch(`${service.url}/${page}/api/content${query}`, {
      headers: token === null ? {} : { Authorization: `Bearer ${token}` },
    });
  const ads = async (page: string) => {
    const res = await content(page, await authenticate(page));
    expect(res.status).toBe(200);
    return ((await res.json()) as { adPages: Ad[] }).adPages;
  };

  beforeAll(async () => {
    service = await startAdviewerService({
      tenantsDir: 'tenants',
      contentDir: 'content',
      now: () => now,
      logger,
    });
  });
  afterAll(async () => {
    await service?.close();
  });
  afterEach(() => {
    now = WEDNESDAY_NOON;
    // No request may have ended in an unexpected (logged) failure.
    expect(logger.errors).toEqual([]);
  });

  describe('pages', () => {
    it('serves every store page and each retailer page of the demo brands', () => {
      for (const page of ['dans', 'dans-holladay', 'dans-park-city', 'lins', 'lins-cedar-city']) {
        expect(service.pages.has(page)).toBe(true);
      }
      expect(service.pages.get('lins-elko')).toMatchObject({ brand: 'lins', title: "Lin's Elko" });
      expect(service.pages.get('lins-elko')?.stores).toHaveLength(6);
      expect(service.health().pages).toBe(service.pages.size);
    });

    it('reload() serves a brand dropped in while running', async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'adviewer-'));
      const brand = (site: string, page: string) => {
        fs.mkdirSync(path.join(dir, 'content', site), { recursive: true });
        fs.writeFileSync(
          path.join(dir, 'tenants', `${site}.json`),
          JSON.stringify({ sitePath: site, retailerName: `${site} Grocer` }),
        );
        fs.writeFileSync(
          path.join(dir, 'content', site, 'retailer-info.json'),
          JSON.stringify({ adviewerPage: site, locations: [{ name: 'Main', adviewerPage: page }] }),
        );
      };
      fs.mkdirSync(path.join(dir, 'tenants'));
      brand('first', 'first-main');
      const own = await startAdviewerService({
        tenantsDir: path.join(dir, 'tenants'),
        contentDir: path.join(dir, 'content'),
        logger: recordingLogger(),
      });
      try {
        const authenticate = (page: string) =>
          fetch(`${own.url}/${page}/api/account/authenticate`, { method: 'POST' });
        expect((await authenticate('second-main')).status).toBe(404);
        brand('second', 'second-main');
        expect(own.reload()).toBe(4);
        expect((await authenticate('second-main')).status).toBe(200);
        expect(own.health().pages).toBe(4);
      } finally {
        await own.close();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });

    it('skips tenant and store files that do not parse, keeping the others', async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'adviewer-'));
      try {
        fs.mkdirSync(path.join(dir, 'tenants'));
        fs.mkdirSync(path.join(dir, 'content', 'good'), { recursive: true });
        fs.mkdirSync(path.join(dir, 'content', 'broken'), { recursive: true });
        fs.writeFileSync(path.join(dir, 'tenants', 'bad.json'), '{ not json');
        fs.writeFileSync(path.join(dir, 'tenants', 'nosite.json'), '{"retailerName": 3}');
        fs.writeFileSync(
          path.join(dir, 'tenants', 'good.json'),
          JSON.stringify({ sitePath: 'good', retailerName: 'Good Grocer' }),
        );
        fs.writeFileSync(
          path.join(dir, 'tenants', 'broken.json'),
          JSON.stringify({ sitePath: 'broken' }),
        );
        fs.writeFileSync(
          path.join(dir, 'content', 'good', 'retailer-info.json'),
          JSON.stringify({
            adviewerPage: 'good',
            locations: [
              { name: 'Good Main', adviewerPage: 'good-main' },
              { name: 'Bad Name', adviewerPage: '../escape' },
              { name: 'Hidden', adviewerPage: 'good-hidden', hidden: true },
            ],
          }),
        );
        fs.writeFileSync(path.join(dir, 'content', 'broken', 'retailer-info.json'), '[');
        const own = recordingLogger();
        const other = await startAdviewerService({
          tenantsDir: path.join(dir, 'tenants'),
          contentDir: path.join(dir, 'content'),
          logger: own,
        });
        try {
          expect([...other.pages.keys()].sort()).toEqual(['good', 'good-hidden', 'good-main']);
          // A hidden store keeps its page but is not offered in the picker.
          expect(other.pages.get('good')?.stores).toEqual([
            { page: 'good-main', name: 'Good Main' },
          ]);
          expect(own.warnings.length).toBeGreaterThanOrEqual(3);
          expect(own.errors).toEqual([]);
        } finally {
          await other.close();
        }
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  });

  describe('authenticate and content', () => {
    it.each(['dans-holladay', 'lins-cedar-city'])(
      'returns this and next week’s ads of store page %s',
      async (page) => {
        const list = await ads(page);
        const current = list.filter((a) => a.adDateInfo === 'Valid Wed, Nov 25 - Tue, Dec 1');
        const next = list.filter((a) => a.adDateInfo === 'Valid Wed, Dec 2 - Tue, Dec 8');
        expect(current.length + next.length).toBe(list.length);
        for (const week of [current, next]) {
          expect(week.length).toBeGreaterThanOrEqual(12);
          expect(week.length).toBeLessThanOrEqual(20);
        }
        // The last second of Tuesday in Denver (UTC−7 in December).
        expect(new Set(current.map((a) => a.endDate))).toEqual(
          new Set(['2026-12-02T06:59:59.000Z']),
        );
        expect(new Set(next.map((a) => a.endDate))).toEqual(new Set(['2026-12-09T06:59:59.000Z']));
        expect(new Set(list.map((a) => a.adPageId)).size).toBe(list.length);
        for (const ad of list) {
          expect(Object.keys(ad).sort()).toEqual([
            'adComponents',
            'adDateInfo',
            'adPageId',
            'endDate',
          ]);
          for (const c of ad.adComponents) {
            expect(Object.keys(c).sort()).toEqual([
              'adComponentId',
              'componentName',
              'componentType',
              'componentValue',
              'offsetX',
              'offsetY',
            ]);
            expect(['PRODUCTIMAGE', 'THEMEIMAGE', 'PRODUCTDETAILS', 'CUSTOMTEXT']).toContain(
              c.componentType,
            );
            expect(typeof c.offsetX).toBe('number');
            expect(typeof c.offsetY).toBe('number');
          }
        }
        const names = new Set(list.flatMap((a) => a.adComponents.map((c) => c.componentName)));
        for (const name of ['TITLE', 'PRICE', 'UNIT', 'DESCRIPTION', 'HEALTHYOPTIONATTRIBUTE']) {
          expect(names).toContain(name);
        }
        const isImage = (c: Ad['adComponents'][number]) =>
          c.componentType === 'PRODUCTIMAGE' || c.componentType === 'THEMEIMAGE';
        const details = (a: Ad) =>
          a.adComponents.filter(
            (c) => c.componentType === 'PRODUCTDETAILS' && c.componentName !== 'TITLE',
          );
        // Some blocks fail the site's card rules: one without an image, one without details.
        expect(current.some((a) => !a.adComponents.some(isImage))).toBe(true);
        expect(current.some((a) => details(a).length === 0)).toBe(true);
        // Prices like '$3.99' and '2/$5' and a 'Limit' line appear somewhere in the two weeks.
        const values = list.flatMap((a) => a.adComponents.map((c) => c.componentValue));
        expect(values.some((v) => /^\$\d+\.\d\d$/.test(v))).toBe(true);
        expect(values.some((v) => /^\d+\/\$\d+$/.test(v))).toBe(true);
        expect(values.some((v) => /^Limit \d+$/.test(v))).toBe(true);
      },
    );

    it('gives the same ads on every call and different ones per page', async () => {
      const first = await ads('dans-holladay');
      expect(await ads('dans-holladay')).toEqual(first);
      expect(await ads('dans-sandy')).not.toEqual(first);
    });

    it('dates the weeks in Denver: Tuesday night is still the old week, Wednesday a new one', async () => {
      now = new Date('2026-12-02T06:30:00Z'); // Tue Dec 1, 23:30 in Denver
      expect((await ads('dans'))[0].adDateInfo).toBe('Valid Wed, Nov 25 - Tue, Dec 1');
      now = new Date('2026-12-02T07:00:00Z'); // Wed Dec 2, 00:00 in Denver
      expect((await ads('dans'))[0].adDateInfo).toBe('Valid Wed, Dec 2 - Tue, Dec 8');
      now = new Date('2026-07-01T05:30:00Z'); // Tue Jun 30, 23:30 daylight time (UTC−6)
      const summer = await ads('dans');
      expect(summer[0].adDateInfo).toBe('Valid Wed, Jun 24 - Tue, Jun 30');
      expect(summer[0].endDate).toBe('2026-07-01T05:59:59.000Z');
    });

    it('refuses content without a token, with a bad, expired or other page’s token', async () => {
      const token = await authenticate('dans-holladay');
      for (const [header, why] of [
        [null, 'none'],
        ['garbage', 'not a token'],
        [`${token}x`, 'altered signature'],
        [`${token.split('.')[0]}.${'A'.repeat(43)}`, 'forged signature'],
        [await authenticate('dans-sandy'), 'another page'],
        ['a'.repeat(5000), 'oversized'],
      ] as const) {
        const res = await content('dans-holladay', header);
        expect(res.status, why).toBe(401);
        expect(await res.json()).toHaveProperty('error');
      }
      const basic = await fetch(`${service.url}/dans-holladay/api/content?itemView=true`, {
        headers: { Authorization: `Basic ${token}` },
      });
      expect(basic.status).toBe(401);
      now = new Date(WEDNESDAY_NOON.getTime() + 59 * 60_000);
      expect((await content('dans-holladay', token)).status).toBe(200);
      now = new Date(WEDNESDAY_NOON.getTime() + 61 * 60_000);
      expect((await content('dans-holladay', token)).status).toBe(401);
    });

    it('wants itemView=true and a known page', async () => {
      const token = await authenticate('lins');
      for (const query of ['', '?itemView=false', '?itemView=TRUE', '?itemView=']) {
        expect((await content('lins', token, query)).status, query).toBe(400);
      }
      const unknown = await fetch(`${service.url}/no-such-page/api/account/authenticate`, {
        method: 'POST',
      });
      expect(unknown.status).toBe(404);
      expect(unknown.headers.get('content-type')).toMatch(/application\/json/);
      expect((await content('no-such-page', token)).status).toBe(404);
    });

    it('ignores an authenticate body of a reasonable size', async () => {
      const res = await fetch(`${service.url}/dans/api/account/authenticate`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ anything: 'x'.repeat(1000) }),
      });
      expect(res.status).toBe(200);
    });
  });

  describe('images', () => {
    const image = (name: string) => fetch(`${service.url}/images/afs/products/${name}`);

    it('serves every catalogue image under its lowercased value, png or jpg only', async () => {
      const png = await image('produce-bananas.png');
      expect(png.status).toBe(200);
      expect(png.headers.get('content-type')).toBe('image/png');
      expect(png.headers.get('cache-control')).toMatch(/max-age=\d{6,}/);
      const bytes = Buffer.from(await png.arrayBuffer());
      expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
      // A jpg-only item: its png is missing, its jpg is there.
      expect((await image('produce-avocados.png')).status).toBe(404);
      const jpg = await image('produce-avocados.jpg');
      expect(jpg.status).toBe(200);
      expect(jpg.headers.get('content-type')).toBe('image/jpeg');
      expect(Buffer.from(await jpg.arrayBuffer())[0]).toBe(0xff);
      // The mixed-case value as named in the ad is not a file: clients lowercase it.
      expect((await image('Produce-Bananas.png')).status).toBe(404);
      expect((await image('nothing.png')).status).toBe(404);
      expect((await image('produce-bananas.gif')).status).toBe(404);
    });

    it('has a committed file under 8 KB for every image an ad names', () => {
      const files = new Set(fs.readdirSync(IMAGES_DIR));
      const jpgOnly = CATALOGUE.filter((i) => i.ext === 'jpg');
      expect(jpgOnly.length).toBeGreaterThanOrEqual(3);
      for (const item of CATALOGUE) {
        const file = `${item.image.toLowerCase()}.${item.ext}`;
        expect(files, file).toContain(file);
        expect(fs.statSync(path.join(IMAGES_DIR, file)).size).toBeLessThanOrEqual(8192);
      }
    });

    it('answers 304 to a matching ETag', async () => {
      const first = await image('dairy-butter.jpg');
      const etag = first.headers.get('etag') ?? '';
      expect(etag).not.toBe('');
      const again = await fetch(`${service.url}/images/afs/products/dairy-butter.jpg`, {
        headers: { 'If-None-Match': etag },
      });
      expect(again.status).toBe(304);
    });
  });

  describe('viewer page', () => {
    const page = async (target: string) => {
      const res = await fetch(`${service.url}${target}`);
      return { res, html: await res.text() };
    };

    it('shows this week’s flyer of a store with a shopper token', async () => {
      const { res, html } = await page('/dans-holladay?token=shopper.jwt.value');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(res.headers.get('x-frame-options')).toBeNull();
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain('frame-ancestors *');
      expect(csp).toContain("default-src 'none'");
      const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce).toBeTruthy();
      expect(html).toContain(`<script nonce="${nonce}">`);
      expect(html).toContain(`<style nonce="${nonce}">`);
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(html).toContain('Dan&#39;s Holladay Weekly Ad');
      expect(html).toContain('Valid Wed, Nov 25 - Tue, Dec 1');
      // Every product of this week's ad, with its price and image.
      const list = await ads('dans-holladay');
      const titles = list
        .filter((a) => a.adDateInfo.startsWith('Valid Wed, Nov 25'))
        .flatMap((a) => a.adComponents.filter((c) => c.componentName === 'TITLE'));
      expect(titles.length).toBeGreaterThan(10);
      for (const title of titles) {
        expect(html).toContain(`<h2>${title.componentValue.replace(/'/g, '&#39;')}</h2>`);
      }
      expect(html).toMatch(/<p class="price">[^<]*\$\d/);
      expect(html).toMatch(/src="\/images\/afs\/products\/[a-z0-9-]+\.(png|jpg)"/);
      // No resource from elsewhere.
      expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
      // Signed in: no sign-in button; the picker keeps the token.
      expect(html).not.toContain('id="sign-in"');
      expect(html).toContain('<input type="hidden" name="token" value="shopper.jwt.value">');
      expect(html).toContain('<option value="dans-holladay" selected>');
    });

    it('shows the store picker with chooseStore and the sign-in message', async () => {
      const { res, html } = await page('/dans?chooseStore');
      expect(res.status).toBe(200);
      expect(html).toContain('Choose your store');
      expect(html).toContain('<form class="picker" method="get" action="/dans">');
      for (const store of ['dans-holladay', 'dans-foothill', 'dans-sandy', 'dans-park-city']) {
        expect(html).toContain(`<option value="${store}"`);
      }
      expect(html).not.toContain('lins-');
      expect(html).not.toContain('<ul class="grid">');
      expect(html).toContain('<button type="button" id="sign-in">Sign in</button>');
      expect(html).toContain("window.parent.postMessage({ type: 'sign-in' }, '*')");
      expect(html).toContain('<body>');
    });

    it('shows a chosen store’s ad and announces it to the parent', async () => {
      const { res, html } = await page('/lins?chooseStore&store=lins-elko');
      expect(res.status).toBe(200);
      expect(html).toContain('<body data-store-changed="lins-elko">');
      expect(html).toContain(
        "window.parent.postMessage({ type: 'store-changed', page: changed }, '*')",
      );
      expect(html).toContain('Lin&#39;s Elko Weekly Ad');
      expect(html).toContain('<ul class="grid">');
      // Another brand's store, or no store at all, is not a choice here.
      expect((await page('/lins?store=dans-sandy')).res.status).toBe(404);
      expect((await page('/lins?store=%3Cscript%3E')).res.status).toBe(404);
    });

    it('shows next week’s flyer on request and escapes what it echoes', async () => {
      const next = await page('/dans-sandy?week=next');
      expect(next.html).toContain('Valid Wed, Dec 2 - Tue, Dec 8');
      const hostile = await page(
        `/dans?token=${encodeURIComponent('"><script>alert(1)</script>')}`,
      );
      expect(hostile.res.status).toBe(200);
      expect(hostile.html).not.toContain('<script>alert(1)</script>');
      expect(hostile.html).toContain('&#34;&#62;&#60;script&#62;');
      expect((await page('/no-such-page?chooseStore')).res.status).toBe(404);
    });
  });

  describe('ad studio', () => {
    it('counts views and clicks per post id in its health output', async () => {
      const put = (id: string, kind: string) =>
        fetch(`${service.url}/websites/posts/${id}/${kind}`, { method: 'PUT' });
      for (const [id, kind] of [
        ['banner-1', 'view'],
        ['banner-1', 'view'],
        ['banner-1', 'click'],
        ['Banner_2', 'view'],
      ]) {
        const res = await put(id, kind);
        expect(res.status).toBe(204);
        expect(await res.text()).toBe('');
      }
      const health = (await (await fetch(`${service.url}/healthz`)).json()) as {
        ok: boolean;
        pages: number;
        adStudio: { views: Record<string, number>; clicks: Record<string, number> };
      };
      expect(health.ok).toBe(true);
      expect(health.pages).toBe(service.pages.size);
      expect(health.adStudio.views).toMatchObject({ 'banner-1': 2, Banner_2: 1 });
      expect(health.adStudio.clicks).toMatchObject({ 'banner-1': 1 });
      expect(health.adStudio.clicks).not.toHaveProperty('Banner_2');
      expect(service.health().adStudio.views['banner-1']).toBe(2);
      expect((await put('banner-1', 'like')).status).toBe(404);
      expect((await put('bad%20id', 'view')).status).toBe(400);
      expect((await put('x'.repeat(101), 'view')).status).toBe(400);
      const get = await fetch(`${service.url}/websites/posts/banner-1/view`);
      expect(get.status).toBe(405);
      expect(get.headers.get('allow')).toBe('PUT');
      expect(MAX_COUNTED_IDS).toBeGreaterThan(1000);
    });
  });

  describe('bad input never a 5xx', () => {
    it('refuses a body over 16 KB with 413, on any route', async () => {
      for (const [method, target] of [
        ['POST', '/dans/api/account/authenticate'],
        ['PUT', '/websites/posts/banner-1/view'],
        ['GET', '/dans?chooseStore'],
      ]) {
        const res = await raw(service.url, method, target, { body: 'x'.repeat(100_000) });
        expect(res.status, `${method} ${target}`).toBe(413);
      }
      // Chunked, no declared length: still cut off.
      const chunked = await raw(service.url, 'POST', '/dans/api/account/authenticate', {
        headers: { 'Transfer-Encoding': 'chunked' },
        body: Buffer.alloc(40_000, 0x61),
      });
      expect(chunked.status).toBe(413);
      expect(service.health().adStudio.views['banner-1']).toBe(2);
    });

    it('answers odd paths, encodings and methods with a 4xx', async () => {
      const cases: [string, string, number][] = [
        ['GET', '/%E0%A4%A', 400],
        ['GET', '/dans%ZZ/api/content?itemView=true', 400],
        ['POST', '/dans/%/api/account/authenticate', 400],
        ['GET', '/dans%00', 400],
        ['GET', '/', 404],
        ['GET', '//', 400],
        ['GET', '/images/afs/products/', 404],
        ['GET', '/images/afs/products/..%2F..%2Fpackage.json', 404],
        ['GET', '/images/afs/products/%2e%2e/index.ts', 404],
        ['GET', '/dans/api', 404],
        ['GET', '/dans/api/content/extra', 404],
        ['GET', `/${'a'.repeat(5000)}`, 404],
        ['DELETE', '/dans', 405],
        ['PATCH', '/dans/api/account/authenticate', 405],
        ['GET', '/dans/api/account/authenticate', 405],
        ['POST', '/dans/api/content?itemView=true', 405],
        ['OPTIONS', '/healthz', 405],
        ['PROPFIND', '/dans', 405],
        ['PUT', '/healthz', 405],
        ['DELETE', '/websites/posts/x/view', 405],
      ];
      for (const [method, target, status] of cases) {
        const res = await raw(service.url, method, target);
        expect(res.status, `${method} ${target}`).toBe(status);
        expect(() => JSON.parse(res.text), `${method} ${target}`).not.toThrow();
      }
      const head = await raw(service.url, 'HEAD', '/images/afs/products/produce-bananas.png');
      expect(head.status).toBe(200);
      expect(head.text).toBe('');
      const junkAuth = await raw(service.url, 'GET', '/dans/api/content?itemView=true', {
        headers: { Authorization: 'Bearer \u00ff\u00fe' },
      });
      expect(junkAuth.status).toBe(401);
    });
  });
});
