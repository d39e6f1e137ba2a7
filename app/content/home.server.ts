import type { AppLoadContext } from '@remix-run/node';
import { isHidden } from '~/lib/tenant/public';
import { toSummary } from './posts.server';

/** Posts in the home page's carousel. */
export const CAROUSEL_LIMIT = 6;

/**
 * The home page's content: intro, carousel slides, the latest posts, the page promo and the
 * store carousel's slides.
 */
export function homeContent(context: AppLoadContext) {
  const { content } = context.services;
  const site = context.tenant.sitePath;
  const home = content.home(site);
  const slides = isHidden(context.tenant, 'post-carousel')
    ? []
    : content
        .posts(site, { where: { card: true }, limit: CAROUSEL_LIMIT })
        .filter((p) => p.category !== null)
        .map((p) => ({
          slug: p.slug,
          path: p.path,
          title: p.title,
          description: p.description,
          coverImage: p.coverImage,
          altText: p.altText,
          link: p.link,
          hideOverlay: p.hideOverlay,
        }));
  const latest = content
    .posts(site, { limit: 7 })
    .filter((p) => p.category !== null)
    .slice(0, 3)
    .map(toSummary);
  return {
    home: home ? { title: home.title, html: home.html, description: home.description } : null,
    slides,
    latest,
    promo: content.pagePromos(site, 'home')[0] ?? null,
    // The static store carousel, on a brand that turns it on.
    storeSlides: context.tenant.features.storeCarousel ? content.storeCarousel(site) : [],
  };
}
