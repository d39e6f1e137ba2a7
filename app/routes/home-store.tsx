import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { homeStoreAction } from '~/stores/home-store/home-store.server';

export async function action({ request, context }: ActionFunctionArgs) {
  return homeStoreAction(request, context);
}

export async function loader() {
  return redirect('/');
}
