import { describe, expect, it } from 'vitest';
import { camelCaseKeys, toCamelCase } from './case';

describe('toCamelCase', () => {
  it.each([
    ['FrqShopperNo', 'frqShopperNo'],
    ['AppUserLogin', 'appUserLogin'],
    ['OauthCustomerJwt', 'oauthCustomerJwt'],
    ['OfferImage1', 'offerImage1'],
    ['Address1', 'address1'],
    ['RewardSubscriptionAvailableCentsPerGallon', 'rewardSubscriptionAvailableCentsPerGallon'],
    ['ID', 'id'],
    ['Id', 'id'],
    ['HTMLText', 'htmlText'],
    ['access_token', 'accessToken'],
    ['refresh_token', 'refreshToken'],
    ['post_logout_redirect_uri', 'postLogoutRedirectUri'],
    ['SNAKE_CASE_KEY', 'snakeCaseKey'],
    ['kebab-case', 'kebabCase'],
    ['frqShopperNo', 'frqShopperNo'],
    ['points', 'points'],
    ['0001', '0001'],
    ['', ''],
    ['_', '_'],
  ])('%s → %s', (input, output) => {
    expect(toCamelCase(input)).toBe(output);
  });

  it('answers the same for a key asked again, also after more keys than it remembers', () => {
    expect(toCamelCase('HTMLText')).toBe('htmlText');
    expect(toCamelCase('HTMLText')).toBe('htmlText');
    for (let i = 0; i < 2500; i++) expect(toCamelCase(`Made_Up_Key${i}`)).toBe(`madeUpKey${i}`);
    expect(toCamelCase('HTMLText')).toBe('htmlText');
    expect(toCamelCase('FrqShopperNo')).toBe('frqShopperNo');
  });
});

describe('camelCaseKeys', () => {
  it('converts nested objects and arrays, leaving values alone', () => {
    const input = {
      Available: [{ OfferId: 1, BrandName: 'Acme', Tags: ['Keep_Me', 'AsIs'] }],
      AppUserLogin: { FirstName: 'Ava', MyStoreInfo: { MyStoreNumber: '0001' } },
      access_token: 'abc',
      Nothing: null,
      Count: 0,
    };
    expect(camelCaseKeys(input)).toEqual({
      available: [{ offerId: 1, brandName: 'Acme', tags: ['Keep_Me', 'AsIs'] }],
      appUserLogin: { firstName: 'Ava', myStoreInfo: { myStoreNumber: '0001' } },
      accessToken: 'abc',
      nothing: null,
      count: 0,
    });
  });

  it('handles top-level arrays and primitives', () => {
    expect(camelCaseKeys([{ A_B: 1 }, 2, 'x', null])).toEqual([{ aB: 1 }, 2, 'x', null]);
    expect(camelCaseKeys('Text')).toBe('Text');
    expect(camelCaseKeys(null)).toBeNull();
  });

  it('never touches a prototype through a __proto__ key', () => {
    const parsed = JSON.parse('{"__proto__": {"Polluted": true}, "constructor": {"Prototype": 1}}');
    const out = camelCaseKeys(parsed) as Record<string, unknown>;
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(out.proto).toEqual({ polluted: true });
  });
});
