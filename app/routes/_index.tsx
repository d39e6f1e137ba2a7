import { Box, Heading } from '@chakra-ui/react';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { pageMeta } from '~/lib/meta';

export async function loader({ context }: LoaderFunctionArgs) {
  const home = context.services.content.home(context.tenant.sitePath);
  return { home: home ? { title: home.title, html: home.html, description: home.description } : null };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, data?.home?.title ?? 'Home', data?.home?.description);

export default function Home() {
  const { home } = useLoaderData<typeof loader>();
  return (
    <Box maxW="6xl" mx="auto" px="4" py="8">
      <Heading as="h1">{home?.title}</Heading>
      <Box dangerouslySetInnerHTML={{ __html: home?.html ?? '' }} />
    </Box>
  );
}
