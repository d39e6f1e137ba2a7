import type { ReactNode } from 'react';
import { sx, sxRecipe } from '~/lib/theme/static-css';
import { PostBody } from './post-body';

const styles = {
  article: sx({ maxW: '3xl', mx: 'auto', px: '4', py: '8' }),
  title: sxRecipe('heading', { size: '3xl' }, { mb: '6' }),
};

/** A content page: its title and text, then what the page hosts (an e-mail sign-up). */
export function ContentPage({
  page,
  children,
}: {
  page: { title: string; html: string };
  children?: ReactNode;
}) {
  return (
    <article className={styles.article}>
      <h1 className={styles.title}>{page.title}</h1>
      <PostBody html={page.html} />
      {children}
    </article>
  );
}
