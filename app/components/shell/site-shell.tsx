import { Box } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function SiteShell({ children }: { children: ReactNode }) {
  return (
    <Box minH="100vh" display="flex" flexDirection="column">
      <Box as="main" id="main" flex="1">
        {children}
      </Box>
    </Box>
  );
}
