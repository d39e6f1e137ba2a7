import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { bannerReportAction } from '~/content/banner-report.server';

/** Banner views and clicks, posted by the browser with sendBeacon (app/shell/site-banner.tsx). */
export async function action({ request, context }: ActionFunctionArgs) {
  return bannerReportAction(request, context);
}

export async function loader() {
  return redirect('/');
}
