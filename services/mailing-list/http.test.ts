import crypto from 'node:crypto';
import http from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { recordingLogger, storeTargets, type RecordingLogger } from '../../test/stores';
import { SIGNUPS_PER_ADDRESS_PER_MINUTE } from './http';
import { startMailingListService, type MailingListService } from './index';

interface Raw {
  status: number;
  type: string;
  text: string;
  headers: http.IncomingHttpHeaders;
}

/** A shopper address of its own for each request (the per-address limit is tested apart). */
let sent = 0;
const nextAddress = () => `10.1.${Math.floor(sent / 250) % 250}.${(sent++ % 250) + 1}`;

/** One request with the target sent exactly as written (no URL normalisation). */
function raw(
  base: string,
  method: string,
  target: string,
  body?: string,
  extra: http.OutgoingHttpHeaders = { 'x-shopper-address': nextAddress() },
): Promise<Raw> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path: target,
        agent: false,
        headers: {
          ...extra,
          ...(body === undefined ? {} : { 'content-length': Buffer.byteLength(body) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            type: String(res.headers['content-type'] ?? ''),
            text: Buffer.concat(chunks).toString('utf8'),
            headers: res.headers,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const query = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

describe.each(storeTargets())('mailing-list HTTP API on $name', (target) => {
  let service: MailingListService;
  let logger: RecordingLogger;
  // Lists of their own: a shared PostgreSQL database may hold other runs' lists.
  const brand = `t${crypto.randomBytes(4).toString('hex')}`;
  const standard = brand;
  const ace = `${brand}-ace`;
  const pharmacy = `${brand}-pharmacy`;

  const get = async (target: string) => {
    const res = await raw(service.url, 'GET', target);
    return { ...res, body: JSON.parse(res.text) as Record<string, unknown> };
  };
  const subscribe = (list: string, fields: Record<string, string>) =>
    get(`/subscribe/${list}?${query(fields)}`);
  const member = (list: string, email: string) => get(`/lists/${list}/members?${query({ email })}`);

  beforeAll(async () => {
    logger = recordingLogger();
    service = await startMailingListService({
      dataDir: target.dataDir,
      databaseUrl: target.databaseUrl,
      logger,
    });
  });
  afterAll(async () => {
    await service?.close();
  });
  afterEach(() => {
    // No request may have ended in an unexpected (logged) error.
    expect(logger.errors).toEqual([]);
  });

  it('subscribes an address and stores its fields, the address lowercased', async () => {
    const res = await subscribe(standard, {
      EMAIL: 'Ava.Thompson@Example.com',
      FNAME: 'Ava',
      LNAME: 'Thompson',
      PHONE: '(435) 555-0101',
      MMERGE3: 'Lins Cedar City',
    });
    expect(res.status).toBe(200);
    expect(res.type).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({ result: 'success', msg: 'Thank you for subscribing!' });

    const found = await member(standard, 'ava.thompson@example.com');
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({
      list: standard,
      email: 'ava.thompson@example.com',
      subscribed: true,
      member: {
        email: 'ava.thompson@example.com',
        firstName: 'Ava',
        lastName: 'Thompson',
        phone: '(435) 555-0101',
        store: 'Lins Cedar City',
        ageRange: '',
        agreed: false,
      },
    });
    const createdAt = Date.parse((found.body.member as { createdAt: string }).createdAt);
    expect(Math.abs(Date.now() - createdAt)).toBeLessThan(60_000);
  });

  it("answers 'already subscribed' for a known address in any case, keeping the first entry", async () => {
    const fields = { EMAIL: 'ben@example.com', MMERGE3: 'LINS', FNAME: 'Ben' };
    expect((await subscribe(standard, fields)).body.result).toBe('success');
    const again = await subscribe(standard, { ...fields, EMAIL: ' BEN@Example.COM', FNAME: 'X' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({
      result: 'error',
      msg: `ben@example.com is already subscribed to list ${standard}.`,
    });
    expect(String(again.body.msg)).toContain('already subscribed');
    const found = await member(standard, 'Ben@example.com');
    expect(found.body).toMatchObject({ subscribed: true, member: { firstName: 'Ben' } });
  });

  it('unsubscribes an address (any case) from one list only; an unknown one is an error', async () => {
    const fields = { EMAIL: 'uma@example.com', MMERGE3: 'LINS' };
    expect((await subscribe(standard, fields)).body.result).toBe('success');
    expect((await subscribe(ace, fields)).body.result).toBe('success');
    const res = await get(`/unsubscribe/${standard}?${query({ EMAIL: 'Uma@Example.com' })}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ result: 'success', msg: 'You have been unsubscribed.' });
    expect((await member(standard, 'uma@example.com')).body.subscribed).toBe(false);
    expect((await member(ace, 'uma@example.com')).body.subscribed).toBe(true);
    const again = await get(`/unsubscribe/${standard}?${query({ EMAIL: 'uma@example.com' })}`);
    expect(again.body).toEqual({
      result: 'error',
      msg: `uma@example.com is not subscribed to list ${standard}.`,
    });
    const bad = await get(`/unsubscribe/${standard}?${query({ EMAIL: 'nope' })}`);
    expect(bad.body).toEqual({ result: 'error', msg: 'Please enter a valid email address.' });
    expect((await get(`/unsubscribe/Bad_List?EMAIL=a%40b.c`)).status).toBe(404);
    // Off the other list too (the health test counts the members).
    expect((await get(`/unsubscribe/${ace}?${query(fields)}`)).body.result).toBe('success');
  });

  it("refuses a missing or invalid address with 'Please enter a valid email address.'", async () => {
    const attempts: Record<string, string>[] = [
      { MMERGE3: 'LINS' },
      { EMAIL: '', MMERGE3: 'LINS' },
      { EMAIL: 'not-an-address', MMERGE3: 'LINS' },
      { EMAIL: 'ava@example', MMERGE3: 'LINS' },
    ];
    for (const fields of attempts) {
      const res = await subscribe(standard, fields);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ result: 'error', msg: 'Please enter a valid email address.' });
    }
    expect((await member(standard, 'not-an-address')).status).toBe(400);
  });

  it('requires the home store on the standard list and the Ace location on the Ace list', async () => {
    for (const list of [standard, ace]) {
      const res = await subscribe(list, { EMAIL: 'nostore@example.com' });
      expect(res.body).toEqual({ result: 'error', msg: 'MMERGE3: This field is required.' });
      expect((await member(list, 'nostore@example.com')).body.subscribed).toBe(false);
    }
  });

  it('keeps the Ace list apart from the standard list', async () => {
    const email = 'cara@example.com';
    expect((await subscribe(standard, { EMAIL: email, MMERGE3: 'LINS' })).body.result).toBe(
      'success',
    );
    expect((await member(ace, email)).body.subscribed).toBe(false);
    const onAce = await subscribe(ace, {
      EMAIL: email,
      MMERGE3: 'Ace Cedar',
      MMERGE5: '4355550103',
    });
    expect(onAce.body).toEqual({ result: 'success', msg: 'Thank you for subscribing!' });
    expect((await member(ace, email)).body).toMatchObject({
      subscribed: true,
      member: { list: ace, store: 'Ace Cedar', phone: '4355550103' },
    });
    expect((await subscribe(ace, { EMAIL: email, MMERGE3: 'Ace Cedar' })).body.msg).toBe(
      `${email} is already subscribed to list ${ace}.`,
    );
  });

  it('requires the store and an age range of the spec on the pharmacy list; the agreement is optional', async () => {
    const email = 'dana@example.com';
    expect((await subscribe(pharmacy, { EMAIL: email, AGE: 'Over 75' })).body).toEqual({
      result: 'error',
      msg: 'MMERGE3: This field is required.',
    });
    expect((await subscribe(pharmacy, { EMAIL: email, MMERGE3: 'LINS' })).body).toEqual({
      result: 'error',
      msg: 'AGE: This field is required.',
    });
    const wrongAge = await subscribe(pharmacy, { EMAIL: email, MMERGE3: 'LINS', AGE: '30-35' });
    expect(wrongAge.body.result).toBe('error');
    expect(wrongAge.body.msg).toMatch(/^AGE: /);
    expect((await member(pharmacy, email)).body.subscribed).toBe(false);

    const ok = await subscribe(pharmacy, { EMAIL: email, MMERGE3: 'DANS', AGE: '65-70' });
    expect(ok.body).toEqual({ result: 'success', msg: 'Thank you for subscribing!' });
    const agreeing = await subscribe(pharmacy, {
      EMAIL: 'eve@example.com',
      MMERGE3: 'FRESH MARKET',
      AGE: 'Under 50',
      AGREE: 'on',
    });
    expect(agreeing.body.result).toBe('success');
    expect((await member(pharmacy, email)).body.member).toMatchObject({
      store: 'DANS',
      ageRange: '65-70',
      agreed: false,
    });
    expect((await member(pharmacy, 'eve@example.com')).body.member).toMatchObject({
      ageRange: 'Under 50',
      agreed: true,
    });
  });

  it('answers JSONP for a valid callback name (c or callback) as JavaScript', async () => {
    const fields = query({ EMAIL: 'jsonp@example.com', MMERGE3: 'LINS' });
    const res = await raw(service.url, 'GET', `/subscribe/${standard}?${fields}&c=jQuery_123.cb`);
    expect(res.status).toBe(200);
    expect(res.type).toBe('application/javascript; charset=utf-8');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.text).toBe(
      '/**/jQuery_123.cb({"result":"success","msg":"Thank you for subscribing!"});',
    );
    const again = await raw(service.url, 'GET', `/subscribe/${standard}?${fields}&callback=$cb`);
    expect(again.type).toBe('application/javascript; charset=utf-8');
    expect(again.text).toBe(
      `/**/$cb({"result":"error","msg":"jsonp@example.com is already subscribed to list ${standard}."});`,
    );
    // A field error is still a 200 the calling script can read.
    const invalid = await raw(service.url, 'GET', `/subscribe/${standard}?EMAIL=x&c=cb`);
    expect(invalid.status).toBe(200);
    expect(invalid.text).toBe(
      '/**/cb({"result":"error","msg":"Please enter a valid email address."});',
    );
  });

  it('never runs a callback name that is not a plain JavaScript name', async () => {
    const fields = query({ EMAIL: 'evil@example.com', MMERGE3: 'LINS' });
    for (const callback of [
      'alert(1)//',
      'cb;alert(1)',
      '</script><script>alert(1)</script>',
      '1cb',
      'a'.repeat(65),
      '',
      'cb\u2028x',
    ]) {
      const res = await raw(
        service.url,
        'GET',
        `/subscribe/${standard}?${fields}&${query({ c: callback })}`,
      );
      expect(res.status).toBe(400);
      expect(res.type).toBe('application/json; charset=utf-8');
      expect(JSON.parse(res.text)).toMatchObject({ result: 'error' });
      expect(res.text).not.toContain(callback || '()');
    }
    // Nothing was subscribed by a refused call.
    expect((await member(standard, 'evil@example.com')).body.subscribed).toBe(false);
  });

  it('escapes markup in what it echoes, so a reply never closes a script', async () => {
    const res = await raw(
      service.url,
      'GET',
      `/subscribe/${standard}?${query({ EMAIL: '</script>@example.com', MMERGE3: 'LINS' })}&c=cb`,
    );
    expect(res.text).not.toContain('</script>');
    const again = await raw(
      service.url,
      'GET',
      `/subscribe/${standard}?${query({ EMAIL: '</script>@example.com', MMERGE3: 'LINS' })}&c=cb`,
    );
    expect(again.text).toContain('\\u003c/script>@example.com is already subscribed');
  });

  it('counts the members of each list in its health output', async () => {
    const res = await get('/healthz');
    expect(res.status).toBe(200);
    const lists = res.body.lists as Record<string, number>;
    expect(res.body).toMatchObject({ ok: true, store: target.name });
    expect(lists[standard]).toBeGreaterThanOrEqual(3);
    expect(lists[ace]).toBe(1);
    expect(lists[pharmacy]).toBe(2);
    expect(service.health()).toEqual({ status: 'ok', store: target.name });
  });

  it('answers HEAD like GET without a body, and 405 to other methods', async () => {
    const head = await raw(service.url, 'HEAD', '/healthz');
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
      const res = await raw(
        service.url,
        method,
        `/subscribe/${standard}?EMAIL=m@example.com`,
        'x=1',
      );
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD');
      expect(JSON.parse(res.text)).toEqual({ result: 'error', msg: 'Method not allowed.' });
    }
  });

  it('answers 404 to unknown paths and list names out of shape, 400 to bad percent-encoding', async () => {
    for (const path of ['/', '/subscribe', '/subscribe/', '/nope', '/subscribe/a/b', '/lists/x']) {
      expect((await raw(service.url, 'GET', path)).status).toBe(404);
    }
    for (const list of ['Lins', 'lins_ace', 'a'.repeat(65), '%2e%2e', 'lins%2Face', '%00']) {
      const res = await raw(service.url, 'GET', `/subscribe/${list}?EMAIL=a@b.co&MMERGE3=L`);
      expect(res.status).toBe(404);
      expect(JSON.parse(res.text)).toMatchObject({ result: 'error' });
    }
    for (const target of [
      `/subscribe/${standard}?EMAIL=%ZZ`,
      `/subscribe/${standard}?EMAIL=a%C3%28@b.co&MMERGE3=L`,
      `/subscribe/${standard}?%=1`,
      '/subscribe/%E0%A4%A',
      `/lists/${standard}/members?email=%`,
    ]) {
      const res = await raw(service.url, 'GET', target);
      expect(res.status).toBe(400);
      expect(JSON.parse(res.text)).toMatchObject({ result: 'error' });
    }
  });

  it('never answers 5xx to bad input of any shape (fuzz)', async () => {
    // Any code point but a lone surrogate (which no URL can carry encoded).
    const character = () => {
      const point = crypto.randomInt(0x2ffff);
      return String.fromCodePoint(point >= 0xd800 && point <= 0xdfff ? point + 0x800 : point);
    };
    const random = (n: number) => {
      const pool = [
        '%',
        '%0',
        '%ZZ',
        '%00',
        '%FF',
        '+',
        '&',
        '=',
        '?',
        '/',
        '..',
        '<',
        '"',
        "'",
        '\\',
      ];
      let out = '';
      for (let i = 0; i < n; i += 1) {
        const pick = crypto.randomInt(4);
        out +=
          pick === 0
            ? pool[crypto.randomInt(pool.length)]
            : pick === 1
              ? encodeURIComponent(character())
              : pick === 2
                ? `%${crypto.randomBytes(1).toString('hex')}`
                : crypto.randomBytes(2).toString('base64url');
      }
      return out;
    };
    const names = ['EMAIL', 'FNAME', 'LNAME', 'PHONE', 'MMERGE3', 'MMERGE5', 'AGE', 'AGREE', 'c'];
    const targets: string[] = [];
    for (let i = 0; i < 150; i += 1) {
      const list = [standard, ace, pharmacy, random(2)][i % 4];
      const fields = names
        .filter(() => crypto.randomInt(2) === 0)
        .map((name) => `${name}=${random(crypto.randomInt(1, 12))}`);
      if (i % 3 === 0) fields.push(`EMAIL=f${i}@example.com`, 'MMERGE3=LINS', 'AGE=70-75');
      targets.push(`/subscribe/${list}?${fields.join('&')}`);
      targets.push(`/lists/${list}/members?email=${random(4)}`);
      targets.push(`/${random(3)}/${random(3)}?${random(5)}`);
    }
    targets.push(
      `/subscribe/${standard}?EMAIL=${'a'.repeat(4000)}@example.com&MMERGE3=L`,
      `/subscribe/${standard}?FNAME=${'%41'.repeat(3000)}&EMAIL=a@b.co&MMERGE3=L`,
      `/subscribe/${standard}?${'x=1&'.repeat(1500)}`,
      `/subscribe/${pharmacy}?EMAIL=a@b.co&MMERGE3=L&AGE=${encodeURIComponent('Over 75\u0000')}`,
      '*',
      'http://elsewhere.invalid/healthz',
    );
    for (const t of targets) {
      const res = await raw(service.url, 'GET', t).catch(() => ({ status: 0, text: '' }));
      expect(res.status, t).toBeGreaterThanOrEqual(200);
      expect(res.status, t).toBeLessThan(500);
    }
    // A body on a GET is ignored.
    const withBody = await raw(service.url, 'GET', '/healthz', 'ignored body');
    expect(withBody.status).toBe(200);
    expect(service.health().status).toBe('ok');
  }, 60_000);

  it('drops a request whose body passes the bound without answering 5xx', async () => {
    const big = 'x'.repeat(256 * 1024);
    const res = await raw(service.url, 'POST', `/subscribe/${standard}`, big).catch(
      (error: NodeJS.ErrnoException) => ({ status: error.code ?? 'reset' }),
    );
    // Either the 405 arrives before the connection is dropped, or the connection is reset.
    if (typeof res.status === 'number') expect(res.status).toBe(405);
    expect((await get('/healthz')).status).toBe(200);
  });
});

describe('callers, lists and addresses (the service run alone)', () => {
  const KEY = 'mailing-list-test-key-0123456789';
  let service: MailingListService;

  beforeAll(async () => {
    service = await startMailingListService({
      dataDir: 'memory://',
      logger: recordingLogger(),
      apiKey: KEY,
      lists: () => new Set(['alpha', 'alpha-ace']),
    });
  });
  afterAll(() => service?.close());

  const call = (target: string, headers: http.OutgoingHttpHeaders) =>
    raw(service.url, 'GET', target, undefined, headers);
  const signup = (email: string) => `/subscribe/alpha?${query({ EMAIL: email, MMERGE3: 'L' })}`;

  it('answers nothing but its health to a caller without the key', async () => {
    const email = `keyless-${Date.now()}@example.com`;
    for (const headers of [{}, { 'x-api-key': 'wrong' }, { 'x-api-key': KEY.slice(1) }]) {
      expect((await call(signup(email), headers)).status).toBe(401);
      expect((await call(`/lists/alpha/members?${query({ email })}`, headers)).status).toBe(401);
    }
    const health = await call('/healthz', {});
    expect(health.status).toBe(200);
    // The lists' sizes are for a caller with the key.
    expect(JSON.parse(health.text)).not.toHaveProperty('lists');
    expect(JSON.parse((await call('/healthz', { 'x-api-key': KEY })).text)).toHaveProperty('lists');
    // Nothing was stored.
    const found = await call(`/lists/alpha/members?${query({ email })}`, { 'x-api-key': KEY });
    expect(JSON.parse(found.text)).toMatchObject({ subscribed: false });
  });

  it('signs up only to the lists it serves: a made-up list is a 404 and is not created', async () => {
    const res = await call(`/subscribe/made-up-list?${query({ EMAIL: 'a@example.com' })}`, {
      'x-api-key': KEY,
    });
    expect(res.status).toBe(404);
    const health = JSON.parse((await call('/healthz', { 'x-api-key': KEY })).text) as {
      lists: Record<string, number>;
    };
    expect(Object.keys(health.lists)).not.toContain('made-up-list');
    const ok = await call(signup(`listed-${Date.now()}@example.com`), { 'x-api-key': KEY });
    expect(JSON.parse(ok.text)).toMatchObject({ result: 'success' });
  });

  it('limits sign-ups per shopper address, the one the keyed caller forwards', async () => {
    const from = (address: string, i: number) =>
      call(signup(`limited-${address}-${i}-${Date.now()}@example.com`), {
        'x-api-key': KEY,
        'x-shopper-address': address,
      });
    const statuses: number[] = [];
    for (let i = 0; i < SIGNUPS_PER_ADDRESS_PER_MINUTE + 5; i += 1) {
      statuses.push((await from('198.51.100.20', i)).status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(SIGNUPS_PER_ADDRESS_PER_MINUTE);
    expect(statuses.slice(SIGNUPS_PER_ADDRESS_PER_MINUTE).every((s) => s === 429)).toBe(true);
    // Another shopper behind the same site is not held back.
    expect((await from('198.51.100.21', 0)).status).toBe(200);
  });
});
