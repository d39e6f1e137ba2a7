import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { accountPageStyles as styles } from '~/accounts/account-page-styles';
import { PostBody } from '~/content/post-body';
import { privacyLoader } from '~/accounts/documents.server';
import { pageMeta } from '~/lib/meta';

/** The rewards privacy policy (content), open to everyone: registration links to it. */
export async function loader({ context }: LoaderFunctionArgs) {
  return privacyLoader(context);
}

export { headers } from '~/lib/http/cache.server';

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  pageMeta(matches, data?.document.title ?? 'Privacy Policy');

export default function AccountPrivacyPage() {
  const { document } = useLoaderData<typeof loader>();
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{document.title}</h1>
      <PostBody html={document.html} />
    </div>
  );
}
