import { Link } from '@remix-run/react';
import { useAdReports } from './ad-reports';
import { isExternal } from '~/content/menu-items';
import { BELOW_MD } from '~/lib/ui/responsive-picture';
import { sx } from '~/lib/theme/static-css';

export interface BannerAdProps {
  desktopImage: string;
  mobileImage?: string | null;
  link?: string | null;
  altText?: string | null;
  /** The id its views and clicks are reported to the ad studio under (a page promo's `id`). */
  reportId?: string | null;
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

/**
 * Banner ad: a desktop image with a mobile image below md, optionally a link; with a `reportId`,
 * a view per page view and each click are reported to the ad studio.
 */
export function BannerAd({ desktopImage, mobileImage, link, altText, reportId }: BannerAdProps) {
  const onClick = useAdReports(reportId);
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
    <div data-testid="banner-ad" onClickCapture={onClick}>
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
