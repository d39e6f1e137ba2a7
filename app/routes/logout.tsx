import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { logoutAction } from '~/accounts/logout.server';

export async function action({ context }: ActionFunctionArgs) {
  return logoutAction(context);
}

export async function loader() {
  return redirect('/');
}
