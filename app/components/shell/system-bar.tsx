import { Box } from '@chakra-ui/react';

/** A thin notice above the app bar (tenant `systemBarText`). */
export function SystemBar({ text }: { text: string }) {
  return (
    <Box
      as="section"
      aria-label="Site notice"
      bg="gray.900"
      color="white"
      fontSize="sm"
      textAlign="center"
      px="4"
      py="1.5"
      data-testid="system-bar"
    >
      {text}
    </Box>
  );
}
