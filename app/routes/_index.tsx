import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { PostBody } from '~/content/post-body';
import { PostCard } from '~/content/post-card';
import { BannerAd } from '~/content/banner-ad';
import { PostCarousel } from '~/content/post-carousel';
import { StoreCarousel } from '~/stores/store-carousel';
import { pageMeta } from '~/lib/meta';
import { CouponPreview } from '~/coupons/coupon-preview';
import { couponPreview } from '~/coupons/preview.server';
import { homeContent } from '~/content/home.server';
import { WeeklyAdPreview } from '~/weekly-ad/preview-slider';
import { weeklyAdPreview } from '~/weekly-ad/preview.server';
import { cacheHeaders } from '~/lib/http/cache.server';
import { isHidden } from '~/lib/tenant/public';
import { sx, sxRecipe } from '~/lib/theme/static-css';

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

export async function loader({ context }: LoaderFunctionArgs) {
  // A brand may leave the weekly-ad preview out (hiddenElements 'weekly-ad-preview').
  const showAd = !isHidden(context.tenant, 'weekly-ad-preview');
  const [coupons, weeklyAd] = await Promise.all([
    couponPreview(context),
    showAd ? weeklyAdPreview(context) : null,
  ]);
  return data(
    { ...homeContent(context), coupons, weeklyAd },
    // The same for every guest with the same home store (the coupon preview says 'Log In to
    // Clip'); a shopper's is private. A page whose weekly ad is still loading is never shared:
    // the next guest should get the cards.
    { headers: cacheHeaders(context, weeklyAd?.state === 'loading' ? 'personal' : 'shared') },
  );
}

export { headers } from '~/lib/http/cache.server';

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, data?.home?.title ?? 'Home', data?.home?.description);

export default function Home() {
  const { home, slides, latest, promo, coupons, weeklyAd, storeSlides } =
    useLoaderData<typeof loader>();
  return (
    <div className={styles.page}>
      {slides.length ? (
        <PostCarousel posts={slides} label="Featured posts" prioritizeFirstImage />
      ) : null}
      <section className={styles.intro}>
        <h1 className={styles.title}>{home?.title ?? 'Welcome'}</h1>
        {home ? <PostBody html={home.html} /> : null}
      </section>
      {storeSlides.length ? <StoreCarousel slides={storeSlides} /> : null}
      {promo?.desktopImage ? (
        <div className={styles.promo}>
          <BannerAd
            desktopImage={promo.desktopImage}
            mobileImage={promo.mobileImage ?? promo.desktopImage}
            link={promo.link}
            altText={promo.altText ?? promo.title ?? ''}
            reportId={promo.id}
          />
        </div>
      ) : null}
      {weeklyAd ? <WeeklyAdPreview preview={weeklyAd} /> : null}
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
