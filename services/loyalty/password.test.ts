import { describe, expect, it } from 'vitest';
import { hashSecret, normalizeAnswer, verifySecret } from './password';
import { safeEqual } from './http';

describe('password hashing', () => {
  it('stores scrypt$N$r$p$salt$hash with a random 16-byte salt', async () => {
    const a = await hashSecret('Shopper1!pass');
    const b = await hashSecret('Shopper1!pass');
    const parts = a.split('$');
    expect(parts).toHaveLength(6);
    expect(parts.slice(0, 4)).toEqual(['scrypt', '16384', '8', '1']);
    expect(Buffer.from(parts[4], 'base64')).toHaveLength(16);
    expect(Buffer.from(parts[5], 'base64')).toHaveLength(32);
    expect(a).not.toBe(b);
    expect(a).not.toContain('Shopper1!pass');
  });

  it('verifies the right secret only', async () => {
    const stored = await hashSecret('correct horse');
    expect(await verifySecret('correct horse', stored)).toBe(true);
    expect(await verifySecret('correct horsE', stored)).toBe(false);
    expect(await verifySecret('', stored)).toBe(false);
  });

  it('answers false for a missing or malformed stored value', async () => {
    expect(await verifySecret('x', null)).toBe(false);
    expect(await verifySecret('x', 'plain-text')).toBe(false);
    expect(await verifySecret('x', 'bcrypt$1$2$3$4$5')).toBe(false);
  });

  it('normalises security answers', () => {
    expect(normalizeAnswer('  Biscuit   the  Dog ')).toBe('biscuit the dog');
  });

  it('compares credentials in constant time whatever their length', () => {
    expect(safeEqual('site:dev', 'site:dev')).toBe(true);
    expect(safeEqual('site:de', 'site:dev')).toBe(false);
    expect(safeEqual('', 'site:dev')).toBe(false);
  });
});
