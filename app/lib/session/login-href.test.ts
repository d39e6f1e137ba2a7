import { describe, expect, it } from 'vitest';
import { guestLoginHref, loginHref } from './login-href';

const req = (path: string) => new Request(`http://lins.localhost${path}`);

describe('loginHref', () => {
  it('carries a path of this site as redirectTo, and nothing for the home page', () => {
    expect(loginHref('/account')).toBe('/login?redirectTo=%2Faccount');
    expect(loginHref('/digital-coupons?q=milk', 'clip')).toBe(
      '/login?reason=clip&redirectTo=%2Fdigital-coupons%3Fq%3Dmilk',
    );
    expect(loginHref('/')).toBe('/login');
  });

  it('drops a destination off this site', () => {
    expect(loginHref('//evil.example/x')).toBe('/login');
    expect(loginHref('https://evil.example/')).toBe('/login');
    expect(loginHref('/\\evil.example')).toBe('/login');
  });
});

describe('guestLoginHref', () => {
  it("is /login back to the page asked for, its query kept, the framework's parameters not", () => {
    expect(guestLoginHref(req('/account/data-preferences'))).toBe(
      '/login?redirectTo=%2Faccount%2Fdata-preferences',
    );
    expect(guestLoginHref(req('/rewards?tab=offers'))).toBe(
      '/login?redirectTo=%2Frewards%3Ftab%3Doffers',
    );
    expect(guestLoginHref(req('/account?index&_data=routes%2Faccount._index'))).toBe(
      '/login?redirectTo=%2Faccount',
    );
  });
});
