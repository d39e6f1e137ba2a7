import { Link } from '@remix-run/react';
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
    <Link to="/" className={styles.link} data-testid="logo">
      {logo ? (
        // Its size is CSS only, as it was when Chakra turned width/height props into styles
        // (width/height attributes would add an aspect ratio: a sub-pixel layout change).
        <img
          src={logo.src}
          alt={logo.alt}
          className={styles.image}
          style={{ '--logo-height': `${logo.height}px` } as CSSProperties}
        />
      ) : (
        <span className={styles.name}>{retailerName}</span>
      )}
    </Link>
  );
}
