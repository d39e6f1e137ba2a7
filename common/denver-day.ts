/**
 * The Denver calendar day of an instant, with nothing but the platform's Intl: the one date rule
 * a form's client-side checks need (a birth date may not be after today), kept apart from
 * `./dates` so that pages whose only date work is this one (/register and /login) do not load
 * dayjs, which counts against their first-load JavaScript budget. `./dates` uses it too: one
 * rule.
 */
export const SHOPPER_TIME_ZONE = 'America/Denver';

const dayParts = new Intl.DateTimeFormat('en-US', {
  timeZone: SHOPPER_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** `YYYY-MM-DD` in Denver (daylight saving followed) of epoch milliseconds; now by default. */
export function denverDayOf(epochMs: number = Date.now()): string {
  let year = '';
  let month = '';
  let day = '';
  for (const part of dayParts.formatToParts(epochMs)) {
    if (part.type === 'year') year = part.value;
    else if (part.type === 'month') month = part.value;
    else if (part.type === 'day') day = part.value;
  }
  return `${year.padStart(4, '0')}-${month}-${day}`;
}
