import { chakra } from '@chakra-ui/react';
import { Link } from '@remix-run/react';

export interface LogoProps {
  retailerName: string;
  logo: { src: string; alt: string; width: number; height: number } | null;
}

/** The brand's logo (or its name as text) linking to the home page. */
export function Logo({ retailerName, logo }: LogoProps) {
  return (
    <chakra.a
      asChild
      display="inline-flex"
      alignItems="center"
      flexShrink={0}
      borderRadius="sm"
      focusVisibleRing="outside"
      data-testid="logo"
    >
      <Link to="/">
        {logo ? (
          <chakra.img
            src={logo.src}
            alt={logo.alt}
            width={logo.width}
            height={logo.height}
            maxH={{ base: '40px', md: `${logo.height}px` }}
            w="auto"
          />
        ) : (
          <chakra.span
            fontSize={{ base: 'lg', md: 'xl' }}
            fontWeight="bold"
            color="brand.fg"
            lineHeight="1.1"
          >
            {retailerName}
          </chakra.span>
        )}
      </Link>
    </chakra.a>
  );
}
