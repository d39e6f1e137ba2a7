import { describe, expect, it } from 'vitest';
import type { Tenant } from '~/lib/tenant/schema';
import { ssoFormActionOrigins } from './form-action.server';

const client = (redirectUris: string[]) => ({
  clientId: 'c',
  name: 'C',
  redirectUris,
  postLogoutRedirectUris: [],
  scopes: ['openid'],
});
const tenant = (sso: unknown) => ({ services: { sso } }) as Pick<Tenant, 'services'>;

describe('ssoFormActionOrigins', () => {
  it('lists the partners’ redirect origins and the reference provider, once each', () => {
    const t = tenant({
      clients: [
        client(['http://localhost:8400/callback', 'http://localhost:8400/other']),
        client(['https://shop.example/cb?x=1']),
      ],
    });
    expect(ssoFormActionOrigins(t, { sso: 'http://127.0.0.1:41234' })).toEqual([
      'http://localhost:8400',
      'https://shop.example',
      'http://127.0.0.1:41234',
    ]);
  });

  it('names the brand’s own provider instead of the reference one', () => {
    const t = tenant({
      url: 'https://id.retailer.example/',
      clients: [client(['https://a.example/cb'])],
    });
    expect(ssoFormActionOrigins(t, { sso: 'http://127.0.0.1:41234' })).toEqual([
      'https://a.example',
      'https://id.retailer.example',
    ]);
  });

  it('adds nothing for a brand without partner clients', () => {
    expect(ssoFormActionOrigins(tenant(undefined), { sso: 'http://127.0.0.1:1' })).toEqual([]);
    expect(ssoFormActionOrigins(tenant({ clients: [] }), { sso: 'http://127.0.0.1:1' })).toEqual(
      [],
    );
  });
});
