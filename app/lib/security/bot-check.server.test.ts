import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantSchema, type Tenant } from '~/lib/tenant/schema';
import {
  assertBotCheckConfigured,
  BOT_CHECK_FAILED_MESSAGE,
  botCheckMode,
  botCheckProblem,
  createBotCheck,
  FORM_STARTED_FIELD,
  HONEYPOT_FIELD,
  publicBotCheck,
  RECAPTCHA_TOKEN_FIELD,
} from './bot-check.server';

function tenant(extra: Record<string, unknown> = {}, sitePath = 'dans'): Tenant {
  const config = tenantSchema.parse({
    sitePath,
    hostnames: [`${sitePath}.localhost`],
    retailerName: 'Test Foods',
    ...extra,
  });
  return {
    ...config,
    origin: `http://${sitePath}.localhost`,
    title: 'Test',
    file: `${sitePath}.json`,
  };
}
const recaptchaTenant = (extra: Record<string, unknown> = {}) =>
  tenant({ services: { recaptcha: { siteKey: 'site-key', secretKeyEnv: 'RC_SECRET', ...extra } } });

const SECRET = 's'.repeat(40);

describe('choosing the check', () => {
  it('uses reCAPTCHA when keys are configured, else the honeypot, unless chosen explicitly', () => {
    expect(botCheckMode(tenant())).toBe('honeypot');
    expect(botCheckMode(recaptchaTenant())).toBe('recaptcha');
    const explicit = recaptchaTenant();
    explicit.registration.botCheck = 'honeypot';
    expect(botCheckMode(explicit)).toBe('honeypot');
    expect(publicBotCheck(recaptchaTenant())).toEqual({
      mode: 'recaptcha',
      siteKey: 'site-key',
      action: 'register',
    });
    expect(publicBotCheck(explicit)).toEqual({ mode: 'honeypot' });
  });

  it('refuses a production start for a brand without keys or an explicit honeypot', () => {
    const env = { RC_SECRET: 'x' };
    const honeypot = tenant({ registration: { botCheck: 'honeypot' } }, 'corner');
    const bare = tenant({}, 'lins');
    const noSecret = recaptchaTenant();
    expect(botCheckProblem(honeypot, {})).toBeNull();
    expect(botCheckProblem(noSecret, env)).toBeNull();
    expect(botCheckProblem(noSecret, {})).toBe(
      "brand 'dans' (dans.json): reCAPTCHA secret RC_SECRET is not set",
    );
    expect(botCheckProblem(bare, env)).toMatch(/^brand 'lins' \(lins\.json\): no bot check/);

    expect(() => assertBotCheckConfigured([honeypot, bare], 'development', {})).not.toThrow();
    expect(() => assertBotCheckConfigured([honeypot, noSecret], 'production', env)).not.toThrow();
    let message = '';
    try {
      assertBotCheckConfigured([honeypot, bare, noSecret], 'production', {});
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^Refusing to start: brand 'lins'.*; brand 'dans'.*RC_SECRET/);
    expect(message).not.toContain('\n');
  });

  it('keeps the demo brands valid for production', async () => {
    const { loadTenants } = await import('~/lib/tenant/registry.server');
    const { tenants } = loadTenants('tenants', 3000);
    expect(tenants.length).toBeGreaterThan(1);
    expect(() => assertBotCheckConfigured(tenants, 'production', {})).not.toThrow();
  });
});

describe('honeypot', () => {
  let clock = 1_750_000_000_000;
  const check = createBotCheck({ secret: SECRET, now: () => clock });
  const brand = tenant();
  const form = (values: Record<string, string>) => new URLSearchParams(values);

  it('passes a human who took a few seconds and left the trap empty', async () => {
    const fields = check.honeypotFields(brand);
    expect(Object.keys(fields)).toEqual([HONEYPOT_FIELD, FORM_STARTED_FIELD]);
    expect(fields[HONEYPOT_FIELD]).toBe('');
    clock += 2500;
    expect(await check.verify({ tenant: brand, form: form(fields) })).toEqual({ ok: true });
    const formData = new FormData();
    for (const [k, v] of Object.entries(fields)) formData.set(k, v);
    expect(await check.verify({ tenant: brand, form: formData })).toEqual({ ok: true });
  });

  it('fails a filled trap, a fast or stale post, a forged, foreign or missing stamp', async () => {
    const fields = check.honeypotFields(brand);
    const failed = { ok: false, reason: expect.any(String), message: BOT_CHECK_FAILED_MESSAGE };
    expect(await check.verify({ tenant: brand, form: form(fields) })).toEqual(failed); // 0 s
    clock += 3000;
    expect(
      await check.verify({
        tenant: brand,
        form: form({ ...fields, [HONEYPOT_FIELD]: 'http://spam' }),
      }),
    ).toEqual(failed);
    expect(await check.verify({ tenant: brand, form: form({}) })).toEqual(failed);
    const [issued, mac] = fields[FORM_STARTED_FIELD].split('.');
    const older = `${Number(issued) - 60_000}.${mac}`;
    expect(
      await check.verify({ tenant: brand, form: form({ [FORM_STARTED_FIELD]: older }) }),
    ).toEqual(failed);
    // Another brand's stamp, or one signed with another secret.
    expect(await check.verify({ tenant: tenant({}, 'corner'), form: form(fields) })).toEqual(
      failed,
    );
    const other = createBotCheck({ secret: 'o'.repeat(40), now: () => clock - 3000 });
    expect(await check.verify({ tenant: brand, form: form(other.honeypotFields(brand)) })).toEqual(
      failed,
    );
    clock += 13 * 60 * 60 * 1000;
    expect(await check.verify({ tenant: brand, form: form(fields) })).toEqual(failed);
  });

  it('in production, fails a brand that was never configured', async () => {
    const strict = createBotCheck({ secret: SECRET, now: () => clock, production: true, env: {} });
    const fields = strict.honeypotFields(brand);
    clock += 5000;
    expect((await strict.verify({ tenant: brand, form: form(fields) })).ok).toBe(false);
    const explicit = tenant({ registration: { botCheck: 'honeypot' } });
    expect(
      await strict.verify({ tenant: explicit, form: form(strict.honeypotFields(explicit)) }),
    ).toMatchObject({ ok: false }); // too fast
    const later = strict.honeypotFields(explicit);
    clock += 5000;
    expect(await strict.verify({ tenant: explicit, form: form(later) })).toEqual({ ok: true });
  });
});

