/**
 * The store carousel's captions and the store list kept in agreement (docs/content.md "Store
 * carousel"): a caption that tells a store's hours writes `{hours}` and names the store
 * (`store`, its store number); the hours are then worded from the store's own weekly hours
 * ('every day from 6 AM to midnight'), so a change to the hours changes the caption. A caption
 * that writes a clock time itself is reported by the content check.
 */
import { describeWeekHours } from '~/stores/hours';
import type { Location, StoreSlide } from './types';

export const HOURS_TOKEN = '{hours}';

/** '11 PM', '6:30 am', 'midnight', 'noon': a caption that says these is telling hours. */
const CLOCK_TIME = /\b\d{1,2}(?::\d{2})?\s*(?:a\.?m\.?|p\.?m\.?)(?=\W|$)|\bmidnight\b|\bnoon\b/i;

const storeOf = (slide: StoreSlide, locations: readonly Location[]) =>
  slide.store ? (locations.find((l) => l.storeNumber === slide.store && !l.hidden) ?? null) : null;

/** The caption as shown: `{hours}` worded from the slide's store's weekly hours. */
export function slideCaption(slide: StoreSlide, locations: readonly Location[]): string {
  if (!slide.caption.includes(HOURS_TOKEN)) return slide.caption;
  const store = storeOf(slide, locations);
  const hours = store ? describeWeekHours(store.hours) : null;
  // The check reports a slide that gets here; its sentence still reads.
  return slide.caption.split(HOURS_TOKEN).join(hours ?? 'daily (see the store’s page for hours)');
}

/** What is wrong with a slide against the store list, in words; empty when nothing is. */
export function slideProblems(slide: StoreSlide, locations: readonly Location[]): string[] {
  const problems: string[] = [];
  const time = CLOCK_TIME.exec(slide.caption.split(HOURS_TOKEN).join(''));
  if (time) {
    problems.push(
      `the caption says '${time[0]}': write ${HOURS_TOKEN} and the slide's store ("store": its store number) so the caption follows the store's hours`,
    );
  }
  if (slide.store !== null) {
    const store = storeOf(slide, locations);
    if (!store) problems.push(`store ${slide.store} is no visible store of retailer-info.json`);
    else if (slide.caption.includes(HOURS_TOKEN) && !describeWeekHours(store.hours)) {
      problems.push(
        `${HOURS_TOKEN}: the hours of store ${slide.store} cannot be read for every day`,
      );
    }
  } else if (slide.caption.includes(HOURS_TOKEN)) {
    problems.push(`${HOURS_TOKEN} needs the slide's store ("store": its store number)`);
  }
  return problems;
}
