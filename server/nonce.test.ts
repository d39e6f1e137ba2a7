import { describe, expect, it } from 'vitest';
import { createNonceSource } from './nonce';

describe('CSP nonces', () => {
  it('are 16 random bytes in base64, never twice the same, across refills of the pool', () => {
    const nonce = createNonceSource();
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const value = nonce();
      expect(value).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(Buffer.from(value, 'base64')).toHaveLength(16);
      seen.add(value);
    }
    expect(seen.size).toBe(2000);
  });

  it('two sources never give the same nonces', () => {
    const a = createNonceSource();
    const b = createNonceSource();
    const first = new Set(Array.from({ length: 300 }, () => a()));
    for (let i = 0; i < 300; i++) expect(first.has(b())).toBe(false);
  });
});
