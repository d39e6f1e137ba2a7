/**
 * The charity picker's rules (docs/reference/rewards.md "Charity"; on
 * success 'Your charity has been updated.'): the list as the page shows it (grouped by
 * charityDescription, or schools searched by name, district or ZIP), the change plan, the form
 * schema and the page's sentences. No I/O: the page and the server both use it.
 */
import { z } from 'zod';

/** The page's address (links from /rewards and /account, the form's action, redirects). */
export const CHARITY_PATH = '/rewards/charity';
/** The form's name in the action's replies (`formFailure`'s intent). */
export const CHARITY_FORM = 'charity';

/** docs/reference/rewards.md "Messages". */
export const CHARITY_UPDATED_MESSAGE = 'Your charity has been updated.';
/** No radio chosen (no text is prescribed). */
export const CHOOSE_CHARITY_MESSAGE = 'Please choose a charity.';
/** A posted id that is not one of the brand's charities (a stale page or a hand-made post). */
export const UNKNOWN_CHARITY_MESSAGE = 'Please choose a charity from the list.';
/** The shopper has no enrolled charity yet. */
export const NO_CHARITY_MESSAGE = 'You have not chosen a charity yet.';

/** The current charity, stated above the list. */
export const youSupportMessage = (name: string) => `You support ${name}.`;
/** Choosing the charity already enrolled: nothing is sent to the loyalty service. */
export const alreadyYourCharityMessage = (name: string) => `${name} is already your charity.`;

/** The live count of a school search. */
export function schoolMatchesMessage(count: number, query: string): string {
  if (count === 0) return `No matches for “${query}”.`;
  return `${count} ${count === 1 ? 'match' : 'matches'} for “${query}”.`;
}

/** What the page shows of a charity (notes is the school's name, charityDescription its group). */
export interface CharityOption {
  id: string;
  name: string;
  /** The district or group ('' when the service gives none). */
  group: string;
  zipCode: string;
}

/** A charity record as the loyalty client returns it (types.ts Charity / UserCharity). */
export interface CharityRecord {
  charityId: string;
  charityDescription?: string | null;
  notes?: string | null;
  zipCode?: string | null;
}

const clean = (value: string | null | undefined) =>
  (value ?? '')
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** A record as shown: named by its notes, else its group, else its id. */
export function toCharityOption(record: CharityRecord): CharityOption {
  const group = clean(record.charityDescription);
  return {
    id: record.charityId,
    name: clean(record.notes) || group || `Charity ${record.charityId}`,
    group,
    zipCode: clean(record.zipCode),
  };
}

/** Alphabetical as a reader expects: case and accents aside, 'School 2' before 'School 10'. */
export function compareText(a: string, b: string): number {
  return (
    a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true }) || (a < b ? -1 : a > b ? 1 : 0)
  );
}

/** The brand's charities by name (then id), each id once (the first record wins). */
export function charityOptions(records: readonly CharityRecord[]): CharityOption[] {
  const seen = new Set<string>();
  const options: CharityOption[] = [];
  for (const record of records) {
    if (seen.has(record.charityId)) continue;
    seen.add(record.charityId);
    options.push(toCharityOption(record));
  }
  return options.sort((a, b) => compareText(a.name, b.name) || compareText(a.id, b.id));
}

/** Charities without a group are listed last under this legend. */
export const OTHER_GROUP = 'Other charities';

export interface CharityGroup {
  name: string;
  charities: CharityOption[];
}

/**
 * The grouped variant: one group per charityDescription in alphabetical order, charities by name
 * inside each; charities without a description last, as 'Other charities'.
 */
export function groupCharities(options: readonly CharityOption[]): CharityGroup[] {
  const groups = new Map<string, CharityOption[]>();
  for (const option of options) {
    const list = groups.get(option.group);
    if (list) list.push(option);
    else groups.set(option.group, [option]);
  }
  return [...groups]
    .sort(([a], [b]) => (a === '' ? 1 : b === '' ? -1 : compareText(a, b)))
    .map(([name, charities]) => ({
      name: name || OTHER_GROUP,
      charities: [...charities].sort(
        (a, b) => compareText(a.name, b.name) || compareText(a.id, b.id),
      ),
    }));
}

