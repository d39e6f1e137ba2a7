import { describe, expect, it } from 'vitest';
import { pageMeta, pageTitle } from './meta';

const matches = [{ id: 'root', data: { tenant: { title: "Lin's Fresh Market" } } }];

describe('page meta', () => {
  it("titles a page '{page} - {retailer}'", () => {
    expect(pageTitle(matches, 'Weekly Ad')).toBe("Weekly Ad - Lin's Fresh Market");
    expect(pageTitle(matches, null)).toBe("Lin's Fresh Market");
  });

  it('adds a description written around the retailer name', () => {
    expect(pageMeta(matches, 'Store Locator', (r) => `Find a ${r} store near you.`)).toEqual([
      { title: "Store Locator - Lin's Fresh Market" },
      { name: 'description', content: "Find a Lin's Fresh Market store near you." },
    ]);
  });

  it("keeps a content page's own description and leaves it out when there is none", () => {
    expect(pageMeta(matches, 'Turkey', 'How long to roast it.')[1]).toEqual({
      name: 'description',
      content: 'How long to roast it.',
    });
    expect(pageMeta(matches, 'Turkey', null)).toHaveLength(1);
    expect(pageMeta(matches, 'Turkey', '')).toHaveLength(1);
  });

  it('writes no half sentence when the retailer is not known', () => {
    expect(pageMeta([], 'Register', (r) => `Create your ${r} account.`)).toEqual([
      { title: 'Register' },
    ]);
  });
});
