import type { Tenant } from './schema';

/**
 * The part of a tenant that may reach the browser: no environment variable names, no service
 * secrets, no file paths.
 */
export function publicTenant(t: Tenant) {
  return {
    sitePath: t.sitePath,
    origin: t.origin,
    retailerName: t.retailerName,
    title: t.title,
    rewards: t.rewards,
    theme: t.theme,
    logo: t.logo ?? null,
    favicon: t.favicon ?? null,
    surveyUrl: t.surveyUrl ?? null,
    social: t.social,
    copyrightCredit: t.copyrightCredit,
    customerService: t.customerService ?? null,
    menus: t.menus,
    hiddenElements: t.hiddenElements,
    footerSignupHiddenOn: t.footerSignupHiddenOn,
    features: t.features,
    systemBarText: t.systemBarText ?? null,
    stickyBarText: t.stickyBarText ?? null,
    registration: t.registration,
    stores: t.stores,
    newsletter: { variant: t.newsletter.variant },
    afterLogIn: t.afterLogIn ?? null,
    analytics: t.analytics,
  };
}
export type PublicTenant = ReturnType<typeof publicTenant>;
