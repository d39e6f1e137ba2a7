import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { PostBody } from '~/content/post-body';
import { PostCard } from '~/content/post-card';
import { BannerAd } from '~/content/banner-ad';
import { PostCarousel } from '~/content/post-carousel';
import { isHidden } from '~/lib/tenant/public';
import { pageMeta } from '~/lib/meta';
import { toSummary } from '~/content/posts.server';
import { CouponPreview } from '~/coupons/coupon-preview';
import { getShopper } from '~/lib/session/shopper.server';
import { brandCoupons } from '~/coupons/offers.server';
import { cardData } from '~/coupons/page.server';
import { COUPON_PREVIEW_LIMIT, sortCoupons } from '~/coupons/view';
import { logger } from '@common/logger.server';
import { sx, sxRecipe } from '~/lib/theme/static-css';

export const CAROUSEL_LIMIT = 6;

const styles = {
  page: sx({ maxW: '7xl', mx: 'auto', px: '4', py: '6' }),
  intro: sx({ mt: '8', maxW: '4xl' }),
  title: sxRecipe('heading', { size: '3xl' }, { mb: '4' }),
  promo: sx({ my: '8' }),
  latest: sx({ mt: '8' }),
  latestTitle: sxRecipe('heading', { size: 'xl' }, { mb: '4' }),
  grid: sx({
    display: 'grid',
    gridTemplateColumns: { base: 'repeat(1, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' },
    gap: '6',
    listStyleType: 'none',
  }),
};

export async function loader({ request, context }: LoaderFunctionArgs) {
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
    coupons: await couponPreview(request, context),
    home: home ? { title: home.title, html: home.html, description: home.description } : null,
    slides,
    latest,
    promo: content.pagePromos(site, 'home')[0] ?? null,
  };
}

/**
 * Up to 15 featured coupons from the brand's shared available list (no personal call: the home
 * page stays cheap for shoppers and cacheable for guests). Null when the loyalty service cannot
 * answer: the section is left out rather than the page failing.
 */
async function couponPreview(request: Request, context: LoaderFunctionArgs['context']) {
  try {
    const list = sortCoupons(await brandCoupons(context), 'featured').slice(
      0,
      COUPON_PREVIEW_LIMIT,
    );
    return {
      items: list.map((o) => cardData(o, 'available')),
      signedIn: Boolean(await getShopper(request, context)),
      now: Date.now(),
    };
  } catch (error) {
    logger.warn({ err: error }, 'coupon preview unavailable');
    return null;
  }
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, data?.home?.title ?? 'Home', data?.home?.description);

export default function Home() {
  const { home, slides, latest, promo, coupons } = useLoaderData<typeof loader>();
  return (
    <div className={styles.page}>
      {slides.length ? <PostCarousel posts={slides} label="Featured posts" /> : null}
      <section className={styles.intro}>
        <h1 className={styles.title}>{home?.title ?? 'Welcome'}</h1>
        {home ? <PostBody html={home.html} /> : null}
      </section>
      {promo?.desktopImage ? (
        <div className={styles.promo}>
          <BannerAd
            desktopImage={promo.desktopImage}
            mobileImage={promo.mobileImage ?? promo.desktopImage}
            link={promo.link}
            altText={promo.altText ?? promo.title ?? ''}
          />
        </div>
      ) : null}
      {coupons ? (
        <CouponPreview coupons={coupons.items} signedIn={coupons.signedIn} now={coupons.now} />
      ) : null}
      {latest.length ? (
        <section aria-labelledby="latest-heading" className={styles.latest}>
          <h2 id="latest-heading" className={styles.latestTitle}>
            Latest news and recipes
          </h2>
          <ul className={styles.grid}>
            {latest.map((p) => (
              <li key={p.path}>
                <PostCard post={p} headingLevel="h3" />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
