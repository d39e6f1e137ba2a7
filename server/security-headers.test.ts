/** The precomputed security headers are helmet's own, per brand, path kind and nonce. */
import fs from 'node:fs';
import path from 'node:path';
import helmet from 'helmet';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseTenantFile } from '~/lib/tenant/registry.server';
import type { Tenant } from '~/lib/tenant/schema';
import { cspVariant, securityHeaderOptions } from './app';
import { securityHeaders } from './security-headers';

afterEach(() => vi.unstubAllEnvs());

function tenant(site: string): Tenant {
  const file = path.resolve('tenants', `${site}.json`);
  const parsed = parseTenantFile(file, fs.readFileSync(file, 'utf8'), 80);
  if (!('tenant' in parsed)) throw new Error(parsed.problem.message);
  return parsed.tenant;
}

type Run = (req: unknown, res: unknown, next: (error?: unknown) => void) => void;

/** The headers a middleware sets for one request (lower-case names, in order). */
function headersOf(middleware: Run, t: Tenant, nonce: string, requestPath: string) {
  const headers: [string, string][] = [];
  const res = {
    locals: { tenant: t, nonce },
    setHeader: (name: string, value: unknown) => headers.push([name.toLowerCase(), String(value)]),
    removeHeader: () => undefined,
  };
  let nextError: unknown = 'next not called';
  middleware({ path: requestPath, method: 'GET', headers: {} }, res, (error) => {
    nextError = error;
  });
  expect(nextError).toBeUndefined();
  return headers;
}

const references = { adviewer: 'http://127.0.0.1:41234', sso: 'http://127.0.0.1:40999' };
const SITES = fs
  .readdirSync('tenants')
  .filter((f) => f.endsWith('.json') && f !== 'schema.json')
  .map((f) => f.replace(/\.json$/, ''));

describe('security headers', () => {
  it("are helmet's, for every brand, page and /sso path, with each request's own nonce", () => {
    const helmetPerRequest = helmet(securityHeaderOptions(references)) as unknown as Run;
    const precomputed = securityHeaders({
      helmetOptions: securityHeaderOptions(references),
      variant: cspVariant,
    }) as unknown as Run;
    expect(SITES.length).toBeGreaterThan(3);
    for (const site of SITES) {
      const t = tenant(site);
      for (const requestPath of [
        '/',
        '/digital-coupons',
        '/sso/login',
        '/sso/register',
        '/ssoish',
      ]) {
        for (const nonce of ['bm9uY2UtMQ==', 'YW5vdGhlci1ub25jZQ==']) {
          const expected = headersOf(helmetPerRequest, t, nonce, requestPath);
          const got = headersOf(precomputed, t, nonce, requestPath);
          expect(got, `${site} ${requestPath}`).toEqual(expected);
          const csp = got.find(([name]) => name === 'content-security-policy')?.[1] ?? '';
          expect(csp).toContain(`'nonce-${nonce}'`);
          expect(csp).not.toContain('Placeholder');
        }
      }
    }
  });

  it('sets the full header set helmet sets (not only the policy)', () => {
    const precomputed = securityHeaders({
      helmetOptions: securityHeaderOptions(references),
      variant: cspVariant,
    }) as unknown as Run;
    const names = headersOf(precomputed, tenant('lins'), 'bm9uY2U=', '/').map(([n]) => n);
    expect(names).toEqual(
      expect.arrayContaining([
        'content-security-policy',
        'cross-origin-opener-policy',
        'cross-origin-resource-policy',
        'origin-agent-cluster',
        'referrer-policy',
        'x-content-type-options',
        'x-dns-prefetch-control',
        'x-download-options',
        'x-permitted-cross-domain-policies',
        'x-xss-protection',
      ]),
    );
    expect(names).not.toContain('x-frame-options');
    expect(names).not.toContain('strict-transport-security');
  });

  it('gives a reloaded tenant (a new object) its new policy', () => {
    const precomputed = securityHeaders({
      helmetOptions: securityHeaderOptions(references),
      variant: cspVariant,
    }) as unknown as Run;
    const before = tenant('lins');
    const after = { ...before, frameAncestors: ['https://partner.example.com'] };
    const policy = (t: Tenant) =>
      headersOf(precomputed, t, 'bm9uY2U=', '/').find(([n]) => n === 'content-security-policy')![1];
    expect(policy(before)).toContain("frame-ancestors 'self'");
    expect(policy(before)).not.toContain('partner.example.com');
    expect(policy(after)).toContain("frame-ancestors 'self' https://partner.example.com");
    // The first tenant's set is still its own.
    expect(policy(before)).not.toContain('partner.example.com');
  });
});
