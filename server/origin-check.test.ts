import { describe, expect, it } from 'vitest';
import { isAllowedOrigin } from './origin-check';

const base = {
  host: 'lins.localhost:3000',
  protocol: 'http',
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
  it('compares the scheme too: http and https of one host are different origins', () => {
    // A page over plain http (a captive portal, a downgraded link) posting to the https site…
    const https = { ...base, protocol: 'https', host: 'lins.example' };
    expect(isAllowedOrigin({ ...https, method: 'POST', origin: 'http://lins.example' })).toBe(
      false,
    );
    expect(
      isAllowedOrigin({
        ...https,
        method: 'POST',
        origin: undefined,
        referer: 'http://lins.example/login',
      }),
    ).toBe(false);
    expect(isAllowedOrigin({ ...https, method: 'POST', origin: 'https://lins.example' })).toBe(
      true,
    );
    // …and the other way round.
    const http = { ...base, protocol: 'http', host: 'lins.example' };
    expect(isAllowedOrigin({ ...http, method: 'POST', origin: 'https://lins.example' })).toBe(
      false,
    );
    expect(isAllowedOrigin({ ...http, method: 'POST', origin: 'http://lins.example' })).toBe(true);
    // The canonical origin must match with its scheme as well.
    expect(isAllowedOrigin({ ...http, method: 'POST', origin: 'http://www.lins.example' })).toBe(
      false,
    );
  });
  it('reads a default port and letter case as the browser writes the Origin', () => {
    const http = { ...base, protocol: 'http', host: 'LINS.example:80' };
    expect(isAllowedOrigin({ ...http, method: 'POST', origin: 'http://lins.example' })).toBe(true);
    const https = { ...base, protocol: 'https', host: 'lins.example:443' };
    expect(isAllowedOrigin({ ...https, method: 'POST', origin: 'https://lins.example' })).toBe(
      true,
    );
    expect(isAllowedOrigin({ ...https, method: 'POST', origin: 'https://lins.example:8443' })).toBe(
      false,
    );
  });
  it('refuses when the Host is no host[:port]', () => {
    for (const host of ['evil.example@lins.example', 'lins.example/x', '', 'lins.example:99999x']) {
      expect(isAllowedOrigin({ ...base, host, method: 'POST', origin: `http://${host}` })).toBe(
        false,
      );
    }
  });
});
