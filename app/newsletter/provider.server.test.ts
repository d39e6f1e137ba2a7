import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { logger } from '@common/logger.server';
import {
  CALLBACK_NAME,
  listName,
  outcomeOf,
  parseProviderReply,
  redacted,
  subscribe,
  subscribeAddress,
  subscribeRequestUrl,
} from './provider.server';

const tenant = (newsletter: Record<string, string> = {}) => ({
  sitePath: 'lins',
  newsletter: { variant: 'standard' as const, pharmacyStores: ['{product}'], ...newsletter },
});

describe('the subscribe address', () => {
  it("is the reference mailing list's list of the brand and variant by default", () => {
    const ref = 'http://127.0.0.1:3300';
    expect(subscribeAddress(tenant(), ref, 'standard')).toBe(`${ref}/subscribe/lins`);
    expect(subscribeAddress(tenant(), `${ref}/`, 'ace')).toBe(`${ref}/subscribe/lins-ace`);
    expect(subscribeAddress(tenant(), ref, 'pharmacy')).toBe(`${ref}/subscribe/lins-pharmacy`);
    expect(listName('dans', 'pharmacy')).toBe('dans-pharmacy');
  });

  it("is the tenant's own address for each variant when configured", () => {
    const t = tenant({
      subscribeUrl: 'https://list.example.com/subscribe/post-json?u=abc&id=1',
      aceSubscribeUrl: 'https://list.example.com/subscribe/post-json?u=abc&id=2',
      pharmacySubscribeUrl: 'https://list.example.com/subscribe/post-json?u=abc&id=3',
    });
    expect(subscribeAddress(t, 'http://ref', 'standard')).toContain('id=1');
    expect(subscribeAddress(t, 'http://ref', 'ace')).toContain('id=2');
    expect(subscribeAddress(t, null, 'pharmacy')).toContain('id=3');
    // Only the standard list configured: the others still go to the reference lists.
    const one = tenant({ subscribeUrl: 'https://list.example.com/s' });
    expect(subscribeAddress(one, 'http://ref', 'ace')).toBe('http://ref/subscribe/lins-ace');
  });

  it('is none without a configured address or a reference service', () => {
    expect(subscribeAddress(tenant(), null, 'standard')).toBeNull();
  });

  it("keeps a configured address's query and adds the fields and the callback", () => {
    const url = subscribeRequestUrl('https://list.example.com/subscribe/post-json?u=abc&id=1', {
      EMAIL: 'ava+news@example.com',
      FNAME: 'Ava',
      LNAME: undefined,
      PHONE: '',
      MMERGE3: "Lin's Cedar City",
    });
    expect(url.origin + url.pathname).toBe('https://list.example.com/subscribe/post-json');
    expect([...url.searchParams]).toEqual([
      ['u', 'abc'],
      ['id', '1'],
      ['EMAIL', 'ava+news@example.com'],
      ['FNAME', 'Ava'],
      ['MMERGE3', "Lin's Cedar City"],
      ['c', CALLBACK_NAME],
    ]);
    // A field the address already names is replaced, never doubled.
    const again = subscribeRequestUrl('http://x/s?EMAIL=old@example.com&c=theirs', {
      EMAIL: 'new@example.com',
    });
    expect(again.searchParams.getAll('EMAIL')).toEqual(['new@example.com']);
    expect(again.searchParams.getAll('c')).toEqual([CALLBACK_NAME]);
  });
});

describe('the reply (spec §7, §8)', () => {
  const ok = { result: 'success', msg: 'Thank you for subscribing!' };

  it('reads JSON and JSONP of our callback', () => {
    expect(parseProviderReply(JSON.stringify(ok))).toEqual(ok);
    expect(parseProviderReply(`/**/${CALLBACK_NAME}(${JSON.stringify(ok)});`)).toEqual(ok);
    expect(parseProviderReply(`${CALLBACK_NAME}(${JSON.stringify(ok)})`)).toEqual(ok);
    expect(parseProviderReply(` \n${CALLBACK_NAME}( ${JSON.stringify(ok)} );\n`)).toEqual(ok);
    // Express's res.jsonp shape.
    expect(
      parseProviderReply(
        `/**/ typeof ${CALLBACK_NAME} === 'function' && ${CALLBACK_NAME}(${JSON.stringify(ok)});`,
      ),
    ).toEqual(ok);
    expect(parseProviderReply('{"result":"error"}')).toEqual({ result: 'error', msg: '' });
  });

  it('refuses anything else', () => {
    for (const body of [
      '',
      'OK',
      '<html><body>Service unavailable</body></html>',
      '[1,2]',
      'null',
      '{"result":1,"msg":"x"}',
      '{"msg":"no result"}',
      '{"result":"success"',
      `otherName(${JSON.stringify(ok)});`,
      `/**/ typeof other === 'function' && ${CALLBACK_NAME}(${JSON.stringify(ok)});`,
      `${CALLBACK_NAME}(not json);`,
      `alert(1);${CALLBACK_NAME}(${JSON.stringify(ok)});`,
    ]) {
      expect(parseProviderReply(body), body).toBeNull();
    }
  });

  it("maps success, 'already subscribed' in the message, and everything else", () => {
    expect(outcomeOf(ok)).toBe('subscribed');
    expect(
      outcomeOf({
        result: 'error',
        msg: 'ava@example.com is already subscribed to list Lins. <a href="https://x">Update</a>',
      }),
    ).toBe('already');
    expect(outcomeOf({ result: 'error', msg: 'Already Subscribed' })).toBe('already');
    expect(outcomeOf({ result: 'error', msg: 'Please enter a valid email address.' })).toBe(
      'failed',
    );
    expect(outcomeOf({ result: 'pending', msg: '' })).toBe('failed');
    expect(outcomeOf(null)).toBe('failed');
  });

  it('leaves addresses out of what it logs', () => {
    expect(redacted('Ava.Shopper+x@Example.com is already subscribed (<b>x</b>)')).toBe(
      '[address] is already subscribed (<b>x</b>)',
    );
    expect(redacted('a'.repeat(500))).toHaveLength(200);
  });
});

