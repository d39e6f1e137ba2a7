/** The service as a whole: queries never throw. */
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SITE, useContentFixture } from '@test/content-fixture';

const fx = useContentFixture();
const { service } = fx;

describe('robustness', () => {
  it('never throws for odd input', () => {
    const s = service();
    expect(s.posts('../etc', {})).toEqual(expect.any(Array));
    expect(s.post(SITE, 'recipes', '../../x')).toBeNull();
    expect(s.menu(SITE, '../shared/menus/footer')).toBeNull();
    expect(s.search(SITE, '')).toEqual([]);
    expect(s.pagePromos(SITE, undefined as unknown as string)).toEqual([]);
    expect(s.problems('../etc').some((p) => p.message === 'not a valid site path')).toBe(true);
  });

  it('gives empty results when the content folder does not exist', () => {
    const s = service({ dir: path.join(os.tmpdir(), 'content-does-not-exist-xyz') });
    expect(s.posts(SITE)).toEqual([]);
    expect(s.home(SITE)).toBeNull();
    expect(s.banner(SITE)).toBeNull();
    expect(s.mapStyles(SITE)).toEqual([]);
    expect(s.problems(SITE)).toEqual([]);
  });
});
