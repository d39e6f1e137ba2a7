import fs from 'node:fs';
import path from 'node:path';
import { ODD_SNIPPETS, ODD_TARGETS, validForms } from '../../test/fuzz-forms';

/**
 * What e2e/ops/fuzz.spec.ts sends: every action route (read from app/routes, so a new form is fuzzed
 * too) and other pages, documents and their `.data` addresses, with every body shape, odd methods,
 * odd redirect targets, every field of every valid form with odd characters in it, and random
 * mutations; as a guest and signed in. The brand whose demo shopper signs in: SITE.
 */

export const SITE = 'lins';

// --- What to post where ------------------------------------------------------------------------

/** `app/routes/<file>.tsx` → its address (flat routes: `.` is `/`, `_index` an index route). */
function routeAddress(file: string): string {
  const segments: string[] = [];
  let index = false;
  for (const part of file.replace(/\.tsx$/, '').split('.')) {
    if (part === '_index') index = true;
    else if (part.startsWith('$')) segments.push('x');
    else if (!part.startsWith('_')) segments.push(part.replace(/_$/, ''));
  }
  return `/${segments.join('/')}${index ? '?index' : ''}`;
}

/** Every route with an action, from the routes folder (so a new form is fuzzed too). */
const ACTION_ROUTES = fs
  .readdirSync('app/routes')
  .filter((f) =>
    /export\s+(async\s+function\s+action\b|const\s+action\b|\{[^}]*\baction\b)/.test(
      fs.readFileSync(path.join('app/routes', f), 'utf8'),
    ),
  )
  .map(routeAddress);

/**
 * The demo content forms, posted to by their real slugs (the routes folder gives `/forms/x`, a
 * form no brand has: a 404 for every post).
 */
const FORM_ROUTES = ['/forms/customer-service', '/forms/ad-request'];

/** Pages without an action (a post is a 405), a missing page, files and the health check. */
const OTHER_ROUTES = [
  '/',
  '/posts',
  '/posts/recipes',
  '/search?q=x',
  '/digital-coupons/help',
  '/locations?q=84770',
  '/locations?lat=91&lng=x&q=%00',
  '/locations/lins-st-george',
  '/locations/no-such-store',
  '/locations/map.svg?v=x',
  '/weekly-ad?location=0021&q=apples',
  '/weekly-ad?location=%00%ff..%2F&q=%3Cscript%3E%e2%80',
  `/weekly-ad?location=${'9'.repeat(300)}&location=lins-elko&q=${'x'.repeat(300)}`,
  '/weekly-ad/preview?page=lins-elko',
  '/weekly-ad/preview?page=%00',
  '/account/receipts',
  '/account/receipts?open=%00&count=999999',
  '/rewards',
  '/rewards?details=%00&coupon=..%2F%ff',
  `/rewards?details=points&details=x&coupon=${'9'.repeat(300)}`,
  '/rewards/viewer',
  '/card',
  '/card?x=%00',
  '/sso/account',
  '/sso/account?oauth=%00',
  '/forms/customer-service/sent',
  '/no-such-page',
  '/error/400',
  '/theme/x.css',
  '/images/x.png',
  '/build/x.js',
  '/healthz',
];

/** A reset link's token: the length of a real one, so the page goes as far as the store. */
export const RESET_TOKEN = 'A'.repeat(43);

/**
 * Pages and forms that read their query string, to carry a NUL or text that is not UTF-8 in it
 * (the request gate answers 400 before any loader, action or store sees it).
 */
const QUERY_ROUTES = [
  `/reset-password?token=${RESET_TOKEN}`,
  '/login',
  '/login?redirectTo=/account',
  '/register',
  '/digital-coupons',
  '/digital-coupons?index',
  '/locations',
  '/search',
  '/weekly-ad',
  '/account?index',
  '/rewards',
  '/sso/login',
  '/home-store',
  '/forms/customer-service',
  '/login.data',
];

/** A NUL (escaped, in a value and in a name) and bytes that are not UTF-8, as a query adds them. */
export const BAD_QUERY_TEXT = [
  'address=%00',
  'a%00b=1',
  'q=%C3%28',
  'redirectTo=%FF',
  'page=%E2%82',
  'tab=%ED%A0%80',
];

/** The single-fetch address of a route (`/login.data`, `/account.data?index`, `/_root.data`). */
function dataAddress(address: string): string {
  const [pathname, query] = address.split('?');
  const base = pathname === '/' ? '/_root' : pathname;
  return `${base}.data${query ? `?${query}` : ''}`;
}

