import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TenantRegistry } from '~/lib/tenant/registry.server';
import type { Tenant } from '~/lib/tenant/schema';
import { ssoBrands } from './sso-brands';

const registry = new TenantRegistry(path.resolve(__dirname, '..', 'tenants'), 4321);
registry.reload();
const lins = registry.get('lins')!;
const dans = registry.get('dans')!;

const withSso = (t: Tenant, sso: Tenant['services']['sso']): Tenant => ({
  ...t,
  services: { ...t.services, sso },
});

describe('the brands of the in-process SSO provider', () => {
  it('are the demo brands with their clients, origins and loyalty apps', () => {
    const brands = ssoBrands(registry.all(), 'site:embedded', {});
    expect(brands.map((b) => b.sitePath)).toEqual(registry.all().map((t) => t.sitePath));
    const first = brands.find((b) => b.sitePath === 'lins')!;
    expect(first).toEqual({
      sitePath: 'lins',
      origin: 'http://lins.localhost:4321',
      loyalty: { appId: 'lins', basic: 'site:embedded' },
      clients: lins.services.sso!.clients,
    });
    expect(first.clients[0]).toMatchObject({
      clientId: 'lins-online-ordering',
      redirectUris: ['http://localhost:8400/callback'],
    });
  });

  it('leave out a brand with a provider of its own or no partner client', () => {
    const own = withSso(lins, {
      url: 'https://idp.example.com',
      clients: lins.services.sso!.clients,
    });
    const none = withSso(dans, { clients: [] });
    const unset = withSso(dans, undefined);
    expect(ssoBrands([own, none, unset], 'site:embedded')).toEqual([]);
  });

  it('take the loyalty credential the tenant names, else the embedded one, else none', () => {
    const variable = lins.services.loyalty!.basicCredentialEnv!;
    const named = ssoBrands([lins], 'site:embedded', { [variable]: 'retailer:secret' });
    expect(named[0].loyalty).toEqual({ appId: 'lins', basic: 'retailer:secret' });

    const warnings: object[] = [];
    const missing = ssoBrands([lins], null, {}, (obj) => warnings.push(obj));
    expect(missing[0].loyalty).toBeNull();
    expect(warnings).toEqual([{ tenant: 'lins', variable }]);
  });
});
