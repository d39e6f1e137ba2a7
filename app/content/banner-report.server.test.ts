import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startActionHarness, type ActionHarness } from '@test/action-harness';
import { logger } from '@common/logger.server';
import { createRateLimits } from '~/lib/security/rate-limit.server';
import { action as bannerReportRoute } from '~/routes/banner-report';
import { startAdviewerService, type AdviewerService } from '@test/reference-services';

/**
 * Banner views and clicks through the site's route to the reference ad studio (services/adviewer,
 * on loopback, reached over HTTP as a retailer's own would be): counted there once per page view,
 * banner and event, at most so many a minute from one address, only for the brand's current
 * banner, and a bad post or an ad studio that is down never fails.
 */
let h: ActionHarness;
let studio: AdviewerService;
const SITE = 'lins';

beforeAll(async () => {
  h = await startActionHarness({ sites: [SITE] });
  studio = await startAdviewerService({ port: 0 });
  h.services.references.adviewer = studio.url;
}, 60_000);
afterAll(async () => {
  await studio?.close();
  await h?.close();
});

const bannerSlug = () => h.services.content.banner(SITE)!.slug;
/** A page view's id, as the banner draws one (app/shell/site-banner.tsx). */
const newView = () => crypto.randomBytes(16).toString('hex');
/** A report; a new page view each time unless `view` is given. */
const report = (form: Record<string, string>, clientIp?: string) =>
  h
    .browser(SITE, { clientIp })
    .call(bannerReportRoute, '/banner-report', { view: newView(), ...form });

describe('/banner-report', () => {
  it("reports the brand's banner view and click to the ad studio, once per post", async () => {
    const id = bannerSlug();
    expect((await report({ event: 'view', id })).status).toBe(204);
    expect((await report({ event: 'click', id })).status).toBe(204);
    expect((await report({ event: 'view', id })).status).toBe(204);
    const counts = studio.health().adStudio;
    expect(counts.views[id]).toBe(2);
    expect(counts.clicks[id]).toBe(1);
  });

  it("reports the brand's page promos (the home page's banner ad) under their ids", async () => {
    const [promo] = h.services.content.pagePromos(SITE, 'home');
    expect(promo.id).toBe('promo-home-middle');
    expect(h.services.content.pagePromoIds(SITE)).toContain('promo-digital-coupons-top');
    const before = studio.health().adStudio;
    expect((await report({ event: 'view', id: promo.id })).status).toBe(204);
    expect((await report({ event: 'click', id: promo.id })).status).toBe(204);
    const counts = studio.health().adStudio;
    expect(counts.views[promo.id]).toBe((before.views[promo.id] ?? 0) + 1);
    expect(counts.clicks[promo.id]).toBe((before.clicks[promo.id] ?? 0) + 1);
  });

  it("sends nothing for a post that is not the brand's current banner or a promo", async () => {
    const before = JSON.stringify(studio.health().adStudio);
    for (const id of ['some-other-post', 'back-to-school', 'promo-home', 'promo-nowhere-top']) {
      expect((await report({ event: 'view', id })).status).toBe(204);
    }
    expect(JSON.stringify(studio.health().adStudio)).toBe(before);
  });

  it('refuses a bad post with 400 and changes nothing', async () => {
    const before = JSON.stringify(studio.health().adStudio);
    const id = bannerSlug();
    const forms: Record<string, string>[] = [
      {},
      { event: 'view', id, view: '' },
      { event: 'view', id, view: 'short' },
      { event: 'view', id, view: '../../x'.repeat(4) },
      { event: 'hover', id },
      { event: 'view', id: '' },
      { event: 'view', id: '../../x' },
      { event: 'view', id: 'x'.repeat(500) },
    ];
    for (const form of forms) {
      expect((await report(form)).status, JSON.stringify(form).slice(0, 40)).toBe(400);
    }
    expect(JSON.stringify(studio.health().adStudio)).toBe(before);
  });

  it('counts a page view once, however often its report arrives', async () => {
    const id = bannerSlug();
    const before = { ...studio.health().adStudio };
    const view = newView();
    for (let i = 0; i < 5; i++) {
      expect((await report({ event: 'view', id, view }, '203.0.113.20')).status).toBe(204);
      expect((await report({ event: 'click', id, view }, '203.0.113.20')).status).toBe(204);
    }
    // Another page view of the same shopper counts again.
    expect((await report({ event: 'view', id }, '203.0.113.20')).status).toBe(204);
    const after = studio.health().adStudio;
    expect(after.views[id]).toBe((before.views[id] ?? 0) + 2);
    expect(after.clicks[id]).toBe((before.clicks[id] ?? 0) + 1);
  });

  it('counts at most the limit from one address a minute, and answers the rest 429 at once', async () => {
    const limits = h.services.accounts.limits;
    h.services.accounts.limits = createRateLimits({ settings: { bannerReportsPerMinute: 5 } });
    try {
      const id = bannerSlug();
      const before = studio.health().adStudio.clicks[id] ?? 0;
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) {
        const response = await report({ event: 'click', id }, '198.51.100.9');
        statuses.push(response.status);
        if (response.status === 429) {
          expect(response.data).toBeNull();
          expect(response.headers.get('Retry-After')).toMatch(/^\d+$/);
        }
      }
      expect(statuses.filter((s) => s === 204)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(35);
      expect(studio.health().adStudio.clicks[id]).toBe(before + 5);
      // Another address has its own budget.
      expect((await report({ event: 'click', id }, '198.51.100.10')).status).toBe(204);
      expect(studio.health().adStudio.clicks[id]).toBe(before + 6);
    } finally {
      await h.services.accounts.limits.close();
      h.services.accounts.limits = limits;
    }
  });

  it('answers 204 when the ad studio is down, and logs a warning (never the page’s problem)', async () => {
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    const down = await startAdviewerService({ port: 0 });
    await down.close();
    h.services.references.adviewer = down.url;
    try {
      expect((await report({ event: 'view', id: bannerSlug() })).status).toBe(204);
      expect(warn).toHaveBeenCalledWith(
        expect.anything(),
        'ad studio unreachable: banner report dropped',
      );
    } finally {
      h.services.references.adviewer = studio.url;
      warn.mockRestore();
    }
  });
});
