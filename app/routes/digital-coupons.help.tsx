import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { PostBody } from '~/content/post-body';
import { pageMeta } from '~/lib/meta';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import { namedPage } from '~/content/pages.server';

const styles = {
  article: sx({ maxW: '3xl', mx: 'auto', px: '4', py: '8' }),
  title: sxRecipe('heading', { size: '3xl' }, { mb: '6' }),
  back: sxRecipe('link', { variant: 'underline' }, { color: 'brand.fg', fontWeight: 'medium' }),
};

/** /digital-coupons/help: the content page `posts/digital-coupons-help.md` (brand, else shared). */
export async function loader({ context }: LoaderFunctionArgs) {
  return namedPage(context, 'digital-coupons-help');
}

export { headers } from '~/lib/http/cache.server';

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta(matches, data?.page.title ?? 'Digital Coupons Help', data?.page.description);

export default function DigitalCouponsHelp() {
  const { page } = useLoaderData<typeof loader>();
  return (
    <article className={styles.article}>
      <h1 className={styles.title}>{page.title}</h1>
      <PostBody html={page.html} />
      <p>
        <Link to="/digital-coupons" className={styles.back}>
          Back to digital coupons
        </Link>
      </p>
    </article>
  );
}
