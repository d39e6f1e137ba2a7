import { Box, Heading, SimpleGrid } from '@chakra-ui/react';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { PostBody } from '~/components/content/post-body';
import { PostCard } from '~/components/content/post-card';
import { BannerAd } from '~/components/home/banner-ad';
import { PostCarousel } from '~/components/home/post-carousel';
import { isHidden } from '~/lib/tenant/public';
import { pageMeta } from '~/lib/meta';
import { toSummary } from '~/lib/posts.server';

export const CAROUSEL_LIMIT = 6;

export async function loader({ context }: LoaderFunctionArgs) {
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
  };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, data?.home?.title ?? 'Home', data?.home?.description);

export default function Home() {
  const { home, slides, latest, promo } = useLoaderData<typeof loader>();
  return (
    <Box maxW="7xl" mx="auto" px="4" py="6">
      {slides.length ? <PostCarousel posts={slides} label="Featured posts" /> : null}
      <Box as="section" mt="8" maxW="4xl">
        <Heading as="h1" size="3xl" mb="4">
          {home?.title ?? 'Welcome'}
        </Heading>
        {home ? <PostBody html={home.html} /> : null}
      </Box>
      {promo?.desktopImage ? (
        <Box my="8">
          <BannerAd
            desktopImage={promo.desktopImage}
            mobileImage={promo.mobileImage ?? promo.desktopImage}
            link={promo.link}
            altText={promo.altText ?? promo.title ?? ''}
          />
        </Box>
      ) : null}
      {latest.length ? (
        <Box as="section" aria-labelledby="latest-heading" mt="8">
          <Heading as="h2" size="xl" mb="4" id="latest-heading">
            Latest news and recipes
          </Heading>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="6" as="ul" listStyleType="none">
            {latest.map((p) => (
              <li key={p.path}>
                <PostCard post={p} headingLevel="h3" />
              </li>
            ))}
          </SimpleGrid>
        </Box>
      ) : null}
    </Box>
  );
}
