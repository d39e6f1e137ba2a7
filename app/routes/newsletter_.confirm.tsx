import type {
  ActionFunctionArgs,
  HeadersFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from '@remix-run/node';
import { headers as cacheHeaders } from '~/lib/http/cache.server';
import { pageMeta } from '~/lib/meta';
import { LinkPage } from '~/newsletter/link-page';
import { confirmPageAction, confirmPageLoader } from '~/newsletter/link-pages.server';
import { LINK_PAGE_MESSAGES } from '~/newsletter/link-page-messages';

/** The page a sign-up e-mail links to (~/newsletter/link-pages.server.ts). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return confirmPageLoader(request, context);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return confirmPageAction(request, context);
}

/**
 * Its address holds a token: never sent to another site as a referrer (same-origin, not
 * no-referrer: the button's post needs its Origin header), never indexed.
 */
export const headers: HeadersFunction = (args) => {
  const out = new Headers(cacheHeaders(args));
  out.set('Referrer-Policy', 'same-origin');
  out.set('X-Robots-Tag', 'noindex');
  return out;
};

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, LINK_PAGE_MESSAGES.confirmTitle),
  { name: 'robots', content: 'noindex' },
  { name: 'referrer', content: 'same-origin' },
];

export default function NewsletterConfirmPage() {
  return <LinkPage />;
}
