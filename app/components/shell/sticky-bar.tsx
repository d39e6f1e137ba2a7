import { Box } from '@chakra-ui/react';

/** A promotional line under the app bar that stays at the top while the page scrolls. */
export function StickyBar({ text }: { text: string }) {
  return (
    <Box
      as="section"
      aria-label="Notice"
      position="sticky"
      top="0"
      zIndex="sticky"
      bg="accent.solid"
      color="accent.contrast"
      fontWeight="medium"
      fontSize="sm"
      textAlign="center"
      px="4"
      py="2"
      data-testid="sticky-bar"
    >
      {text}
    </Box>
  );
}