/** A provider stand-in on loopback answering each path with the given handler. */
let server: http.Server;
let base = '';
const seen: URL[] = [];
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    seen.push(url);
    const c = url.searchParams.get('c') ?? '';
    const send = (status: number, body: string, type = 'application/json') => {
      res.writeHead(status, { 'content-type': type });
      res.end(body);
    };
    switch (url.pathname) {
      case '/json':
        return send(200, '{"result":"success","msg":"Thank you for subscribing!"}');
      case '/jsonp':
        return send(
          200,
          `/**/${c}({"result":"success","msg":"Thank you"});`,
          'application/javascript',
        );
      case '/already':
        return send(
          200,
          `${c}({"result":"error","msg":"${url.searchParams.get('EMAIL')} is already subscribed to list x."})`,
        );
      case '/refused':
        return send(
          200,
          `{"result":"error","msg":"${url.searchParams.get('EMAIL')} has too many recent signup requests"}`,
        );
      case '/5xx':
        return send(503, '{"result":"success"}');
      case '/html':
        return send(200, '<html>maintenance</html>', 'text/html');
      case '/huge':
        return send(200, `{"result":"success","msg":"${'x'.repeat(200_000)}"}`);
      case '/hang':
        return; // never answers
      default:
        return send(404, 'not found', 'text/plain');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const EMAIL = 'ava.subscriber@example.com';
const call = (path: string, timeoutMs = 2000) =>
  subscribe({
    address: `${base}${path}?u=keep`,
    fields: { EMAIL, MMERGE3: 'LINS' },
    variant: 'standard',
    brand: 'lins',
    timeoutMs,
  });

describe('the call', () => {
  it('sends the fields, the kept query and the callback; reads JSON and JSONP', async () => {
    expect(await call('/json')).toBe('subscribed');
    const sent = seen.at(-1)!;
    expect(sent.searchParams.get('u')).toBe('keep');
    expect(sent.searchParams.get('EMAIL')).toBe(EMAIL);
    expect(sent.searchParams.get('MMERGE3')).toBe('LINS');
    expect(sent.searchParams.get('c')).toBe(CALLBACK_NAME);
    expect(await call('/jsonp')).toBe('subscribed');
    expect(await call('/already')).toBe('already');
  });

  it('fails on an error result, a 5xx, HTML, a huge reply, a refused connection; logs no address', async () => {
    const warn = vi.spyOn(logger, 'warn');
    expect(await call('/refused')).toBe('failed');
    expect(await call('/5xx')).toBe('failed');
    expect(await call('/html')).toBe('failed');
    expect(await call('/huge')).toBe('failed');
    expect(await call('/missing')).toBe('failed');
    const closed = await subscribe({
      address: 'http://127.0.0.1:9/subscribe/lins',
      fields: { EMAIL },
      variant: 'ace',
      brand: 'lins',
    });
    expect(closed).toBe('failed');
    expect(warn).toHaveBeenCalledTimes(6);
    const logged = JSON.stringify(warn.mock.calls);
    expect(logged).not.toContain(EMAIL);
    expect(logged).toContain('[address] has too many recent signup requests');
    expect(logged).toContain('"status":503');
  });

  it('gives up on a provider that never answers within the deadline', async () => {
    const started = Date.now();
    expect(await call('/hang', 300)).toBe('failed');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('fails on an address that is not a URL', async () => {
    const result = await subscribe({
      address: 'not a url',
      fields: { EMAIL },
      variant: 'pharmacy',
      brand: 'lins',
    });
    expect(result).toBe('failed');
  });
});
