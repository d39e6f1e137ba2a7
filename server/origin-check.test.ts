import { describe, expect, it } from 'vitest';
import { isAllowedOrigin } from './origin-check';

const base = {
  host: 'lins.localhost:3000',
  canonicalOrigin: 'https://www.lins.example',
  referer: undefined,
};

describe('isAllowedOrigin', () => {
  it('lets safe methods through', () => {
    expect(isAllowedOrigin({ ...base, method: 'GET', origin: 'https://evil.example' })).toBe(true);
  });
  it('accepts the same host and the canonical origin', () => {
    expect(isAllowedOrigin({ ...base, method: 'POST', origin: 'http://lins.localhost:3000' })).toBe(
      true,
    );
    expect(isAllowedOrigin({ ...base, method: 'POST', origin: 'https://www.lins.example' })).toBe(
      true,
    );
  });
  it('refuses another origin, another brand and a missing origin', () => {
    expect(isAllowedOrigin({ ...base, method: 'POST', origin: 'https://evil.example' })).toBe(
      false,
    );
    expect(isAllowedOrigin({ ...base, method: 'POST', origin: 'http://dans.localhost:3000' })).toBe(
      false,
    );
    expect(isAllowedOrigin({ ...base, method: 'POST', origin: undefined })).toBe(false);
    expect(isAllowedOrigin({ ...base, method: 'DELETE', origin: 'null' })).toBe(false);
  });
  it('falls back to the Referer when there is no Origin', () => {
    expect(
      isAllowedOrigin({
        ...base,
        method: 'POST',
        origin: undefined,
        referer: 'http://lins.localhost:3000/login',
      }),
    ).toBe(true);
    expect(
      isAllowedOrigin({
        ...base,
        method: 'POST',
        origin: undefined,
        referer: 'https://evil.example/x',
      }),
    ).toBe(false);
    expect(
      isAllowedOrigin({ ...base, method: 'POST', origin: undefined, referer: 'not a url' }),
    ).toBe(false);
  });
});
