import { Link } from '@remix-run/react';
import { isExternal } from '~/content/menu-items';
import { BELOW_MD } from '~/lib/ui/responsive-picture';
import { sx } from '~/lib/theme/static-css';

export interface BannerAdProps {
  desktopImage: string;
  mobileImage?: string | null;
  link?: string | null;
  altText?: string | null;
}

/** Aspect ratio 2.6 on small screens, 7.68 from md up. */
export const BANNER_AD_RATIO = { base: 2.6, md: 7.68 } as const;

const styles = {
  image: sx({
    display: 'block',
    w: 'full',
    h: 'auto',
    // Without a mobile image the desktop one is cropped to the mobile shape.
    aspectRatio: BANNER_AD_RATIO,
    objectFit: 'cover',
  }),
  link: sx({ display: 'block', focusVisibleRing: 'outside' }),
};

/** Banner ad: a desktop image with a mobile image below md, optionally a link. */
export function BannerAd({ desktopImage, mobileImage, link, altText }: BannerAdProps) {
  const picture = (
    <picture>
      {mobileImage ? <source media={BELOW_MD} srcSet={mobileImage} /> : null}
      <img
        src={desktopImage}
        // A linked image needs a name: the link has no other text.
        alt={altText || (link ? 'Advertisement' : '')}
        className={styles.image}
        loading="lazy"
      />
    </picture>
  );
  if (!link) return <div data-testid="banner-ad">{picture}</div>;
  return (
    <div data-testid="banner-ad">
      {isExternal(link) ? (
        <a href={link} className={styles.link}>
          {picture}
        </a>
      ) : (
        <Link to={link} className={styles.link}>
          {picture}
        </Link>
      )}
    </div>
  );
}
