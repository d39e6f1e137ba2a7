import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
} from 'react-router-dom/server';

/**
 * Server-renders a shell piece inside Chakra and a static data router (links and fetchers need
 * one), as the first HTML a shopper without JavaScript gets. Style tags are stripped.
 */
export async function renderServer(node: ReactNode, path = '/'): Promise<string> {
  const handler = createStaticHandler([{ path: '*', element: node }]);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error('unexpected redirect');
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <ChakraProvider value={defaultSystem}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </ChakraProvider>,
  );
  return html.replace(/<style[^>]*>[\s\S]*?<\/style>/g, '');
}

/** Text content of rendered HTML (tags removed, whitespace squeezed). */
export function textOf(html: string): string {
  return html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
