import type { LoaderFunctionArgs } from '@remix-run/node';
import { cacheHeaders } from '~/lib/http/cache.server';
import { previewCardsOfPage } from '~/weekly-ad/preview.server';

/**
 * GET /weekly-ad/preview?page=<ad page>: the weekly-ad preview's cards as JSON, for a home page
 * rendered before the ad viewer answered (app/weekly-ad/preview-slider.tsx asks for them). Only
 * the brand's own ad pages (404 otherwise). The same for every guest of the brand: shared while
 * it has cards; an ad viewer that is down is not remembered by a shared cache.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const page = new URL(request.url).searchParams.get('page') ?? '';
  const reply = await previewCardsOfPage(context, page);
  if (!reply) {
    return Response.json(
      { error: 'Not found' },
      { status: 404, headers: cacheHeaders(context, 'personal') },
    );
  }
  return Response.json(reply, {
    headers: cacheHeaders(context, reply.cards.length ? 'shared' : 'personal'),
  });
}
