/**
 * The sign-up forms' store choices (docs/reference/newsletter.md "Rules"), as pure rules.
 */

/** A select option: what is posted and what is shown. */
export interface StoreOption {
  value: string;
  label: string;
}

/** The placeholder of a pharmacy store option that names the brand itself. */
export const PRODUCT_TOKEN = '{product}';

/** Longest `store` parameter looked at (a longer one matches nothing anyway). */
const MAX_STORE_PARAM = 100;

/**
 * The pharmacy dialog's store options from the tenant's list: `{product}` becomes the retailer's
 * name in capitals, surrounding spaces go, and a duplicate (in any case) is shown once, the first.
 */
export function pharmacyStoreOptions(stores: readonly string[], retailerName: string): string[] {
  const seen = new Set<string>();
  const options: string[] = [];
  for (const store of stores) {
    const label = store.split(PRODUCT_TOKEN).join(retailerName.toUpperCase()).trim();
    const key = label.toLowerCase();
    if (!label || seen.has(key)) continue;
    seen.add(key);
    options.push(label);
  }
  return options;
}

/**
 * The `store` parameter as a name: dashes become spaces and each word is capitalised ('main-street'
 * → 'Main Street'). Null when there is nothing to read.
 */
export function storeParamName(param: string | null | undefined): string | null {
  if (typeof param !== 'string') return null;
  const words = param.slice(0, MAX_STORE_PARAM).replace(/-/g, ' ').split(/\s+/).filter(Boolean);
  if (words.length === 0) return null;
  return words.map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()).join(' ');
}

/** Letters and digits only, lower case: "JOE'S" and 'joes' read alike. */
const loose = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/**
 * The option a `store` parameter pre-selects: the option equal to its name (dashes to spaces, words
 * capitalised) in any case; failing that, the one that reads the same without punctuation
 * ('joes-market' for "JOE'S MARKET"). Null when none does.
 */
export function storeFromParam(
  param: string | null | undefined,
  options: readonly string[],
): string | null {
  const name = storeParamName(param);
  if (!name) return null;
  const lower = name.toLowerCase();
  const exact = options.find((o) => o.toLowerCase() === lower);
  if (exact) return exact;
  const key = loose(name);
  return (key && options.find((o) => loose(o) === key)) || null;
}
