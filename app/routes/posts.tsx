import type { LoaderFunctionArgs } from '@remix-run/node';
import { Outlet, useLoaderData } from '@remix-run/react';
import { CategoriesNav } from '~/content/categories-nav';
import { sx } from '~/lib/theme/static-css';
import { postsLayout } from '~/content/pages.server';

const styles = {
  grid: sx({
    display: 'grid',
    gridTemplateColumns: { base: '1fr', md: '1fr 240px' },
    maxW: '7xl',
    mx: 'auto',
    px: '4',
    py: '8',
    gap: '8',
  }),
  content: sx({ minW: '0' }),
  page: sx({ maxW: '7xl', mx: 'auto', px: '4', py: '8' }),
};

/** /posts parent: the categories list around every post list and post. */
export async function loader({ context }: LoaderFunctionArgs) {
  return postsLayout(context);
}

export { headers } from '~/lib/http/cache.server';

export default function PostsLayout() {
  const { categories, variant } = useLoaderData<typeof loader>();
  if (variant === 'aside') {
    return (
      <div className={styles.grid}>
        <div className={styles.content}>
          <Outlet />
        </div>
        <aside>
          <CategoriesNav categories={categories} variant="aside" />
        </aside>
      </div>
    );
  }
  return (
    <div className={styles.page}>
      <CategoriesNav categories={categories} variant="tabs" />
      <Outlet />
    </div>
  );
}
