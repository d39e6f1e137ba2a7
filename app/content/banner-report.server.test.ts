import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startActionHarness, type ActionHarness } from '@test/action-harness';
import { logger } from '@common/logger.server';
import { action as bannerReportRoute } from '~/routes/banner-report';
import { startAdviewerService, type AdviewerService } from '@test/reference-services';

/**
 * Banner views and clicks through the site's route to the reference ad studio (services/adviewer,
 * on loopback, reached over HTTP as a retailer's own would be): counted there once per post,
 * only for the brand's current banner, and a bad post or an ad studio that is down never fails.
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
const report = (form: Record<string, string>) =>
  h.browser(SITE).call(bannerReportRoute, '/banner-report', form);

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

  it("sends nothing for a post that is not the brand's current banner", async () => {
    const before = JSON.stringify(studio.health().adStudio);
    for (const id of ['some-other-post', 'back-to-school']) {
      expect((await report({ event: 'view', id })).status).toBe(204);
    }
    expect(JSON.stringify(studio.health().adStudio)).toBe(before);
  });

  it('refuses a bad post with 400 and changes nothing', async () => {
    const before = JSON.stringify(studio.health().adStudio);
    const id = bannerSlug();
    const forms: Record<string, string>[] = [
      {},
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
