import type { AppLoadContext } from '@remix-run/node';
import { loyaltyClientFor } from './credentials.server';

/** The loyalty client of the request's brand (cached per brand and configuration). */
export function loyaltyFor(context: AppLoadContext) {
  return loyaltyClientFor(context.tenant, context.services.env, context.services.loyalty.embedded);
}
