import { Box, Grid } from '@chakra-ui/react';
import type { LoaderFunctionArgs } from '@remix-run/node';
import { Outlet, useLoaderData } from '@remix-run/react';
import { CategoriesNav } from '~/components/content/categories-nav';

/** /posts parent: the categories list around every post list and post. */
export async function loader({ context }: LoaderFunctionArgs) {
  return {
    categories: context.services.content.categories(context.tenant.sitePath),
    variant: context.tenant.features.postCategoriesAs,
  };
}

export default function PostsLayout() {
  const { categories, variant } = useLoaderData<typeof loader>();
  if (variant === 'aside') {
    return (
      <Grid
        maxW="7xl"
        mx="auto"
        px="4"
        py="8"
        gap="8"
        templateColumns={{ base: '1fr', md: '1fr 240px' }}
      >
        <Box minW="0">
          <Outlet />
        </Box>
        <Box as="aside">
          <CategoriesNav categories={categories} variant="aside" />
        </Box>
      </Grid>
    );
  }
  return (
    <Box maxW="7xl" mx="auto" px="4" py="8">
      <CategoriesNav categories={categories} variant="tabs" />
      <Outlet />
    </Box>
  );
}
