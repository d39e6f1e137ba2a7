import { Box, chakra } from '@chakra-ui/react';
import { Link } from '@remix-run/react';
import { isExternal } from '~/components/shell/menu-items';
import { BELOW_MD } from '~/components/shell/responsive-picture';

export interface BannerAdProps {
  desktopImage: string;
  mobileImage?: string | null;
  link?: string | null;
  altText?: string | null;
}

/** Spec §2, §9: aspect ratio 2.6 on small screens, 7.68 from md up. */
export const BANNER_AD_RATIO = { base: 2.6, md: 7.68 } as const;

/** Banner ad: a desktop image with a mobile image below md, optionally a link. */
export function BannerAd({ desktopImage, mobileImage, link, altText }: BannerAdProps) {
  const picture = (
    <picture>
      {mobileImage ? <source media={BELOW_MD} srcSet={mobileImage} /> : null}
      <chakra.img
        src={desktopImage}
        // A linked image needs a name: the link has no other text.
        alt={altText || (link ? 'Advertisement' : '')}
        display="block"
        w="full"
        h="auto"
        // Without a mobile image the desktop one is cropped to the mobile shape.
        aspectRatio={BANNER_AD_RATIO}
        objectFit="cover"
        loading="lazy"
      />
    </picture>
  );
  if (!link) return <Box data-testid="banner-ad">{picture}</Box>;
  return (
    <Box data-testid="banner-ad">
      {isExternal(link) ? (
        <chakra.a href={link} display="block" focusVisibleRing="outside">
          {picture}
        </chakra.a>
      ) : (
        <chakra.a asChild display="block" focusVisibleRing="outside">
          <Link to={link}>{picture}</Link>
        </chakra.a>
      )}
    </Box>
  );
}
