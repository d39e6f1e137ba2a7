import { sx } from '~/lib/theme/static-css';

/** Chakra's md breakpoint is 48em: the mobile image is used below it. */
export const BELOW_MD = '(max-width: 47.99em)';

/** The <img>'s own style; callers with their own class spread it under theirs. */
export const pictureImageStyle = { display: 'block', w: 'full' } as const;
const image = sx(pictureImageStyle);

/**
 * <picture> with an optional mobile source below md. The class goes to the <img>.
 */
export function ResponsivePicture({
  desktopImage,
  mobileImage,
  alt,
  className = image,
}: {
  desktopImage: string;
  mobileImage?: string | null;
  alt: string;
  /** A static class (sx) for the <img>; defaults to a full-width block. */
  className?: string;
}) {
  return (
    <picture>
      {mobileImage ? <source media={BELOW_MD} srcSet={mobileImage} /> : null}
      <img src={desktopImage} alt={alt} className={className} />
    </picture>
  );
}
