import { Box, chakra, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { MenuItem } from '~/lib/content/types';
import { CustomerServiceCard } from './customer-service-card';
import { itemKey } from './menu-items';
import { SiteLink } from './site-link';
import { SocialLinks, type SocialPages } from './social-links';
import { SurveyLink } from './survey-link';

export { footerSignupVisible } from './footer-signup';

export interface SiteFooterProps {
  /** The 'footer' menu: each top-level group is a column. */
  items: MenuItem[];
  /** Embedded page HTML by slug (menu item `post`), sanitised by the content service. */
  embeds: Record<string, string>;
  retailerName: string;
  copyrightCredit: string;
  year: number;
  /** Null when social links are hidden. */
  social: SocialPages | null;
  /** Null when there is no survey or it is hidden. */
  surveyUrl: string | null;
  /** Null when the card is hidden or the brand has no phone line. */
  customerService: { phone: string; hours: string } | null;
  /** Null when there is no pixel or it is hidden. */
  adTrackingPixelUrl: string | null;
  /** Whether the e-mail signup area shows on this page. */
  showSignup: boolean;
}

const embedStyle = {
  '& p': { mb: '2' },
  '& a': { color: 'inherit', textDecoration: 'underline' },
  '& a:focus-visible': { outline: '2px solid currentColor', outlineOffset: '2px' },
  '& img': { maxW: 'full', h: 'auto' },
} as const;

/** Site footer (spec §2 Footer). */
export function SiteFooter(props: SiteFooterProps) {
  const { items, embeds } = props;
  const groups = items.filter((i) => i.children.length > 0 || i.post);
  const loose = items.filter((i) => i.children.length === 0 && !i.post && i.to);
  return (
    <Box
      as="footer"
      bg="brand.solid"
      color="brand.contrast"
      position="relative"
      data-testid="site-footer"
    >
      <Box maxW="7xl" mx="auto" px="4" py="10">
        {props.showSignup ? <div data-slot="footer-signup" /> : null}
        <Flex gap="8" direction={{ base: 'column', lg: 'row' }}>
          <SimpleGrid
            as="nav"
            aria-label="Footer"
            flex="1"
            columns={{ base: 1, sm: 2, md: 3 }}
            gap="8"
          >
            {groups.map((group, i) => (
              <FooterColumn key={itemKey(group, i)} group={group} embeds={embeds} />
            ))}
            {loose.length > 0 ? (
              <Stack as="ul" listStyleType="none" gap="2">
                {loose.map((item, i) => (
                  <li key={itemKey(item, i)}>
                    <FooterLink to={item.to!}>{item.label}</FooterLink>
                  </li>
                ))}
              </Stack>
            ) : null}
          </SimpleGrid>
          {props.customerService ? (
            <Box w={{ lg: '18rem' }} flexShrink={0}>
              <CustomerServiceCard
                phone={props.customerService.phone}
                hours={props.customerService.hours}
              />
            </Box>
          ) : null}
        </Flex>
        <Flex
          mt="10"
          pt="6"
          borderTopWidth="1px"
          borderColor="currentColor/30"
          gap="4"
          align={{ base: 'flex-start', md: 'center' }}
          direction={{ base: 'column', md: 'row' }}
          justify="space-between"
        >
          <Flex gap="6" align="center" wrap="wrap">
            {props.social ? <SocialLinks social={props.social} /> : null}
            {props.surveyUrl ? <SurveyLink url={props.surveyUrl} /> : null}
          </Flex>
          <Text fontSize="sm" data-testid="copyright">
            {`© ${props.year} ${props.retailerName}. ${props.copyrightCredit}`}
          </Text>
        </Flex>
      </Box>
      {props.adTrackingPixelUrl ? (
        <chakra.img
          src={props.adTrackingPixelUrl}
          alt=""
          width={1}
          height={1}
          position="absolute"
          bottom="0"
          insetStart="0"
          data-testid="ad-tracking-pixel"
        />
      ) : null}
    </Box>
  );
}

function FooterColumn({ group, embeds }: { group: MenuItem; embeds: Record<string, string> }) {
  const ownEmbed = group.post ? embeds[group.post] : undefined;
  return (
    <Box>
      <Heading as="h2" size="sm" mb="3" textTransform="uppercase" letterSpacing="wide">
        {group.to ? <FooterLink to={group.to}>{group.label}</FooterLink> : group.label}
      </Heading>
      {ownEmbed ? (
        <Box fontSize="sm" css={embedStyle} dangerouslySetInnerHTML={{ __html: ownEmbed }} />
      ) : null}
      {group.children.length > 0 ? (
        <Stack as="ul" listStyleType="none" gap="2">
          {group.children.map((item, i) => {
            const embed = item.post ? embeds[item.post] : undefined;
            return (
              <li key={itemKey(item, i)}>
                {item.to ? <FooterLink to={item.to}>{item.label}</FooterLink> : null}
                {embed ? (
                  <Box fontSize="sm" css={embedStyle} dangerouslySetInnerHTML={{ __html: embed }} />
                ) : null}
              </li>
            );
          })}
        </Stack>
      ) : null}
    </Box>
  );
}

function FooterLink({ to, children }: { to: string; children: string }) {
  return (
    <SiteLink
      to={to}
      color="inherit"
      focusRingColor="currentColor"
      _hover={{ textDecoration: 'underline' }}
    >
      {children}
    </SiteLink>
  );
}