const STORES = (
  JSON.parse(fs.readFileSync(`content/${SITE}/retailer-info.json`, 'utf8')) as {
    locations: { storeNumber: string }[];
  }
).locations.map((l) => l.storeNumber);

const VALID = validForms(STORES);

// --- Bodies ------------------------------------------------------------------------------------

export interface Shot {
  what: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: Buffer;
  /** Sent in chunks, without a Content-Length. */
  chunked?: boolean;
  /** Signed in (the shopper's cookie) or a guest. */
  signedIn: boolean;
  /** Origin header: the brand's (default), none, or another site's. */
  origin?: 'brand' | 'none' | 'evil';
}

export const urlencoded = (fields: [string, string][]) =>
  Buffer.from(new URLSearchParams(fields).toString());

/** A form's fields with one set to a value (replaced where the form has it, else added). */
const withField = (form: Record<string, string>, name: string, value: string) =>
  Object.entries({ ...form, [name]: value });

function multipartBody(boundary: string, fields: [string, string][], file = false): Buffer {
  const parts = fields.map(
    ([name, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  if (file) {
    parts.push(
      `--${boundary}\r\nContent-Disposition: form-data; name="upload"; filename="a.bin"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n\u0000\u00ff binary\r\n',
    );
  }
  return Buffer.from(`${parts.join('')}--${boundary}--\r\n`, 'utf8');
}

export const URLENC = { 'content-type': 'application/x-www-form-urlencoded' };

/** Every body shape for one route, from one of its valid forms. */
function bodyShapes(fields: [string, string][]): Omit<Shot, 'path' | 'signedIn'>[] {
  const good = urlencoded(fields);
  const multi = multipartBody('FuzzBoundary7', fields, true);
  return [
    { what: 'urlencoded valid', method: 'POST', headers: URLENC, body: good },
    {
      what: 'urlencoded garbage',
      method: 'POST',
      headers: URLENC,
      body: Buffer.from('%%%&&==&a=%ZZ&=&==x&%E0%A4%A&\u00ff', 'latin1'),
    },
    {
      what: 'multipart valid',
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=FuzzBoundary7' },
      body: multi,
    },
    {
      what: 'multipart broken',
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=FuzzBoundary7' },
      body: multi.subarray(0, Math.floor(multi.length / 2)),
    },
    {
      what: 'multipart without boundary',
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data' },
      body: multi,
    },
    {
      what: 'json',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: Buffer.from(JSON.stringify(Object.fromEntries(fields))),
    },
    { what: 'text/plain', method: 'POST', headers: { 'content-type': 'text/plain' }, body: good },
    { what: 'no type', method: 'POST', body: good },
    { what: 'empty', method: 'POST' },
    {
      what: 'NUL escaped',
      method: 'POST',
      headers: URLENC,
      body: Buffer.concat([good, Buffer.from('&note=a%00b')]),
    },
    {
      what: 'NUL raw',
      method: 'POST',
      headers: URLENC,
      body: Buffer.concat([good, Buffer.from('&note=a\u0000b', 'latin1')]),
    },
    {
      what: 'non-UTF-8 bytes',
      method: 'POST',
      headers: URLENC,
      body: Buffer.concat([good, Buffer.from([0x26, 0x6e, 0x3d, 0xff, 0xfe, 0xc3, 0x28, 0x80])]),
    },
    {
      what: '70 KB',
      method: 'POST',
      headers: URLENC,
      body: Buffer.concat([good, Buffer.from(`&pad=${'x'.repeat(70_000)}`)]),
    },
    {
      what: '200 KB chunked',
      method: 'POST',
      headers: URLENC,
      body: Buffer.concat([good, Buffer.from(`&pad=${'x'.repeat(200_000)}`)]),
      chunked: true,
    },
    {
      what: 'many fields',
      method: 'POST',
      headers: URLENC,
      body: Buffer.from(Array.from({ length: 6000 }, (_, i) => `f${i}=1`).join('&')),
    },
    {
      what: 'gzip encoded',
      method: 'POST',
      headers: { ...URLENC, 'content-encoding': 'gzip' },
      body: good,
    },
  ];
}

/** A small seeded generator (mulberry32): the same requests on every run. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
  return { next, pick };
}

// --- The run -----------------------------------------------------------------------------------

/** Every request of the run, the same for a given seed. */
export function fuzzPlan(seed: number): Shot[] {
  const rnd = random(seed);
  const shots: Shot[] = [];
  const formOf = (route: string): [string, string][] =>
    Object.entries(rnd.pick(VALID[route.replace('.data', '')] ?? [{ a: '1' }]));
  const routes = [
    ...ACTION_ROUTES,
    ...ACTION_ROUTES.map(dataAddress),
    ...FORM_ROUTES,
    ...FORM_ROUTES.map(dataAddress),
    ...OTHER_ROUTES,
    dataAddress('/posts'),
  ];

  // Every route x every body shape x guest and signed in.
  for (const signedIn of [false, true]) {
    for (const route of routes) {
      for (const shape of bodyShapes(formOf(route)))
        shots.push({ ...shape, path: route, signedIn });
    }
  }

  // Methods the site does not serve, with and without a body, and OPTIONS.
  for (const signedIn of [false, true]) {
    for (const route of [
      '/',
      '/login',
      '/account?index',
      '/logout',
      '/no-such-page',
      '/login.data',
    ]) {
      for (const method of [
        'TRACE',
        'PUT',
        'DELETE',
        'PATCH',
        'OPTIONS',
        'PROPFIND',
        'MKCOL',
        'LOCK',
        'SEARCH',
      ]) {
        shots.push({ what: `${method}`, method, path: route, signedIn });
        shots.push({
          what: `${method} with body`,
          method,
          path: route,
          signedIn,
          headers: URLENC,
          body: urlencoded([['a', '1']]),
        });
      }
    }
  }

  // A NUL or text that is not UTF-8 in the query of pages and forms, read and posted (a valid
  // form, so nothing but the query is wrong).
  for (const signedIn of [false, true]) {
    for (const route of QUERY_ROUTES) {
      const key = route.startsWith('/reset-password') ? '/reset-password' : route;
      for (const bad of BAD_QUERY_TEXT) {
        const path = `${route}${route.includes('?') ? '&' : '?'}${bad}`;
        shots.push({ what: 'bad text in the query', method: 'GET', path, signedIn });
        shots.push({
          what: 'bad text in the query of a post',
          method: 'POST',
          path,
          signedIn,
          headers: URLENC,
          body: urlencoded(formOf(key)),
        });
      }
    }
  }

  // Odd redirect targets: in the query of pages, in the forms that carry one.
  for (const signedIn of [false, true]) {
    for (const target of ODD_TARGETS) {
      // URLSearchParams, not encodeURIComponent: a lone surrogate becomes U+FFFD, never a throw.
      const q = new URLSearchParams({ q: target }).toString().slice(2);
      shots.push({
        what: 'login redirectTo query',
        method: 'GET',
        path: `/login?redirectTo=${q}`,
        signedIn,
      });
      shots.push({
        what: 'login reason query',
        method: 'GET',
        path: `/login?reason=${q}&address=${q}&pane=${q}`,
        signedIn,
      });
      shots.push({
        what: 'coupons query',
        method: 'GET',
        path: `/digital-coupons?tab=${q}&sort=${q}&page=${q}`,
        signedIn,
      });
      shots.push({
        what: 'reset query',
        method: 'GET',
        path: `/reset-password?token=${q}&address=${q}`,
        signedIn,
      });
      shots.push({
        what: 'rewards query',
        method: 'GET',
        path: `/rewards?details=${q}&coupon=${q}`,
        signedIn,
      });
      shots.push({
        what: 'search query',
        method: 'GET',
        path: `/search?q=${q}&category=${q}`,
        signedIn,
      });
      for (const page of ['/sso/login', '/sso/register', '/sso/account']) {
        shots.push({
          what: `${page} oauth query`,
          method: 'GET',
          path: `${page}?oauth=${q}&pane=${q}&address=${q}`,
          signedIn,
        });
      }
      // A guest only: signed in, it would end the session the other requests replay.
      if (!signedIn) {
        shots.push({
          what: 'sso logout query',
          method: 'GET',
          path: `/sso/logout?client_id=${q}&post_logout_redirect_uri=${q}`,
          signedIn,
        });
      }
      shots.push({
        what: 'login redirectTo field',
        method: 'POST',
        path: '/login',
        signedIn,
        headers: URLENC,
        body: urlencoded(withField(VALID['/login'][0], 'redirectTo', target)),
      });
      shots.push({
        what: 'home store redirectTo field',
        method: 'POST',
        path: '/home-store',
        signedIn,
        headers: URLENC,
        body: urlencoded(withField(VALID['/home-store'][0], 'redirectTo', target)),
      });
      for (const base of VALID['/digital-coupons?index']) {
        shots.push({
          what: `coupons returnTo field (${base.intent})`,
          method: 'POST',
          path: '/digital-coupons?index',
          signedIn,
          headers: URLENC,
          body: urlencoded(withField(base, 'returnTo', target)),
        });
      }
    }
  }

  // Every field of every valid form with odd characters slipped into its value (so a value that
  // must start with `?` or `/` still does), as a guest and signed in.
  const SNIPPETS = ODD_SNIPPETS.filter((x) => !['\n', '\u007f', '%00', '/../', ' '].includes(x));
  for (const [route, forms] of Object.entries(VALID)) {
    for (const form of forms) {
      for (const [name, own] of Object.entries(form)) {
        for (const snippet of SNIPPETS) {
          const middle = Math.ceil(own.length / 2);
          const changed = own.slice(0, middle) + snippet + own.slice(middle);
          for (const signedIn of [false, true]) {
            shots.push({
              what: `${name} with ${JSON.stringify(snippet)}`,
              method: 'POST',
              path: route,
              signedIn,
              headers: URLENC,
              body: urlencoded(withField(form, name, changed)),
            });
          }
        }
      }
    }
  }

  // Files under the content forms' file fields: odd names and bytes, none of an accepted type,
  // and a real type under a lying name; as a guest and signed in.
  const FILE_NAMES = ['photo.jpg', 'a\u202e.gpj', '../../etc/passwd', 'x'.repeat(300), '', 'é.pdf'];
  const FILE_BYTES = [
    Buffer.from('\u0000\u00ff binary'),
    Buffer.from('%PDF-1.7\n'),
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1]),
    Buffer.alloc(0),
  ];
  for (const [route, field] of [
    ['/forms/customer-service', 'photo'],
    ['/forms/ad-request', 'artwork'],
  ] as const) {
    for (const name of FILE_NAMES) {
      for (const bytes of FILE_BYTES) {
        const boundary = 'FileFuzz9';
        const fields = multipartBody(boundary, Object.entries(rnd.pick(VALID[route])));
        const part = Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\n` +
              'Content-Type: image/jpeg\r\n\r\n',
          ),
          bytes,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]);
        shots.push({
          what: `file ${JSON.stringify(name.slice(0, 20))} (${bytes.length} bytes)`,
          method: 'POST',
          path: rnd.next() < 0.3 ? dataAddress(route) : route,
          signedIn: rnd.next() < 0.5,
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
          // The fields' closing boundary replaced by the file part.
          body: Buffer.concat([
            fields.subarray(0, fields.length - `--${boundary}--\r\n`.length),
            part,
          ]),
        });
      }
    }
  }

  // Random mutations of valid forms: a field replaced, odd characters slipped in, a field added.
  const ODD = [...SNIPPETS, ' ', 'x'.repeat(3000), ...ODD_TARGETS];
  const mutationRoutes = [...ACTION_ROUTES.filter((r) => r !== '/logout'), ...FORM_ROUTES];
  for (let i = 0; i < 500; i++) {
    const route = rnd.pick(mutationRoutes);
    const fields = formOf(route);
    const snippet = rnd.pick(ODD);
    if (fields.length && rnd.next() < 0.7) {
      const at = Math.floor(rnd.next() * fields.length);
      const [name, v] = fields[at];
      const cut = Math.floor(rnd.next() * (v.length + 1));
      fields[at] = [name, rnd.next() < 0.5 ? snippet : v.slice(0, cut) + snippet + v.slice(cut)];
    } else fields.push([rnd.pick(['intent', 'redirectTo', 'returnTo', snippet]), snippet]);
    const multipart = rnd.next() < 0.3;
    shots.push({
      what: `mutated ${multipart ? 'multipart' : 'urlencoded'}`,
      method: 'POST',
      path: rnd.next() < 0.2 ? dataAddress(route) : route,
      signedIn: rnd.next() < 0.6,
      origin: rnd.next() < 0.05 ? rnd.pick(['none', 'evil'] as const) : 'brand',
      ...(multipart
        ? {
            headers: { 'content-type': 'multipart/form-data; boundary=Mut8' },
            body: multipartBody('Mut8', fields),
          }
        : { headers: URLENC, body: urlencoded(fields) }),
    });
  }

  return shots;
}
