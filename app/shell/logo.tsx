import { SiteLink } from './site-link';
import type { CSSProperties } from 'react';
import { sx } from '~/lib/theme/static-css';

export interface LogoProps {
  retailerName: string;
  logo: { src: string; alt: string; width: number; height: number } | null;
}

const styles = {
  link: sx({
    display: 'inline-flex',
    alignItems: 'center',
    flexShrink: 0,
    borderRadius: 'sm',
    focusVisibleRing: 'outside',
  }),
  // Its own height (--logo-height, set per brand), at most 40px below md.
  image: sx({
    h: 'var(--logo-height)',
    maxH: { base: '40px', md: 'var(--logo-height)' },
    w: 'auto',
  }),
  name: sx({
    fontSize: { base: 'lg', md: 'xl' },
    fontWeight: 'bold',
    color: 'brand.fg',
    lineHeight: '1.1',
  }),
};

/** The brand's logo (or its name as text) linking to the home page. */
export function Logo({ retailerName, logo }: LogoProps) {
  return (
    <SiteLink to="/" className={styles.link} testId="logo">
      {logo ? (
        // Its height is CSS; width and height (the tenant's) give the box its shape before the
        // image arrives, so the header does not move when it loads (no layout shift).
        <img
          src={logo.src}
          alt={logo.alt}
          width={logo.width}
          height={logo.height}
          className={styles.image}
          style={{ '--logo-height': `${logo.height}px` } as CSSProperties}
        />
      ) : (
        <span className={styles.name}>{retailerName}</span>
      )}
    </SiteLink>
  );
}
