import { describe, expect, it } from 'vitest';
import { renderServer, textOf } from '@test/render';
import { BannerAd } from './banner-ad';
import { PostCarousel, type CarouselPost } from './post-carousel';
import { themeStylesheet } from '~/lib/theme/theme-css.server';

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

  it('fetches only the first image at high priority, and only when it is the top of the page', async () => {
    const posts = [post(1), post(2), post(3)];
    const top = await renderServer(<PostCarousel posts={posts} prioritizeFirstImage />);
    expect(top.match(/fetchpriority="high"/g)).toHaveLength(1);
    expect(top).toMatch(/<img src="\/images\/1\.png"[^>]*fetchpriority="high"/);
    expect(top).toMatch(/<img src="\/images\/2\.png"[^>]*loading="lazy"/);
    expect(await renderServer(<PostCarousel posts={posts} />)).not.toContain('fetchpriority');
  });

  it('keeps room for the controls where scripts run, with several slides only', async () => {
    const sectionClasses = async (count: number) => {
      const posts = Array.from({ length: count }, (_, i) => post(i + 1));
      const html = await renderServer(<PostCarousel posts={posts} />);
      return (html.match(/<section[^>]*class="([^"]*)"/)?.[1] ?? '').split(' ');
    };
    const [, room] = await sectionClasses(2);
    expect(await sectionClasses(1)).toHaveLength(1);
    const { css } = themeStylesheet({ primary: '#123456', secondary: '#654321' });
    expect(css).toContain(`html[data-js] .${room}{padding-bottom:3.25rem;}`);
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
