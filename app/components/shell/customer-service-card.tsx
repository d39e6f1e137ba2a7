import { Box, Heading, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link } from '@remix-run/react';
import { PhoneIcon } from './icons';

/** 'tel:' address of a displayed phone number: digits only, a leading + kept. */
export function telHref(phone: string): string {
  const plus = phone.trim().startsWith('+') ? '+' : '';
  return `tel:${plus}${phone.replace(/\D/g, '')}`;
}

/** Customer service contact card (spec §1, §2): phone line, its hours, a link to the page. */
export function CustomerServiceCard({
  phone,
  hours = 'Mon-Fri 8 AM-5 PM MST',
  headingLevel = 'h2',
}: {
  phone: string;
  hours?: string;
  headingLevel?: 'h2' | 'h3';
}) {
  return (
    <Box
      as="section"
      aria-labelledby="customer-service-card-heading"
      bg="bg"
      color="fg"
      borderRadius="md"
      p="4"
      shadow="sm"
      data-testid="customer-service-card"
    >
      <Heading as={headingLevel} id="customer-service-card-heading" size="md" mb="2">
        Customer Service
      </Heading>
      <Stack gap="1">
        <ChakraLink href={telHref(phone)} color="brand.fg" fontWeight="semibold" fontSize="lg">
          <PhoneIcon size="1em" />
          {phone}
        </ChakraLink>
        <Text fontSize="sm" color="fg.muted">
          {hours}
        </Text>
        <ChakraLink asChild color="brand.fg" textDecoration="underline" fontSize="sm">
          <Link to="/customer-service">Contact customer service</Link>
        </ChakraLink>
      </Stack>
    </Box>
  );
}
