import { describe, expect, it } from 'vitest';
import { signUnsubscribe, verifyUnsubscribe } from './token.server';

const SECRET = 'a-secret-that-is-long-enough-0123456789';

describe('unsubscribe tokens', () => {
  it('carries brand, shopper and kind, and only under the secret it was signed with', () => {
    const token = signUnsubscribe(SECRET, {
      brand: 'dans',
      shopperNo: '123',
      kind: 'rewardsReady',
    });
    expect(token).toMatch(/^v1\.[\w-]+\.[\w-]+$/);
    expect(verifyUnsubscribe(SECRET, token)).toEqual({
      brand: 'dans',
      shopperNo: '123',
      kind: 'rewardsReady',
    });
    expect(verifyUnsubscribe(`${SECRET}x`, token)).toBeNull();
    const all = signUnsubscribe(SECRET, { brand: 'dans', shopperNo: '123', kind: 'all' });
    expect(verifyUnsubscribe(SECRET, all)?.kind).toBe('all');
  });

  it('refuses altered, truncated, other-version and garbage tokens without throwing', () => {
    const token = signUnsubscribe(SECRET, {
      brand: 'dans',
      shopperNo: '123',
      kind: 'couponsExpiring',
    });
    const [v, payload, mac] = token.split('.') as [string, string, string];
    const other = Buffer.from(JSON.stringify(['lins', '123', 'couponsExpiring'])).toString(
      'base64url',
    );
    for (const bad of [
      `${v}.${other}.${mac}`,
      token.slice(0, -3),
      `v2.${payload}.${mac}`,
      `${v}.${payload}`,
      'not a token',
      '',
      'a'.repeat(2000),
      null,
      42,
    ]) {
      expect(verifyUnsubscribe(SECRET, bad)).toBeNull();
    }
  });
});
