import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { accountPageStyles as styles } from '~/accounts/account-page-styles';
import { PostBody } from '~/content/post-body';
import { accountDocument } from '~/accounts/documents.server';
import { pageMeta } from '~/lib/meta';

/** The rewards privacy policy (content), open to everyone: registration links to it. */
export async function loader({ context }: LoaderFunctionArgs) {
  const document = accountDocument(context, 'privacy');
  if (!document) throw data(null, { status: 404 });
  return { document };
}

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