describe('reCAPTCHA v3', () => {
  type Answer = { status?: number; body?: string; hang?: boolean };
  let next: Answer = {};
  const posted: URLSearchParams[] = [];
  let server: http.Server;
  let url = '';
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        posted.push(new URLSearchParams(raw));
        if (next.hang) return; // never answers
        res.writeHead(next.status ?? 200, { 'content-type': 'application/json' });
        res.end(next.body ?? '{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/recaptcha/api/siteverify`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const brand = recaptchaTenant();
  const env = { RC_SECRET: 'the-secret' };
  const check = () => createBotCheck({ secret: SECRET, verifyUrl: url, env, timeoutMs: 300 });
  const form = new URLSearchParams({ [RECAPTCHA_TOKEN_FIELD]: 'token-123' });
  const google = (body: Record<string, unknown>) => {
    next = { body: JSON.stringify(body) };
  };

  it('passes with success, the expected action and a good score; posts secret, token and IP', async () => {
    google({ success: true, action: 'register', score: 0.9, hostname: 'dans.localhost' });
    posted.length = 0;
    expect(await check().verify({ tenant: brand, form, remoteIp: '203.0.113.5' })).toEqual({
      ok: true,
    });
    expect(Object.fromEntries(posted[0])).toEqual({
      secret: 'the-secret',
      response: 'token-123',
      remoteip: '203.0.113.5',
    });
    google({ success: true, action: 'login', score: 0.5 });
    expect(await check().verify({ tenant: brand, form, action: 'login' })).toEqual({ ok: true });
  });

  it('fails a low score, the wrong action or an unsuccessful answer', async () => {
    const failed = { ok: false, reason: expect.any(String), message: BOT_CHECK_FAILED_MESSAGE };
    google({ success: true, action: 'register', score: 0.3 });
    expect(await check().verify({ tenant: brand, form })).toEqual(failed);
    // The brand may ask for less.
    expect(await check().verify({ tenant: recaptchaTenant({ minScore: 0.2 }), form })).toEqual({
      ok: true,
    });
    google({ success: true, action: 'login', score: 0.9 });
    expect(await check().verify({ tenant: brand, form })).toEqual(failed);
    google({ success: false, 'error-codes': ['timeout-or-duplicate'] });
    expect(await check().verify({ tenant: brand, form })).toEqual(failed);
    google({ success: true, action: 'register' }); // no score
    expect(await check().verify({ tenant: brand, form })).toEqual(failed);
  });

  it('fails closed on errors, nonsense, slowness and an unreachable service', async () => {
    next = { status: 500, body: 'oops' };
    expect((await check().verify({ tenant: brand, form })).ok).toBe(false);
    next = { body: 'not json' };
    expect((await check().verify({ tenant: brand, form })).ok).toBe(false);
    next = { body: 'null' };
    expect((await check().verify({ tenant: brand, form })).ok).toBe(false);
    next = { hang: true };
    const started = Date.now();
    expect((await check().verify({ tenant: brand, form })).ok).toBe(false);
    expect(Date.now() - started).toBeLessThan(2000);
    const closed = createBotCheck({ secret: SECRET, verifyUrl: 'http://127.0.0.1:1/', env });
    expect((await closed.verify({ tenant: brand, form })).ok).toBe(false);
  });

  it('fails without asking Google when the token or the secret is missing', async () => {
    posted.length = 0;
    google({ success: true, action: 'register', score: 0.9 });
    expect((await check().verify({ tenant: brand, form: new URLSearchParams() })).ok).toBe(false);
    const noSecret = createBotCheck({ secret: SECRET, verifyUrl: url, env: {} });
    expect((await noSecret.verify({ tenant: brand, form })).ok).toBe(false);
    const chosenWithoutKeys = tenant({ registration: { botCheck: 'recaptcha' } });
    expect((await check().verify({ tenant: chosenWithoutKeys, form })).ok).toBe(false);
    expect(posted).toHaveLength(0);
  });
});
