import { useRef, useState } from 'react';
import { useAdReports } from '~/content/ad-reports';
import { BANNER_AD_RATIO } from '~/content/banner-ad';
import type { Banner } from '~/content/source/types';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import { useBannerHeight } from '~/lib/ui/banner-height';
import { CloseIcon } from '~/lib/ui/icons';
import { pictureImageStyle, ResponsivePicture } from '~/lib/ui/responsive-picture';
import { iconButtonStyle } from '~/lib/ui/styles';
import { withJs } from '~/lib/browser/js-mark';
import { SiteLink } from './site-link';
import { useHydrated } from 'remix-utils/use-hydrated';

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

const styles = {
  row: sx({
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexWrap: 'wrap',
    gap: '4',
    maxW: '7xl',
    mx: 'auto',
    px: '4',
    py: '2',
    // Where scripts run, the close button (added at hydration) sits at the end: the row keeps
    // clear of it from the first paint, so hydration does not rewrap the text.
    ...withJs({ pe: '12' }),
  }),
  // The image's box has the banner's shape before the image arrives (2.6 on small
  // screens, 7.68 from md up), so the page under the banner never moves when it loads.
  imageFrame: sx({ w: 'full' }),
  image: sx({
    ...pictureImageStyle,
    h: 'auto',
    aspectRatio: BANNER_AD_RATIO,
    maxH: '40',
    objectFit: 'contain',
  }),
};

/** Static classes per banner class. */
const toneStyles = Object.fromEntries(
  Object.entries(tones).map(([name, tone]) => [
    name,
    {
      section: sx({ bg: tone.bg, color: tone.color, position: 'relative' }),
      // A block, not the recipe's inline-flex: the image inside takes the row's width (and so
      // its height, from its aspect ratio) before it has loaded.
      imageLink: sxRecipe(
        'link',
        { variant: 'plain' },
        { display: 'block', focusRingColor: tone.ring },
      ),
      // Chakra's small ghost <CloseButton>, as a plain button (no Chakra runtime in the page).
      close: sxRecipe(
        'button',
        { variant: 'ghost', size: 'sm' },
        {
          ...iconButtonStyle,
          color: 'inherit',
          focusRingColor: tone.ring,
          position: 'absolute',
          top: '50%',
          insetEnd: '2',
          transform: 'translateY(-50%)',
        },
      ),
      content: sx({
        '& a': { color: tone.linkColor, textDecoration: 'underline', fontWeight: 'semibold' },
        '& a:focus-visible': {
          outline: '2px solid',
          outlineColor: tone.ring,
          outlineOffset: '2px',
        },
        '& p': { margin: 0 },
        textAlign: 'center',
        fontWeight: 'medium',
      }),
      textLink: sxRecipe(
        'link',
        { variant: 'plain' },
        {
          color: tone.linkColor,
          textDecoration: 'underline',
          fontWeight: 'semibold',
          focusRingColor: tone.ring,
        },
      ),
    },
  ]),
) as Record<
  keyof typeof tones,
  Record<'section' | 'imageLink' | 'content' | 'textLink' | 'close', string>
>;

/**
 * The site banner (docs/reference/shell.md "Site banner"): text (already sanitised HTML), an
 * optional link and images. The close button needs JavaScript, so it appears only after hydration;
 * closing hides the banner until the next full page load and resets its published height to 0. Its
 * views and clicks go to the ad studio (`useAdReports`).
 */
export function SiteBanner({ banner }: { banner: SiteBannerData }) {
  const hydrated = useHydrated();
  const [closed, setClosed] = useState(false);
  const ref = useRef<HTMLElement>(null);
  useBannerHeight(ref, closed);
  const onClick = useAdReports(banner.slug, !closed);
  if (closed) return null;
  const toned = toneStyles[banner.class] ?? toneStyles.info;
  const image = banner.desktopImage ? (
    <ResponsivePicture
      desktopImage={banner.desktopImage}
      mobileImage={banner.mobileImage}
      // A linked image is the link's only text, so it needs a name.
      alt={banner.altText || (banner.link ? 'Announcement' : '')}
      className={styles.image}
    />
  ) : null;
  return (
    <section
      ref={ref}
      aria-label="Announcement"
      className={toned.section}
      data-testid="site-banner"
      data-class={banner.class}
      onClickCapture={onClick}
    >
      <div className={styles.row}>
        {image ? (
          <div className={styles.imageFrame}>
            {banner.link ? (
              <SiteLink to={banner.link} className={toned.imageLink}>
                {image}
              </SiteLink>
            ) : (
              image
            )}
          </div>
        ) : null}
        {banner.content ? (
          <div className={toned.content} dangerouslySetInnerHTML={{ __html: banner.content }} />
        ) : null}
        {banner.link && !image ? (
          <SiteLink to={banner.link} className={toned.textLink}>
            {banner.altText ?? 'Learn more'}
          </SiteLink>
        ) : null}
      </div>
      {hydrated ? (
        <button
          type="button"
          className={toned.close}
          aria-label="Close announcement"
          onClick={() => setClosed(true)}
          data-testid="site-banner-close"
        >
          <CloseIcon />
        </button>
      ) : null}
    </section>
  );
}
