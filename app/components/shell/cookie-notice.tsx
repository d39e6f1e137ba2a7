import { Box, Button, Flex, Link as ChakraLink, Text } from '@chakra-ui/react';
import { Link, useLocation } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { createAnalytics, type Analytics } from '~/lib/analytics';
import { getEntry, setEntry } from '~/lib/local-store';

export const COOKIE_NOTICE_KEY = 'dismissed_cookie_notice';
/** Spec §9: 120 px on wide screens, 250 px on narrow ones. */
const HEIGHT = { base: '250px', md: '120px' } as const;

/**
 * Cookie notice and analytics (spec §4), rendered only when the tenant enables analytics.
 * JavaScript only, so a shopper who dismissed it never sees it flash: nothing is rendered until
 * the stored flag has been read. Dismissing stores 'dismissed_cookie_notice' (no expiry) and
 * starts analytics; when already dismissed, analytics starts at once. Page views go to the
 * tenant's data layer 250 ms after each route change.
 */
export function CookieNotice({ dataLayerName }: { dataLayerName: string }) {
  const location = useLocation();
  const analytics = useRef<Analytics | null>(null);
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const a = createAnalytics({ dataLayerName });
    analytics.current = a;
    if (getEntry(COOKIE_NOTICE_KEY) !== null) a.start();
    else setVisible(true);
    return () => {
      a.dispose();
      analytics.current = null;
    };
  }, [dataLayerName]);

  const path = location.pathname + location.search;
  useEffect(() => {
    analytics.current?.routeChanged(path);
    // location.key: the same address visited again is a new page view too.
  }, [path, location.key]);

  if (!visible) return null;

  function dismiss() {
    setEntry(COOKIE_NOTICE_KEY, true);
    setVisible(false);
    analytics.current?.start();
  }

  return (
    <>
      {/* Keeps the footer's end readable above the fixed notice. */}
      <Box h={HEIGHT} aria-hidden="true" />
      <Box
        as="section"
        aria-label="Cookie notice"
        position="fixed"
        insetX="0"
        bottom="0"
        zIndex="banner"
        minH={HEIGHT}
        bg="gray.900"
        color="white"
        shadow="lg"
        display="flex"
        alignItems="center"
        data-testid="cookie-notice"
      >
        <Flex
          maxW="7xl"
          mx="auto"
          px="4"
          py="4"
          gap="4"
          w="full"
          direction={{ base: 'column', md: 'row' }}
          align={{ base: 'stretch', md: 'center' }}
        >
          <Text flex="1">
            We use cookies to understand how our site is used and to improve your shopping. By
            continuing, you agree to our use of cookies. Read our{' '}
            <ChakraLink asChild color="white" textDecoration="underline" focusRingColor="white">
              <Link to="/privacy">privacy policy</Link>
            </ChakraLink>
            .
          </Text>
          <Button
            onClick={dismiss}
            bg="white"
            color="gray.900"
            _hover={{ bg: 'gray.200' }}
            focusRingColor="white"
            flexShrink={0}
          >
            Got it
          </Button>
        </Flex>
      </Box>
    </>
  );
}
