import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hostnameOf, loadTenants, parseTenantFile, TenantRegistry } from './registry.server';

const valid = (site: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    sitePath: site,
    hostnames: [`${site}.localhost`],
    retailerName: `${site} market`,
    ...extra,
  });

let dirs: string[] = [];
let registries: TenantRegistry[] = [];
function tempDir() {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'tenants-'));
  dirs.push(d);
  return d;
}
afterEach(() => {
  registries.forEach((r) => r.stop());
  dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
  registries = [];
  dirs = [];
});

async function until(check: () => boolean, ms: number) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return check();
}

describe('parseTenantFile', () => {
  it('applies defaults: theme colours, rewards, menus', () => {
    const r = parseTenantFile('/x/alpha.json', valid('alpha'), 3000);
    expect('tenant' in r).toBe(true);
    if (!('tenant' in r)) return;
    expect(r.tenant.theme).toEqual({ primary: '#006993', secondary: '#62cbc9' });
    expect(r.tenant.origin).toBe('http://alpha.localhost:3000');
    expect(r.tenant.title).toBe('alpha market');
    expect(r.tenant.menus).toEqual({ main: 'main', mainTop: 'main-top', footer: 'footer' });
    expect(r.tenant.rewards.guestRedirect).toBe('/about-rewards');
  });

  it('uses the canonical origin when given, never a port guess', () => {
    const r = parseTenantFile(
      '/x/alpha.json',
      valid('alpha', { canonicalOrigin: 'https://www.alpha.example/' }),
      3000,
    );
    expect('tenant' in r && r.tenant.origin).toBe('https://www.alpha.example');
  });

  it('names the failing field', () => {
    const r = parseTenantFile('/x/alpha.json', valid('alpha', { theme: { primary: 'red' } }), 3000);
    expect(r).toEqual({
      problem: { file: 'alpha.json', message: expect.stringContaining('theme.primary') },
    });
  });

  it('refuses unknown fields, bad JSON and a file name that differs from sitePath', () => {
    expect(parseTenantFile('/x/alpha.json', valid('alpha', { colour: 1 }), 3000)).toHaveProperty(
      'problem',
    );
    expect(parseTenantFile('/x/alpha.json', '{ nope', 3000)).toHaveProperty(
      'problem.message',
      expect.stringContaining('not valid JSON'),
    );
    expect(parseTenantFile('/x/beta.json', valid('alpha'), 3000)).toHaveProperty(
      'problem.message',
      expect.stringContaining('sitePath'),
    );
  });

  it('refuses a secret value where an environment variable name is expected', () => {
    const r = parseTenantFile(
      '/x/alpha.json',
      valid('alpha', { services: { loyalty: { appId: 'a', bearerTokenEnv: 'abc123 secret' } } }),
      3000,
    );
    expect(r).toHaveProperty(
      'problem.message',
      expect.stringContaining('services.loyalty.bearerTokenEnv'),
    );
  });

  it('refuses an afterLogIn that leaves the site', () => {
    expect(
      parseTenantFile('/x/alpha.json', valid('alpha', { afterLogIn: '//evil.example' }), 3000),
    ).toHaveProperty('problem');
    expect(
      parseTenantFile('/x/alpha.json', valid('alpha', { afterLogIn: '/rewards' }), 3000),
    ).toHaveProperty('tenant');
  });

  it('refuses a short name over 12 characters (the name under an installed app)', () => {
    const parse = (shortName: string) =>
      parseTenantFile('/x/alpha.json', valid('alpha', { shortName }), 3000);
    expect(parse('Alpha Market!')).toMatchObject({
      problem: { message: expect.stringContaining('shortName: must be at most 12') },
    });
    expect(parse('Alpha Market')).toHaveProperty('tenant.shortName', 'Alpha Market');
  });
});

describe('loadTenants', () => {
  it('keeps serving valid brands when one file is invalid, and refuses host clashes', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'alpha.json'), valid('alpha'));
    fs.writeFileSync(
      path.join(dir, 'beta.json'),
      valid('beta', { hostnames: ['alpha.localhost'] }),
    );
    fs.writeFileSync(path.join(dir, 'gamma.json'), valid('gamma', { retailerName: '' }));
    fs.writeFileSync(path.join(dir, 'schema.json'), '{}');
    const { tenants, problems } = loadTenants(dir, 3000);
    expect(tenants.map((t) => t.sitePath)).toEqual(['alpha']);
    expect(problems.map((p) => p.file).sort()).toEqual(['beta.json', 'gamma.json']);
    expect(problems.find((p) => p.file === 'gamma.json')?.message).toContain('retailerName');
  });
});

describe('hostnameOf', () => {
  it('strips port and trailing dot, lower-cases, refuses empties and IPv6', () => {
    expect(hostnameOf('Lins.LocalHost:3000')).toBe('lins.localhost');
    expect(hostnameOf('lins.localhost.')).toBe('lins.localhost');
    expect(hostnameOf('')).toBeNull();
    expect(hostnameOf(undefined)).toBeNull();
    expect(hostnameOf('[::1]:3000')).toBeNull();
  });
});

describe('TenantRegistry', () => {
  it('serves a new file within 5 s without a restart and ignores an invalid one', async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'alpha.json'), valid('alpha'));
    const registry = new TenantRegistry(dir, 3000).start(500);
    registries.push(registry);
    expect(registry.resolve('alpha.localhost:3000')?.sitePath).toBe('alpha');
    expect(registry.resolve('beta.localhost')).toBeNull();

    fs.writeFileSync(path.join(dir, 'beta.json'), valid('beta'));
    fs.writeFileSync(path.join(dir, 'broken.json'), '{"sitePath": "broken"');
    expect(await until(() => registry.resolve('beta.localhost') !== null, 5000)).toBe(true);
    expect(registry.resolve('alpha.localhost')?.sitePath).toBe('alpha');
    expect(registry.all().map((t) => t.sitePath)).toEqual(['alpha', 'beta']);
  });

  it('keeps the last good version of a brand whose file becomes invalid', async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'alpha.json'), valid('alpha'));
    const registry = new TenantRegistry(dir, 3000).start(200);
    registries.push(registry);
    fs.writeFileSync(path.join(dir, 'alpha.json'), valid('alpha', { theme: { primary: 'nope' } }));
    registry.reloadIfChanged();
    expect(registry.resolve('alpha.localhost')?.retailerName).toBe('alpha market');
    fs.writeFileSync(path.join(dir, 'alpha.json'), valid('alpha', { retailerName: 'Alpha Foods' }));
    expect(
      await until(() => registry.resolve('alpha.localhost')?.retailerName === 'Alpha Foods', 5000),
    ).toBe(true);
  });

  it('stops serving a brand whose file is removed', async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'alpha.json'), valid('alpha'));
    fs.writeFileSync(path.join(dir, 'beta.json'), valid('beta'));
    const registry = new TenantRegistry(dir, 3000).start(200);
    registries.push(registry);
    fs.rmSync(path.join(dir, 'beta.json'));
    expect(await until(() => registry.resolve('beta.localhost') === null, 5000)).toBe(true);
  });
});
