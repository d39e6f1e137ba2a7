import { Box, CloseButton, Flex } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import type { Banner } from '~/lib/content/types';
import { useBannerHeight } from './banner-height';
import { ResponsivePicture } from './responsive-picture';
import { SiteLink } from './site-link';
import { useHydrated } from './use-hydrated';

export type SiteBannerData = Pick<
  Banner,
  'slug' | 'class' | 'content' | 'desktopImage' | 'mobileImage' | 'link' | 'altText'
>;

/** Colours per banner class: brand tint for info, accent for promo, solid brand for alert. */
const tones = {
  info: { bg: 'brand.subtle', color: 'fg', linkColor: 'fg', ring: 'brand.solid' },
  promo: {
    bg: 'accent.solid',
    color: 'accent.contrast',
    linkColor: 'accent.contrast',
    ring: 'accent.contrast',
  },
  alert: {
    bg: 'brand.solid',
    color: 'brand.contrast',
    linkColor: 'brand.contrast',
    ring: 'brand.contrast',
  },
} as const;

/**
 * The site banner (spec §2, §4): text (already sanitised HTML), an optional link and images.
 * The close button needs JavaScript, so it appears only after hydration; closing hides the
 * banner until the next full page load and resets its published height to 0.
 */
export function SiteBanner({ banner }: { banner: SiteBannerData }) {
  const hydrated = useHydrated();
  const [closed, setClosed] = useState(false);
  const ref = useRef<HTMLElement>(null);
  useBannerHeight(ref, closed);
  if (closed) return null;
  const tone = tones[banner.class] ?? tones.info;
  const image = banner.desktopImage ? (
    <ResponsivePicture
      desktopImage={banner.desktopImage}
      mobileImage={banner.mobileImage}
      // A linked image is the link's only text, so it needs a name.
      alt={banner.altText || (banner.link ? 'Announcement' : '')}
      maxH="40"
      objectFit="contain"
      w="auto"
      mx="auto"
    />
  ) : null;
  return (
    <Box
      as="section"
      ref={ref}
      aria-label="Announcement"
      bg={tone.bg}
      color={tone.color}
      position="relative"
      data-testid="site-banner"
      data-class={banner.class}
    >
      <Flex
        maxW="7xl"
        mx="auto"
        px="4"
        py="2"
        pe={hydrated ? '12' : '4'}
        gap="4"
        align="center"
        justify="center"
        wrap="wrap"
      >
        {banner.link && image ? (
          <SiteLink to={banner.link} focusRingColor={tone.ring}>
            {image}
          </SiteLink>
        ) : (
          image
        )}
        {banner.content ? (
          <Box
            textAlign="center"
            fontWeight="medium"
            css={{
              '& a': { color: tone.linkColor, textDecoration: 'underline', fontWeight: 'semibold' },
              '& a:focus-visible': {
                outline: '2px solid',
                outlineColor: tone.ring,
                outlineOffset: '2px',
              },
              '& p': { margin: 0 },
            }}
            dangerouslySetInnerHTML={{ __html: banner.content }}
          />
        ) : null}
        {banner.link && !image ? (
          <SiteLink
            to={banner.link}
            color={tone.linkColor}
            textDecoration="underline"
            fontWeight="semibold"
            focusRingColor={tone.ring}
          >
            {banner.altText ?? 'Learn more'}
          </SiteLink>
        ) : null}
      </Flex>
      {hydrated ? (
        <CloseButton
          size="sm"
          variant="ghost"
          color="inherit"
          focusRingColor={tone.ring}
          position="absolute"
          top="50%"
          insetEnd="2"
          transform="translateY(-50%)"
          aria-label="Close announcement"
          onClick={() => setClosed(true)}
          data-testid="site-banner-close"
        />
      ) : null}
    </Box>
  );
}
