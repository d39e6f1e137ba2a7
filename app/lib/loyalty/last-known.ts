import { denverDate, SHOPPER_TIME_ZONE } from '@common/dates';

/**
 * The time of the last-known answers a page shows while the loyalty service is down (see
 * shopper-reads.server.ts), as a shopper reads it: '10:42 AM' today, 'Nov 27, 10:42 PM' before.
 * Client-safe: the page is rendered with the label the loader worked out.
 */
const TIME = new Intl.DateTimeFormat('en-US', {
  timeZone: SHOPPER_TIME_ZONE,
  hour: 'numeric',
  minute: '2-digit',
});
const DAY_AND_TIME = new Intl.DateTimeFormat('en-US', {
  timeZone: SHOPPER_TIME_ZONE,
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** '10:42 AM' when `asOf` is today (Denver), else 'Nov 27, 10:42 PM'; null for null. */
export function lastKnownLabel(asOf: number | null, now = Date.now()): string | null {
  if (asOf === null || !Number.isFinite(asOf)) return null;
  return (denverDate(asOf) === denverDate(now) ? TIME : DAY_AND_TIME).format(asOf);
}

/** What the page says above data it shows from the last-known store. */
export function lastKnownMessage(label: string): string {
  return `Shown as of ${label}: the latest is not available right now. Please try again in a few minutes.`;
}
