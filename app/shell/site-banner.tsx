import { CloseButton } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import type { Banner } from '~/lib/content/types';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import { useBannerHeight } from '~/lib/ui/banner-height';
import { pictureImageStyle, ResponsivePicture } from '~/lib/ui/responsive-picture';
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

const row = {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexWrap: 'wrap',
  maxW: '7xl',
  mx: 'auto',
  px: '4',
  py: '2',
} as const;

const styles = {
  // With JavaScript the close button sits at the end: the row keeps clear of it.
  row: sx({ ...row, pe: '12', gap: '4' }),
  rowStatic: sx({ ...row, pe: '4', gap: '4' }),
  image: sx({ ...pictureImageStyle, maxH: '40', objectFit: 'contain', w: 'auto', mx: 'auto' }),
};

/** Static classes per banner class. */
const toneStyles = Object.fromEntries(
  Object.entries(tones).map(([name, tone]) => [
    name,
    {
      section: sx({ bg: tone.bg, color: tone.color, position: 'relative' }),
      imageLink: sxRecipe('link', { variant: 'plain' }, { focusRingColor: tone.ring }),
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
) as Record<keyof typeof tones, Record<'section' | 'imageLink' | 'content' | 'textLink', string>>;

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
    >
      <div className={hydrated ? styles.row : styles.rowStatic}>
        {banner.link && image ? (
          <SiteLink to={banner.link} className={toned.imageLink}>
            {image}
          </SiteLink>
        ) : (
          image
        )}
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
    </section>
  );
}
