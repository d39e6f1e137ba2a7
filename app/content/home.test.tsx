import { describe, expect, it } from 'vitest';
import { renderServer, textOf } from '@test/render';
import { BannerAd } from './banner-ad';
import { PostCarousel, type CarouselPost } from './post-carousel';

const post = (n: number, extra: Partial<CarouselPost> = {}): CarouselPost => ({
  slug: `post-${n}`,
  path: `/posts/news/post-${n}`,
  title: `Post ${n}`,
  description: `About post ${n}`,
  coverImage: `/images/${n}.png`,
  altText: null,
  link: null,
  hideOverlay: false,
  ...extra,
});

describe('post carousel (server render)', () => {
  it('renders every slide in a scroll-snap strip and no JavaScript-only controls', async () => {
    const html = await renderServer(
      <PostCarousel
        posts={[
          post(1, { link: { label: 'Shop now', to: '/weekly-ad' } }),
          post(2),
          post(3, { hideOverlay: true, altText: 'Fresh fruit' }),
        ]}
      />,
    );
    expect(html).toContain('aria-roledescription="carousel"');
    expect(html.match(/aria-roledescription="slide"/g)).toHaveLength(3);
    expect(html).toContain('aria-label="1 of 3"');
    expect(html).toContain('href="/posts/news/post-1"');
    expect(html).toContain('href="/weekly-ad"');
    expect(textOf(html)).toContain('Shop now');
    expect(html).toContain('alt="Fresh fruit"');
    expect(html).not.toContain('Pause slide show');
    expect(html).not.toContain('Next slide');
  });

  it('renders nothing without posts', async () => {
    expect(textOf(await renderServer(<PostCarousel posts={[]} />))).toBe('');
  });
});

describe('banner ad', () => {
  it('uses a <picture> with the mobile image below md, linked when a link is given', async () => {
    const html = await renderServer(
      <BannerAd
        desktopImage="/images/d.png"
        mobileImage="/images/m.png"
        link="/weekly-ad"
        altText="Save big"
      />,
    );
    expect(html).toContain('<picture>');
    expect(html).toMatch(/<source media="\(max-width: 47.99em\)" srcSet="\/images\/m.png"/i);
    expect(html).toContain('src="/images/d.png"');
    expect(html).toContain('alt="Save big"');
    expect(html).toContain('href="/weekly-ad"');
  });

  it('is a plain image without a link', async () => {
    const html = await renderServer(<BannerAd desktopImage="/images/d.png" />);
    expect(html).not.toContain('<a ');
    expect(html).toContain('alt=""');
  });
});
