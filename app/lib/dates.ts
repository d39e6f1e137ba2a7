const SHORT = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'America/Denver',
});
const LONG = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'America/Denver',
});

/** Dates shown to shoppers are in Denver time (spec accounts §9). */
export function formatDate(iso: string | null | undefined, style: 'short' | 'long' = 'short') {
  if (!iso) return '';
  const d = new Date(iso.length === 10 ? `${iso}T12:00:00Z` : iso);
  if (Number.isNaN(d.getTime())) return '';
  return (style === 'long' ? LONG : SHORT).format(d);
}
