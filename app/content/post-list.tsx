import { Link } from '@remix-run/react';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import { PostCard, type PostSummary } from './post-card';

const styles = {
  heading: sxRecipe('heading', { size: '2xl' }, { mb: '6' }),
  grid: sx({
    display: 'grid',
    gridTemplateColumns: {
      base: 'repeat(1, minmax(0, 1fr))',
      sm: 'repeat(2, minmax(0, 1fr))',
      lg: 'repeat(3, minmax(0, 1fr))',
    },
    gap: '6',
    listStyleType: 'none',
  }),
  more: sx({ textAlign: 'center', mt: '8' }),
  moreLink: sxRecipe('button', { variant: 'outline', size: 'md' }, { colorPalette: 'brand' }),
};

/** A grid of posts with a 'Show more' link that works without JavaScript (?page=N+1). */
export function PostList({
  title,
  posts,
  page,
  pages,
  basePath,
}: {
  title: string;
  posts: PostSummary[];
  page: number;
  pages: number;
  basePath: string;
}) {
  return (
    <div>
      <h1 className={styles.heading}>{title}</h1>
      {posts.length === 0 ? (
        <p>There are no posts here yet. Please check back soon.</p>
      ) : (
        <ul className={styles.grid}>
          {posts.map((p) => (
            <li key={p.path}>
              <PostCard post={p} />
            </li>
          ))}
        </ul>
      )}
      {page < pages ? (
        <div className={styles.more}>
          <Link to={`${basePath}?page=${page + 1}`} preventScrollReset className={styles.moreLink}>
            Show More
          </Link>
        </div>
      ) : null}
    </div>
  );
}
