import { afterAll, describe, expect, it } from 'vitest';
import { storeTargets } from '@test/stores';
import { openSiteStore, type SiteStore } from '~/lib/site-store/site-store.server';
import {
  CASE_ALPHABET,
  CASE_NUMBER_PATTERN,
  drawCaseNumber,
  newCaseNumber,
} from './case-numbers.server';

const stores: SiteStore[] = [];
afterAll(async () => {
  for (const store of stores) await store.close();
});

describe('drawCaseNumber', () => {
  it('three groups of three from letters and digits that cannot be misread', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const n = drawCaseNumber();
      expect(n).toMatch(CASE_NUMBER_PATTERN);
      expect(n).not.toMatch(/[01OILUS]/);
      seen.add(n);
    }
    expect(seen.size).toBe(2000);
    expect(CASE_ALPHABET).toHaveLength(29);
  });

  it('is not a count: each character is drawn, every one of the alphabet equally likely', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 3000; i++) {
      for (const c of drawCaseNumber().replace(/-/g, '')) counts.set(c, (counts.get(c) ?? 0) + 1);
    }
    expect(counts.size).toBe(29);
    const mean = (3000 * 9) / 29;
    for (const count of counts.values()) expect(Math.abs(count - mean) / mean).toBeLessThan(0.2);
  });
});

describe.each(storeTargets())('case numbers on $name', (target) => {
  let store: SiteStore;
  it('stores each with the brand and form, and draws again on a clash', async () => {
    store = await openSiteStore({ dataDir: target.dataDir, databaseUrl: target.databaseUrl });
    stores.push(store);
    const first = await newCaseNumber(store, { brand: 'lins', form: 'customer-service' });
    const draws = [first, first, 'ABC-DEF-GHJ'];
    const second = await newCaseNumber(
      store,
      { brand: 'dans', form: 'contact' },
      () => draws.shift()!,
    );
    expect(second).toBe('ABC-DEF-GHJ');
    const rows = await store.query<{ brand: string; form_slug: string }>(
      'select brand, form_slug from form_cases where case_number = any($1) order by brand',
      [[first, second]],
    );
    expect(rows).toEqual([
      { brand: 'dans', form_slug: 'contact' },
      { brand: 'lins', form_slug: 'customer-service' },
    ]);
    await expect(newCaseNumber(store, { brand: 'x', form: 'y' }, () => first)).rejects.toThrow(
      /no free case number/,
    );
  });
});
