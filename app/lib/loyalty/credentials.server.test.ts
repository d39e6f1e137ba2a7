import { afterEach, describe, expect, it } from 'vitest';
import { clearLoyaltyClients, loyaltyClientFor } from './credentials.server';
import { LoyaltyConfigError } from './errors';

const tenant = (loyalty?: {
  appId: string;
  basicCredentialEnv?: string;
  bearerTokenEnv?: string;
}) => ({
  sitePath: 'harvest',
  services: loyalty ? { loyalty } : {},
});
const named = tenant({
  appId: 'harvest',
  basicCredentialEnv: 'H_BASIC',
  bearerTokenEnv: 'H_BEARER',
});
const embedded = { url: 'http://127.0.0.1:3999', basic: 'site:dev', bearer: 'dev-token' };
const secret = 'svc:very-secret-value';

afterEach(() => clearLoyaltyClients());

function configError(fn: () => unknown): LoyaltyConfigError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(LoyaltyConfigError);
    return error as LoyaltyConfigError;
  }
  throw new Error('expected a configuration error');
}

describe('loyaltyClientFor', () => {
  it('uses the embedded service and its development defaults when nothing is set', () => {
    const c = loyaltyClientFor(named, { LOYALTY_API_URL: undefined }, embedded, { source: {} });
    expect(c.appId).toBe('harvest');
  });

  it('caches one client per tenant and configuration', () => {
    const one = loyaltyClientFor(named, {}, embedded, { source: {} });
    expect(loyaltyClientFor(named, {}, embedded, { source: {} })).toBe(one);
    const other = loyaltyClientFor(named, {}, embedded, { source: { H_BEARER: 'another' } });
    expect(other).not.toBe(one);
    const otherTenant = tenant({ appId: 'dans' });
    expect(loyaltyClientFor(otherTenant, {}, embedded, { source: {} })).not.toBe(one);
  });

  it('a real backend needs the variables the tenant names; the error names the variable only', () => {
    const e = configError(() =>
      loyaltyClientFor(named, { LOYALTY_API_URL: 'https://loyalty.example.com' }, embedded, {
        source: { H_BASIC: secret },
      }),
    );
    expect(e.message).toContain('H_BEARER');
    expect(e.message).not.toContain('very-secret-value');
    const ok = loyaltyClientFor(named, { LOYALTY_API_URL: 'https://loyalty.example.com' }, null, {
      source: { H_BASIC: secret, H_BEARER: 'token' },
    });
    expect(ok.appId).toBe('harvest');
  });

  it('a real backend with a tenant that names no variable is a configuration error', () => {
    const e = configError(() =>
      loyaltyClientFor(tenant({ appId: 'x' }), { LOYALTY_API_URL: 'https://l.example.com' }, null, {
        source: {},
      }),
    );
    expect(e.message).toContain('basicCredentialEnv');
  });

  it('refuses a Basic value that is not user:password, without echoing it', () => {
    const e = configError(() =>
      loyaltyClientFor(named, {}, embedded, { source: { H_BASIC: 'justatoken-secret' } }),
    );
    expect(e.message).toContain('H_BASIC');
    expect(e.message).not.toContain('justatoken-secret');
  });

  it('no URL and no embedded service, or no loyalty section: configuration errors', () => {
    expect(configError(() => loyaltyClientFor(named, {}, null, { source: {} })).message).toContain(
      'LOYALTY_API_URL',
    );
    expect(configError(() => loyaltyClientFor(tenant(), {}, embedded)).message).toContain(
      'harvest',
    );
  });
});
