/**
 * The content forms' action on a brand with reCAPTCHA keys: the page gets the site key and the
 * form's own reCAPTCHA action, and a post is sent only with a token Google (played here by a local
 * siteverify) vouches for, for that action, with a good score; any other post is answered as sent
 * and sends nothing (a failed bot check looks like success).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startActionHarness, type ActionHarness } from '@test/action-harness';
import { readOutbox, type OutboxMail } from '@test/outbox';
import { createAppLoadContext } from '~/lib/context.server';
import { createBotCheck, RECAPTCHA_TOKEN_FIELD } from '~/lib/security/bot-check.server';
import { action, loader } from '~/routes/forms.$slug';
import type { FormSetup } from './types';

let h: ActionHarness;
let outbox = '';
let ip = 0;

beforeAll(async () => {
  h = await startActionHarness({ sites: ['lins'] });
  outbox = path.join(h.dataDir, 'outbox');
}, 60_000);
afterAll(() => h?.close());

const outboxCount = async () => (await readOutbox(outbox)).length;
async function sentSince(before: number): Promise<OutboxMail[]> {
  return (await readOutbox(outbox)).slice(before).map((e) => e.mail);
}

function contactAnswers(): [string, string][] {
  return [
    ['name', 'Ann Shopper'],
    ['email', 'ann.shopper@example.com'],
    ['topic', 'A problem with a product'],
    ['contactBy', 'phone'],
    ['message', 'The bread was stale.'],
  ];
}

describe('with reCAPTCHA', () => {
  /** Google's siteverify, played locally: it answers for `answer.action`. */
  const answer = { action: 'form_customer_service', score: 0.9 };
  let server: http.Server;
  let verifyUrl = '';
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ success: true, ...answer }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    verifyUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** Calls a route function as the brand with reCAPTCHA keys would get it. */
  async function asRecaptchaBrand(
    fn: typeof action | typeof loader,
    form?: FormData,
  ): Promise<Response | unknown> {
    const lins = h.tenant('lins');
    const tenant = {
      ...lins,
      registration: { ...lins.registration, botCheck: undefined },
      services: {
        ...lins.services,
        recaptcha: { siteKey: 'site-key', secretKeyEnv: 'RC_SECRET', minScore: 0.5 },
      },
    };
    const botCheck = createBotCheck({ secret: 'x', verifyUrl, env: { RC_SECRET: 'secret' } });
    const context = await createAppLoadContext(
      { ...h.services, accounts: { ...h.accounts, botCheck } },
      { tenant, nonce: 'n', https: false, clientIp: `198.51.100.${++ip}`, cookie: null },
    );
    const request = new Request('http://lins.localhost:3000/forms/customer-service', {
      method: form ? 'POST' : 'GET',
      headers: form ? { Origin: 'http://lins.localhost:3000' } : {},
      body: form,
    });
    try {
      return await fn({ request, context, params: { slug: 'customer-service' } });
    } catch (thrown) {
      return thrown;
    }
  }

  const posted = (name: string) => {
    const data = new FormData();
    for (const [k, v] of contactAnswers()) data.append(k, v);
    data.set('name', name);
    data.set(RECAPTCHA_TOKEN_FIELD, 'token-from-the-page');
    return data;
  };

  it("the page gets the site key and the form's own action; a token for it is sent", async () => {
    const page = (await asRecaptchaBrand(loader)) as { data: { setup: FormSetup } };
    expect(page.data.setup.botCheck).toEqual({
      mode: 'recaptcha',
      siteKey: 'site-key',
      action: 'form_customer_service',
      tokenField: RECAPTCHA_TOKEN_FIELD,
    });
    const before = await outboxCount();
    answer.action = 'form_customer_service';
    const res = (await asRecaptchaBrand(action, posted('Rena Captcha'))) as Response;
    expect(res.status).toBe(302);
    const [store, ack, ...more] = await sentSince(before);
    expect(more).toEqual([]);
    expect(store.subject).toMatch(
      /^Customer service: A problem with a product, from Rena Captcha \[Case [2-9A-Z-]{11}\]$/,
    );
    expect(ack.subject).toMatch(/^We received your message/);
  });

  it('a token for another action, or a low score: answered as sent, nothing sent', async () => {
    const before = await outboxCount();
    answer.action = 'register';
    const other = (await asRecaptchaBrand(action, posted('Other Action'))) as Response;
    expect(other.status).toBe(302);
    expect(other.headers.get('Location')).toBe('/forms/customer-service/sent');
    answer.action = 'form_customer_service';
    answer.score = 0.1;
    const low = (await asRecaptchaBrand(action, posted('Low Score'))) as Response;
    expect(low.headers.get('Location')).toBe('/forms/customer-service/sent');
    answer.score = 0.9;
    expect(await sentSince(before)).toEqual([]);
  });
});
