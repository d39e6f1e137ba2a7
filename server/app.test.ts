/** The Content-Security-Policy of server/app.ts: Google Maps' origins only for a brand with a key. */
import fs from 'node:fs';
import path from 'node:path';
import { contentSecurityPolicy } from 'helmet';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseTenantFile } from '~/lib/tenant/registry.server';
import type { Tenant } from '~/lib/tenant/schema';
import { cspDirectives } from './app';

afterEach(() => vi.unstubAllEnvs());

const KEY_ENV = 'CSP_TEST_MAPS_KEY';

function tenant(site: string, keyEnv?: string): Tenant {
  const file = path.resolve('tenants', `${site}.json`);
  const parsed = parseTenantFile(file, fs.readFileSync(file, 'utf8'), 80);
  if (!('tenant' in parsed)) throw new Error(parsed.problem.message);
  const t = parsed.tenant;
  return keyEnv ? { ...t, services: { ...t.services, maps: { apiKeyEnv: keyEnv } } } : t;
}

/** The policy helmet sends for a brand, as directive name -> sources. */
function policy(
  t: Tenant,
  references: { adviewer: string | null; sso?: string | null } = { adviewer: null },
  path = '/',
): Map<string, string[]> {
  const headers = new Map<string, string>();
  const res = {
    locals: { tenant: t, nonce: 'bm9uY2U=' },
    setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), value),
  };
  let failed: unknown;
  contentSecurityPolicy(cspDirectives(references) as never)(
    { path } as never,
    res as never,
    (error?: unknown) => {
      failed = error;
    },
  );
  if (failed) throw failed;
  const header = headers.get('content-security-policy') ?? '';
  return new Map(
    header
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}

const GOOGLE = /google|gstatic|ggpht/;

describe('CSP and Google Maps', () => {
  it('allows no Google Maps origin for a brand without a key (named but unset, or not named)', () => {
    for (const t of [tenant('lins'), tenant('harvest', KEY_ENV)]) {
      const csp = policy(t);
      for (const name of ['script-src', 'style-src', 'img-src', 'connect-src', 'font-src']) {
        expect(
          csp.get(name)!.filter((s) => GOOGLE.test(s)),
          `${t.sitePath} ${name}`,
        ).toEqual([]);
      }
      expect(csp.get('frame-src')!.filter((s) => s.includes('www.google.com'))).toEqual([]);
      expect(csp.get('script-src')).toContain("'nonce-bm9uY2U='");
    }
  });

  it('allows Google Maps’ script, tiles, calls, frame and font for a brand whose key is set', () => {
    vi.stubEnv(KEY_ENV, 'AIza-test-key');
    const csp = policy(tenant('harvest', KEY_ENV));
    expect(csp.get('script-src')).toEqual(
      expect.arrayContaining(["'self'", "'nonce-bm9uY2U='", 'https://maps.googleapis.com']),
    );
    expect(csp.get('img-src')).toEqual(
      expect.arrayContaining([
        'https://maps.gstatic.com',
        'https://*.googleapis.com',
        'https://*.ggpht.com',
      ]),
    );
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://maps.googleapis.com']);
    expect(csp.get('frame-src')).toContain('https://www.google.com');
    expect(csp.get('font-src')).toContain('https://fonts.gstatic.com');
    expect(csp.get('style-src')).toContain('https://fonts.googleapis.com');
    // Never the key itself.
    expect([...csp.values()].flat().join(' ')).not.toContain('AIza');
    // Another brand on the same process keeps its strict policy.
    expect(policy(tenant('lins')).get('connect-src')).toEqual(["'self'"]);
  });
});

describe('CSP and the ad viewer', () => {
  it('frames and shows images from exactly the reference ad viewer for a brand without its own', () => {
    const csp = policy(tenant('lins'), { adviewer: 'http://127.0.0.1:41234/' });
    expect(csp.get('frame-src')).toEqual(['https://survey.example.com', 'http://127.0.0.1:41234']);
    expect(csp.get('img-src')).toContain('http://127.0.0.1:41234');
  });

  it("uses the brand's own ad viewer when its tenant file names one, and no other", () => {
    const t = tenant('lins');
    const own = {
      ...t,
      services: {
        ...t.services,
        adviewer: { url: 'https://ads.example.com/flyers', defaultPage: 'x' },
      },
    };
    const csp = policy(own, { adviewer: 'http://127.0.0.1:41234' });
    expect(csp.get('frame-src')).toEqual(['https://survey.example.com', 'https://ads.example.com']);
    expect(csp.get('img-src')).toContain('https://ads.example.com');
    expect([...csp.values()].flat()).not.toContain('http://127.0.0.1:41234');
  });

  it('frames only the survey when there is no ad viewer at all', () => {
    expect(policy(tenant('lins')).get('frame-src')).toEqual(['https://survey.example.com']);
  });
});

describe('CSP form-action and single sign-on', () => {
  const references = { adviewer: null, sso: 'http://127.0.0.1:40999' };

  it("lets an /sso page's form post end at the brand's partners and its provider", () => {
    const csp = policy(tenant('lins'), references, '/sso/login');
    expect(csp.get('form-action')).toEqual([
      "'self'",
      'http://localhost:8400',
      'http://127.0.0.1:40999',
    ]);
  });

  it('keeps every other page at form-action self', () => {
    for (const path of ['/', '/login', '/register', '/ssoish', '/account']) {
      expect(policy(tenant('lins'), references, path).get('form-action'), path).toEqual(["'self'"]);
    }
  });
});

describe('CSP and the installed app', () => {
  it("lets the site's own manifest and service worker load, nothing else's", () => {
    const csp = policy(tenant('lins'));
    expect(csp.get('manifest-src')).toEqual(["'self'"]);
    expect(csp.get('worker-src')).toEqual(["'self'"]);
  });
});
