import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAnalytics, dataLayer } from './analytics';

describe('analytics', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup() {
    const target: Record<string, unknown> = {};
    let title = 'Home - Store';
    const analytics = createAnalytics({
      dataLayerName: 'shopLayer',
      target,
      getTitle: () => title,
    });
    return {
      target,
      analytics,
      setTitle: (t: string) => (title = t),
      layer: () => target.shopLayer as unknown[] | undefined,
    };
  }

  it('pushes nothing before it is started', () => {
    const { analytics, layer } = setup();
    analytics.routeChanged('/');
    vi.advanceTimersByTime(1000);
    expect(layer()).toBeUndefined();
    expect(analytics.started).toBe(false);
  });

  it('pushes a page view for the current page 250 ms after starting', () => {
    const { analytics, layer } = setup();
    analytics.routeChanged('/weekly-ad');
    analytics.start();
    expect(layer()).toEqual([]);
    vi.advanceTimersByTime(249);
    expect(layer()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(layer()).toEqual([
      { event: 'page_view', page_path: '/weekly-ad', page_title: 'Home - Store' },
    ]);
  });

  it('pushes 250 ms after each route change, reading the title at push time', () => {
    const { analytics, layer, setTitle } = setup();
    analytics.start();
    analytics.routeChanged('/');
    vi.advanceTimersByTime(250);
    analytics.routeChanged('/posts');
    setTitle('Posts - Store');
    vi.advanceTimersByTime(250);
    expect(layer()).toEqual([
      { event: 'page_view', page_path: '/', page_title: 'Home - Store' },
      { event: 'page_view', page_path: '/posts', page_title: 'Posts - Store' },
    ]);
  });

  it('counts only the last of several quick route changes', () => {
    const { analytics, layer } = setup();
    analytics.start();
    analytics.routeChanged('/a');
    vi.advanceTimersByTime(100);
    analytics.routeChanged('/b');
    vi.advanceTimersByTime(250);
    expect(layer()).toHaveLength(1);
    expect((layer()![0] as { page_path: string }).page_path).toBe('/b');
  });

  it('starts only once and cancels a pending push on dispose', () => {
    const { analytics, layer } = setup();
    analytics.routeChanged('/');
    analytics.start();
    analytics.start();
    analytics.dispose();
    vi.advanceTimersByTime(1000);
    expect(layer()).toEqual([]);
  });

  it('reuses an existing data layer array', () => {
    const existing = [{ event: 'gtm.js' }];
    const target: Record<string, unknown> = { dataLayer: existing };
    expect(dataLayer(target, 'dataLayer')).toBe(existing);
    const analytics = createAnalytics({ dataLayerName: 'dataLayer', target, getTitle: () => 'T' });
    analytics.start();
    analytics.routeChanged('/x');
    vi.advanceTimersByTime(250);
    expect(existing).toHaveLength(2);
  });
});
