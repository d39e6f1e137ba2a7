/** The PostgreSQL schema that holds every table of the site store (kept apart from the loyalty
 * service's `public` when both share one database). */
export const SITE_SCHEMA = 'site';
