import { describe, expect, it } from 'vitest';
import { shopperKey } from './shopper-key.server';

describe('shopperKey', () => {
  it('names a shopper alike each time, differently from others, and never by the card number', () => {
    const a = shopperKey('s'.repeat(32), 'southend', '40001234');
    expect(a).toMatch(/^[\w-]{22}$/);
    expect(shopperKey('s'.repeat(32), 'southend', '40001234')).toBe(a);
    expect(shopperKey('s'.repeat(32), 'southend', '40001235')).not.toBe(a);
    expect(shopperKey('s'.repeat(32), 'lins', '40001234')).not.toBe(a);
    expect(shopperKey('t'.repeat(32), 'southend', '40001234')).not.toBe(a);
    expect(a).not.toContain('40001234');
  });
});
