/**
 * Banner ad reporting (docs/reference/shell.md "Site banner"): a view when a banner (the site
 * banner, or a page promo's banner ad) is shown and a click when it is clicked, reported to the ad studio as
 * `PUT {ad studio}/websites/posts/{id}/view` and `/click`. The browser posts to this site
 * (`sendBeacon`, so a click survives the navigation it starts); the server makes the call, so
 * the ad studio's address never reaches the page and a slow ad studio never holds the page.
 *
 * Only the brand's current banner and its page promos (`promo-{page}-{place}`) are reported: any
 * other id is answered 204 and sent nowhere, so a hand-made post cannot count views for an
 * arbitrary post. No consent is asked: nothing is stored in the browser and nothing identifies the
 * shopper (docs/decisions/0031-ad-counts-without-consent.md). The ad studio is the tenant's
 * `services.adStudio.url`, else the reference one started in-process (services/adviewer).
 *
 * Each post carries the id the page drew for its page view (`view`): a report of one view, banner
 * and event is sent on once, a repeat is answered 204 and sent nowhere. An address sends at most
 * `bannerReportsPerMinute` reports a minute per brand (app/lib/security/rate-limit.server.ts,
 * the same counters as the account forms' limits, shared across processes with DATABASE_URL);
 * past that a post is answered 429 with no body and sent nowhere. Beacons ignore the answer.
 */
import type { AppLoadContext } from '@remix-run/node';
import { request } from 'undici';
import { z } from 'zod';
import { logger } from '@common/logger.server';
import { readForm } from '~/lib/form-kit/read-form.server';
import { PRIVATE_NO_STORE } from '~/lib/http/cache.server';
import { retryAfterHeaders } from '~/lib/security/rate-limit.server';

/** The ad studio answers within this, or the report is dropped (a beacon waits for nobody). */
export const AD_STUDIO_TIMEOUT_MS = 2000;

export const bannerReportSchema = z.object({
  event: z.enum(['view', 'click']),
  id: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/),
  /** The page view's id (app/shell/site-banner.tsx draws one per page view). */
  view: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/),
});

const answer = (status: number, headers: Record<string, string> = {}) =>
  new Response(null, { status, headers: { 'Cache-Control': PRIVATE_NO_STORE, ...headers } });

/** The ad studio a brand reports to, or null when none is known. */
export function adStudioUrl(context: AppLoadContext): string | null {
  return context.tenant.services.adStudio?.url ?? context.services.references.adviewer;
}

export async function bannerReportAction(request: Request, context: AppLoadContext) {
  const form = await readForm(request);
  const parsed = bannerReportSchema.safeParse({
    event: form.get('event'),
    id: form.get('id'),
    view: form.get('view'),
  });
  if (!parsed.success) return answer(400);
  const { event, id, view } = parsed.data;
  const brand = context.tenant.sitePath;
  const base = adStudioUrl(context);
  if (!base || !isReportable(context, brand, id)) return answer(204);
  const { limits } = context.services.accounts;
  // The address's budget first: a flood of made-up view ids then leaves at most that many keys
  // behind in the store of the repeats.
  const perIp = await limits.consume('banner-ip', brand, context.clientIp);
  if (!perIp.ok) return answer(429, retryAfterHeaders(perIp));
  if (!(await limits.firstTime('banner-report', brand, `${view}|${id}|${event}`))) {
    return answer(204);
  }
  await reportToAdStudio(base, id, event);
  return answer(204);
}

/** The brand's current site banner, or one of its page promos (the home page's banner ad, …). */
function isReportable(context: AppLoadContext, brand: string, id: string): boolean {
  const { content } = context.services;
  return content.banner(brand)?.slug === id || content.pagePromoIds(brand).includes(id);
}

/** One PUT to the ad studio; a failure is logged and dropped (reporting never fails a page). */
async function reportToAdStudio(base: string, id: string, event: 'view' | 'click') {
  const url = new URL(
    `websites/posts/${encodeURIComponent(id)}/${event}`,
    base.replace(/\/*$/, '/'),
  );
  try {
    const response = await request(url, {
      method: 'PUT',
      headersTimeout: AD_STUDIO_TIMEOUT_MS,
      bodyTimeout: AD_STUDIO_TIMEOUT_MS,
      signal: AbortSignal.timeout(AD_STUDIO_TIMEOUT_MS),
    });
    await response.body.dump();
    if (response.statusCode >= 300) {
      logger.warn({ status: response.statusCode, event }, 'ad studio refused a banner report');
    }
  } catch (error) {
    logger.warn({ err: error, event }, 'ad studio unreachable: banner report dropped');
  }
}
