import { chakra, type HTMLChakraProps } from '@chakra-ui/react';

/** Chakra's md breakpoint is 48em: the mobile image is used below it. */
export const BELOW_MD = '(max-width: 47.99em)';

/**
 * <picture> with an optional mobile source below md. Styling props go to the <img>.
 */
export function ResponsivePicture({
  desktopImage,
  mobileImage,
  alt,
  ...imgProps
}: {
  desktopImage: string;
  mobileImage?: string | null;
  alt: string;
} & Omit<HTMLChakraProps<'img'>, 'src' | 'alt'>) {
  return (
    <picture>
      {mobileImage ? <source media={BELOW_MD} srcSet={mobileImage} /> : null}
      <chakra.img src={desktopImage} alt={alt} display="block" w="full" {...imgProps} />
    </picture>
  );
}