/** Longest school search kept (the box's maxLength). */
export const MAX_CHARITY_QUERY = 100;

/** The search box's value as the page keeps it: one line, at most MAX_CHARITY_QUERY characters. */
export function normaliseCharityQuery(value: unknown): string {
  if (typeof value !== 'string') return '';
  return clean(value).slice(0, MAX_CHARITY_QUERY).trim();
}

/**
 * Lower case without accents; apostrophes dropped ("O'Neil" is "oneil"), other punctuation a
 * space between words.
 */
function folded(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['‘’`´]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** A ZIP+4 searches as its five-digit ZIP (the charities carry five digits). */
const zipPlusFour = /^(\d{5})-\d{4}$/;

/** The words of a search, folded (a ZIP+4 as its ZIP). */
function queryWords(query: string): string[] {
  return normaliseCharityQuery(query)
    .split(' ')
    .map((word) => word.replace(zipPlusFour, '$1'))
    .flatMap((word) => folded(word).split(' '))
    .filter(Boolean);
}

/**
 * Whether a school matches every word of the search, in its name (notes), district
 * (charityDescription) or ZIP, in any order, case and accents aside. A word matches the start of
 * a word ('elem' finds Elementary, '847' the ZIP 84720; 'ntary' finds nothing). An empty search
 * matches all.
 */
export function schoolMatches(option: CharityOption, query: string): boolean {
  const words = queryWords(query);
  if (!words.length) return true;
  const haystack = ` ${folded(`${option.name} ${option.group} ${option.zipCode}`)}`;
  return words.every((word) => haystack.includes(` ${word}`));
}

/** The ids of the schools matching a search, in list order, and how many. */
export function searchSchools(
  options: readonly CharityOption[],
  query: string,
): { ids: Set<string>; count: number } {
  const ids = new Set(options.filter((o) => schoolMatches(o, query)).map((o) => o.id));
  return { ids, count: ids.size };
}

/** The ids of the shopper's charity records that are enrolled (isEnrolled). */
export function enrolledIds(records: readonly { charityId: string; isEnrolled: boolean }[]) {
  return [...new Set(records.filter((r) => r.isEnrolled).map((r) => r.charityId))];
}

/**
 * What a change sends ("disenroll the current charity if any, then enroll the new one"):
 * the enrolled charities other than the chosen one to disenroll, in order, then the chosen one to
 * enroll unless it already is. Both empty: nothing to do (it already is the shopper's charity).
 */
export interface CharityPlan {
  disenroll: string[];
  enroll: string | null;
}

export function planCharityChange(current: readonly string[], chosen: string): CharityPlan {
  return {
    disenroll: current.filter((id) => id !== chosen),
    enroll: current.includes(chosen) ? null : chosen,
  };
}

export const isNoChange = (plan: CharityPlan) => plan.disenroll.length === 0 && !plan.enroll;

/**
 * The change form: one charityId, which must be one of `ids` (the brand's charities) when given.
 * The page validates without the list; the action checks it against the service's list.
 */
export function charityChangeSchema(ids?: readonly string[]) {
  const known = ids ? new Set(ids) : null;
  return z.object({
    charityId: z
      .string({
        required_error: CHOOSE_CHARITY_MESSAGE,
        invalid_type_error: UNKNOWN_CHARITY_MESSAGE,
      })
      .trim()
      .min(1, CHOOSE_CHARITY_MESSAGE)
      .max(64, UNKNOWN_CHARITY_MESSAGE)
      .refine((id) => !known || known.has(id), UNKNOWN_CHARITY_MESSAGE),
  });
}

/**
 * Whether going from one address to the other only changes the school search (`q`) on this page:
 * the list already loaded is filtered again, nothing is fetched.
 */
export function charitySearchOnly(from: URL, to: URL): boolean {
  if (from.pathname !== to.pathname || from.search === to.search) return false;
  const rest = (url: URL) => {
    const params = new URLSearchParams(url.search);
    params.delete('q');
    params.sort();
    return params.toString();
  };
  return rest(from) === rest(to);
}
