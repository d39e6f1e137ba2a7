import { Link } from '@remix-run/react';
import { formatShopperDate } from '@common/dates';
import { cx, sx, sxRecipe } from '~/lib/theme/static-css';
import { useLinkPrefetch } from '~/lib/browser/link-prefetch';

/** Chakra's LinkOverlay class: the card's other links are lifted above the overlay. */
const OVERLAY = 'chakra-linkbox__overlay';

const styles = {
  // Chakra's <LinkBox>: the heading link's ::before covers the whole card.
  card: sx({
    [`& a[href]:not(.${OVERLAY}), abbr[title]`]: { position: 'relative', zIndex: 1 },
    position: 'relative',
    borderWidth: '1px',
    borderRadius: 'md',
    overflow: 'hidden',
    bg: 'bg',
    _hover: { shadow: 'md' },
    _focusWithin: { shadow: 'outline' },
  }),
  image: sx({ objectFit: 'cover', aspectRatio: 2.13, w: 'full' }),
  body: sx({ p: '4' }),
  date: sx({ fontSize: 'sm', color: 'fg.muted' }),
  heading: sxRecipe('heading', { size: 'md' }, { mt: '1' }),
  overlay: sx({
    position: 'static',
    '&::before': {
      content: "''",
      cursor: 'inherit',
      display: 'block',
      position: 'absolute',
      top: 0,
      left: 0,
      zIndex: 0,
      width: '100%',
      height: '100%',
    },
  }),
  description: sx({ mt: '2', color: 'fg.muted', lineClamp: 3 }),
};

export interface PostSummary {
  slug: string;
  path: string;
  title: string;
  description: string | null;
  date: string | null;
  coverImage: string | null;
  altText: string | null;
}

export function PostCard({
  post,
  headingLevel = 'h2',
}: {
  post: PostSummary;
  headingLevel?: 'h2' | 'h3';
}) {
  const Heading = headingLevel;
  // No prefetching on 2g, with data saver on, or offline.
  const prefetch = useLinkPrefetch('intent');
  return (
    <article className={styles.card}>
      {post.coverImage ? (
        <img
          src={post.coverImage}
          alt={post.altText ?? ''}
          className={styles.image}
          loading="lazy"
        />
      ) : null}
      <div className={styles.body}>
        {post.date ? <p className={styles.date}>{formatShopperDate(post.date)}</p> : null}
        <Heading className={styles.heading}>
          <Link to={post.path} prefetch={prefetch} className={cx(OVERLAY, styles.overlay)}>
            {post.title}
          </Link>
        </Heading>
        {post.description ? <p className={styles.description}>{post.description}</p> : null}
      </div>
    </article>
  );
}
