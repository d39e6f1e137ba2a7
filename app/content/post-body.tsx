import { cx, sx } from '~/lib/theme/static-css';

const body = sx({
  '& h2': { fontSize: '2xl', fontWeight: 'bold', mt: '8', mb: '3' },
  '& h3': { fontSize: 'xl', fontWeight: 'semibold', mt: '6', mb: '2' },
  '& p': { mb: '4' },
  '& ul, & ol': { ps: '6', mb: '4' },
  '& ul': { listStyleType: 'disc' },
  '& ol': { listStyleType: 'decimal' },
  '& li': { mb: '1' },
  '& a': { color: 'brand.fg', textDecoration: 'underline' },
  '& img': { maxW: '100%', h: 'auto', borderRadius: 'md', my: '4' },
  '& table': { width: '100%', borderCollapse: 'collapse', mb: '4' },
  '& th, & td': { borderWidth: '1px', p: '2', textAlign: 'start' },
  '& blockquote': {
    borderStartWidth: '4px',
    borderColor: 'accent.solid',
    ps: '4',
    fontStyle: 'italic',
  },
  lineHeight: 'tall',
});

/**
 * Sanitised post HTML (the content service strips scripts, handlers and styles) with readable
 * typography.
 */
export function PostBody({ html }: { html: string }) {
  return <div className={cx('post-body', body)} dangerouslySetInnerHTML={{ __html: html }} />;
}
